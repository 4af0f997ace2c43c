import { QuestionCircleOutlined } from '@ant-design/icons';
import { MSG } from '@app/domain';
import { parseId as parseDomainId } from '@app/domain/common/ids';
import { Button, Card, Popover, Result, Skeleton, Tabs, type TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorRetryPage } from '../../../components/error-retry.tsx';
import { conPestana } from '../../../components/list-params.ts';
import { type BreadcrumbEntry, PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api.ts';

/** One field of a record's information card (`TarjetaInformacion`): its label and value. */
export const dato = (label: string, value: ReactNode) => ({ key: label, label, children: value ?? '' });

/** The help icon of a detail page's header. */
export function HelpIcon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Popover
      title={title}
      content={<div style={{ maxWidth: 360 }}>{children}</div>}
      trigger={['click', 'hover']}
    >
      <Button type="text" icon={<QuestionCircleOutlined />} aria-label={`Ayuda: ${title}`} />
    </Popover>
  );
}

/** Tabs whose active tab lives in the URL (`?tab=`), lazily rendered. */
export function UrlTabs({
  items,
  defaultKey,
}: {
  items: NonNullable<TabsProps['items']>;
  defaultKey: string;
}) {
  const [sp, setSp] = useSearchParams();
  const wanted = sp.get('tab');
  const active = items.some((i) => i.key === wanted) ? (wanted as string) : defaultKey;
  return (
    <Card variant="borderless" styles={{ body: { padding: '4px 16px 16px' } }}>
      <Tabs
        activeKey={active}
        destroyOnHidden
        items={items}
        onChange={(key) => setSp((prev) => conPestana(prev, key), { replace: true })}
      />
    </Card>
  );
}

/** Loading, 404 (another tenant's id answers the same as a missing one) and errors of a detail page. */
export function DetailState({
  error,
  loading,
  title,
  breadcrumb,
  back,
  onRetry,
}: {
  error: unknown;
  loading: boolean;
  title: string;
  breadcrumb?: BreadcrumbEntry[];
  back: { href: string; label: string };
  onRetry: () => void;
}) {
  if (
    (error instanceof ApiError && error.status === 404) ||
    (error as { status?: number } | null)?.status === 404
  ) {
    return (
      <Result
        status="404"
        title={MSG.noEncontrado}
        subTitle="El registro no existe o no tiene acceso a él."
        extra={
          <Link to={back.href}>
            <Button type="primary">{back.label}</Button>
          </Link>
        }
      />
    );
  }
  if (error) {
    return <ErrorRetryPage error={error} title="No se pudo cargar el registro." onRetry={onRetry} />;
  }
  if (loading) {
    return (
      <>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </>
    );
  }
  return null;
}

/** A route parameter read as an id, 0 when it is not one (the admin pages test `!id`). */
export const parseId = (v: string | undefined) => parseDomainId(v) ?? 0;
