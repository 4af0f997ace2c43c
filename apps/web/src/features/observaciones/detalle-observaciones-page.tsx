import { parseId } from '@app/domain/common/ids';
import { TIPO_OBSERVACION_TEXTO } from '@app/domain/observaciones/messages';
import { esEstadoObservable } from '@app/domain/observaciones/rules';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useQuery } from '@tanstack/react-query';
import { Card, Result } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { planillaPath } from '../tramites/tramite-rules.ts';
import { obsApi, obsKeys } from './observaciones-api.ts';
import { ObservacionesLista } from './observaciones-lista.tsx';
import { esTipo } from './observaciones-rules.ts';

/**
 * /planilladet_pladetobs/{idTramite}/{estadoTramite}/{idPlanillaDet}/{tipo}/{procesoAm} (docs/spec-summary.md 001
 * §2.4): the observations of one line item. With ?idPlanilla the attention's permissions come from
 * the API; otherwise the route's process flag (1/0) and the state decide what is shown.
 */
export default function DetalleObservacionesPage() {
  const params = useParams();
  const [sp] = useSearchParams();
  const feedback = useFeedback();
  const idTramite = parseId(params.idTramite);
  const idDet = parseId(params.idPlanillaDet);
  const idPlanilla = parseId(sp.get('idPlanilla'));
  const tipo = params.tipo;
  const estado = params.estadoTramite ?? '';
  const valido = idTramite !== null && idDet !== null && esTipo(tipo);

  const q = useQuery({
    queryKey: idPlanilla
      ? obsKeys.planilla(idPlanilla, tipo ?? '')
      : obsKeys.tramite(idTramite ?? 0, { tipo, nivel: 'DETALLE', pageSize: 100 }),
    queryFn: async ({ signal }) => {
      if (!esTipo(tipo)) throw new Error('Tipo inválido');
      if (idPlanilla) return obsApi.planilla(idPlanilla, tipo, signal);
      const r = await obsApi.tramite(idTramite ?? 0, { tipo, nivel: 'DETALLE', pageSize: 100 }, signal);
      return { ...r, permisos: undefined };
    },
    enabled: valido,
  });

  if (!valido)
    return <Result status="404" title="Recurso no encontrado (404)" subTitle="La dirección no es válida." />;

  const items = (q.data?.items ?? []).filter((o) => o.idPlanillaDet === idDet);
  const permisos = q.data?.permisos;
  const puede = permisos
    ? tipo === 'M'
      ? permisos.procesoAM
      : permisos.procesoGD
    : params.procesoAm === '1' && esEstadoObservable(estado);
  const primera = items[0];
  const titulo = primera?.codigoDetalle
    ? `Observaciones del detalle ${primera.codigoDetalle}`
    : 'Observaciones del detalle';
  const migas = [
    { title: 'Trámite', href: `/tramiteform/${idTramite}` },
    ...(idPlanilla
      ? [
          {
            title: 'Atención',
            href: `${planillaPath(idTramite, estado, idPlanilla)}?tab=${tipo === 'M' ? 'obs-am' : 'obs-gd'}`,
          },
        ]
      : []),
    { title: titulo },
  ];
  return (
    <>
      {feedback.contextHolder}
      <PageHeader title={titulo} breadcrumb={migas} tag={<StateTag state={estado} />} />
      <Card
        variant="borderless"
        title={`${TIPO_OBSERVACION_TEXTO[tipo]}${primera?.descripcionDetalle ? ` · ${primera.descripcionDetalle}` : ''}`}
      >
        <ErrorRetry error={q.error} fallback={MSG_PLANILLA.errorLista} onRetry={() => void q.refetch()} />
        <ObservacionesLista
          tipo={tipo}
          items={items}
          loading={q.isFetching}
          puede={puede}
          idPlanillaDet={idDet}
          feedback={feedback}
        />
      </Card>
    </>
  );
}
