import { MSG } from '@app/domain';
import { parseId as parseDomainId } from '@app/domain/common/ids';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { ErrorRetryPage } from './error-retry.tsx';
import { type BreadcrumbEntry, PageHeader } from './page-header.tsx';

/** A record page's record, asked only for a valid id of its route (`parseId`; 0 is a 404). */
export function useRecordQuery<T>(id: number, queryKey: QueryKey, load: (signal: AbortSignal) => Promise<T>) {
  return useQuery({ queryKey, queryFn: ({ signal }) => load(signal), enabled: id > 0 });
}

/**
 * A record page before its record is there: loading (under the breadcrumb's last title), 404 (another
 * tenant's id answers the same as a missing one; back to the breadcrumb's last link) and other
 * errors with 'Reintentar'. Renders nothing once none applies.
 */
export function DetailState({
  query,
  id,
  breadcrumb,
}: {
  query: { error: unknown; isLoading: boolean; refetch: () => unknown };
  id: number;
  breadcrumb: BreadcrumbEntry[];
}) {
  const error = id ? query.error : { status: 404 };
  const back = [...breadcrumb].reverse().find((b) => b.href);
  if (
    (error instanceof ApiError && error.status === 404) ||
    (error as { status?: number } | null)?.status === 404
  ) {
    return (
      <NoEncontrado
        motivo="El registro no existe o no tiene acceso a él."
        volver={back?.href ?? '/MenuPrincipal'}
        texto={`Volver a ${back?.title ?? 'Inicio'}`}
      />
    );
  }
  if (error) {
    return (
      <ErrorRetryPage
        error={error}
        title="No se pudo cargar el registro."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isLoading) {
    return (
      <>
        <PageHeader title={breadcrumb[breadcrumb.length - 1]?.title ?? ''} breadcrumb={breadcrumb} />
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </>
    );
  }
  return null;
}

/**
 * A record that does not exist for this user (another tenant's id answers the same as a missing one): why,
 * and the way back (`texto`, to `volver`).
 */
export function NoEncontrado({ motivo, volver, texto }: { motivo: string; volver: string; texto: string }) {
  return (
    <Result
      status="404"
      title={MSG.noEncontrado}
      subTitle={motivo}
      extra={
        <Link to={volver}>
          <Button type="primary">{texto}</Button>
        </Link>
      }
    />
  );
}

/** A route parameter read as an id, 0 when it is not one (record pages test `!id`). */
export const parseId = (v: string | undefined) => parseDomainId(v) ?? 0;
