import { MSG } from '@app/domain';
import { parseId as parseDomainId } from '@app/domain/common/ids';
import { Button, Card, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { ErrorRetryPage } from './error-retry.tsx';
import { type BreadcrumbEntry, PageHeader } from './page-header.tsx';

/**
 * A record page before its record is there: loading, 404 (another tenant's id answers the same as a
 * missing one) and other errors with 'Reintentar'. Renders nothing once none applies.
 */
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

/** A route parameter read as an id, 0 when it is not one (record pages test `!id`). */
export const parseId = (v: string | undefined) => parseDomainId(v) ?? 0;
