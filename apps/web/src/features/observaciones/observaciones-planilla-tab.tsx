import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { Link } from 'react-router';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import type { Planilla } from '../planilla-form/planilla-api.ts';
import { type ObservacionItem, obsApi, obsKeys } from './observaciones-api.ts';
import { ObservacionesLista } from './observaciones-lista.tsx';
import { detalleObsPath } from './observaciones-rules.ts';

/**
 * The record page's 'Observaciones' tabs (M and D): the attention's and its line items'
 * observations; create / edit / delete with the process flag of the type (docs/spec-summary.md 001 §2.7).
 */
export default function ObservacionesPlanillaTab({
  planilla: p,
  tipo,
}: {
  planilla: Planilla;
  tipo: TipoRevision;
}) {
  const feedback = useFeedback();
  const q = useQuery({
    queryKey: obsKeys.planilla(p.idPlanilla, tipo),
    queryFn: ({ signal }) => obsApi.planilla(p.idPlanilla, tipo, signal),
  });
  const permisos = q.data?.permisos;
  const puede = !!permisos && (tipo === 'M' ? permisos.procesoAM : permisos.procesoGD);
  const nivel = (o: ObservacionItem) =>
    o.nivel === 'PLANILLA' ? (
      'Atención'
    ) : (
      <Link
        to={detalleObsPath(p.idTramite, p.estadoTramite, o.idPlanillaDet ?? 0, tipo, puede, p.idPlanilla)}
        title={o.descripcionDetalle ?? undefined}
      >
        Detalle {o.codigoDetalle ?? ''}
      </Link>
    );
  return (
    <Flex vertical gap={12}>
      {feedback.contextHolder}
      <ErrorRetry error={q.error} fallback={MSG_PLANILLA.errorLista} onRetry={() => void q.refetch()} />
      <ObservacionesLista
        tipo={tipo}
        items={q.data?.items ?? []}
        loading={q.isFetching}
        puede={puede}
        idPlanilla={p.idPlanilla}
        nivel={nivel}
        feedback={feedback}
      />
    </Flex>
  );
}
