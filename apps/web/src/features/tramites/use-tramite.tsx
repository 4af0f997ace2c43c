import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { NoEncontrado } from '../../components/detail-state.tsx';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { ApiError } from '../../lib/api.ts';
import { tramiteKeys, tramitesApi } from './tramites-api.ts';

/** A procedure id that is not a number, or a procedure the user may not see: 404 and the way back. */
export function TramiteNoEncontrado({ invalido, back }: { invalido: boolean; back: string }) {
  return (
    <NoEncontrado
      motivo={invalido ? MSG_TRAMITE.idTramiteInvalido : 'El trámite no existe o no tiene acceso a él.'}
      volver={back}
      texto="Volver a Trámites"
    />
  );
}

/** The procedure of a page, asked only when `enabled` (by default, when its route id is one). */
export function useTramite(idTramite: number | null, enabled = idTramite !== null) {
  return useQuery({
    queryKey: tramiteKeys.detail(idTramite ?? 0),
    queryFn: ({ signal }) => tramitesApi.get(idTramite ?? 0, signal),
    enabled,
  });
}

/**
 * What a procedure page shows before its procedure is there (`useTramite`): 'Trámite no encontrado' for a
 * bad or foreign id (back to `back`), the failure with 'Reintentar', or its header (`cabecera`) over a
 * skeleton while it loads. Null once the procedure is there.
 */
export function esperaTramite(
  idTramite: number | null,
  query: ReturnType<typeof useTramite>,
  back: string,
  cabecera: ReactNode,
): ReactNode {
  if (idTramite === null || (query.error instanceof ApiError && query.error.status === 404))
    return <TramiteNoEncontrado invalido={idTramite === null} back={back} />;
  if (query.isError && !query.data)
    return (
      <ErrorRetryPage
        error={query.error}
        title={MSG_TRAMITE.errorCargar}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data)
    return (
      <>
        {cabecera}
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </>
    );
  return null;
}
