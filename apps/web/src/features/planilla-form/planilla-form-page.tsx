import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NoEncontrado } from '../../components/detail-state.tsx';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEvento } from '../../lib/use-evento.ts';
import { useSession } from '../../lib/use-session.ts';
import { planillaPath } from '../tramites/tramite-rules.ts';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import { PlanillaRecord } from './planilla-record.tsx';
import { breadcrumbPlanilla, parseId, tramitesHref } from './planilla-rules.ts';
import { ProveedorPestana } from './planilla-tabs.tsx';
import { useRevisionRapida } from './use-revision-rapida.tsx';

/** /planillaform/:idTramite/:estadoTramite/:idPlanilla — the attention record page (docs/spec-summary.md 000 §2). */
export default function PlanillaFormPage() {
  const params = useParams();
  const idTramite = parseId(params.idTramite);
  const idPlanilla = parseId(params.idPlanilla);
  const session = useSession();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  const feedback = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const query = useQuery({
    queryKey: planillaKeys.detail(idPlanilla ?? 0),
    queryFn: ({ signal }) => planillaApi.get(idPlanilla ?? 0, signal),
    enabled: idPlanilla !== null,
  });
  const p = query.data;

  // The procedure and its state in the URL follow the record (links from elsewhere may be stale).
  useEffect(() => {
    if (!p) return;
    const canonical = planillaPath(p.idTramite, p.estadoTramite, p.idPlanilla);
    if (decodeURIComponent(location.pathname) !== decodeURIComponent(canonical))
      navigate(`${canonical}${location.search}`, { replace: true });
  }, [p, location.pathname, location.search, navigate]);

  // The attention on screen, for answers that arrive after the user moved on.
  const enPantalla = useRef(idPlanilla);
  enPantalla.current = idPlanilla;

  /** Opens another attention; `cache`: the record already fetched (the next pending one), if there. */
  async function abrir(id: number, cache = false) {
    try {
      const guardada = cache ? queryClient.getQueryData<Planilla>(planillaKeys.detail(id)) : undefined;
      const otra: Planilla =
        guardada ??
        (await queryClient.fetchQuery<Planilla>({
          queryKey: planillaKeys.detail(id),
          queryFn: ({ signal }) => planillaApi.get(id, signal),
          staleTime: 0,
        }));
      const tab = new URLSearchParams(location.search).get('tab');
      // From the cache (the next pending one, fetched ahead): rendered at once, not as a transition
      // that the answers arriving meanwhile would interrupt and restart.
      navigate(
        `${planillaPath(otra.idTramite, otra.estadoTramite, otra.idPlanilla)}${tab ? `?tab=${tab}` : ''}`,
        { flushSync: !!guardada },
      );
    } catch (e) {
      feedback.errorDialog(MSG_PLANILLA.noCargaInfo, (e as Error).message);
    }
  }

  const rapida = useRevisionRapida({ feedback, abrir, actual: () => enPantalla.current });
  // For the records: one object while its functions are the same (useFeedback's own object changes
  // with every render of this page, its holders being new elements each time), so a record kept as
  // it is does not render again (decisions 84 and 87). The page renders the holders itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: same notification and modal, same feedback.
  const feedbackRegistro = useMemo(() => feedback, [feedback.notification, feedback.modal]);
  // Stable handlers: the record (memoized) renders again only when its attention or its state changes.
  const onIr = useEvento((id: number) => void abrir(id, true));
  const onRevisar = useEvento((tipo: TipoRevision, version: number, siguiente: number | null | undefined) => {
    if (p) rapida.registrar(p, tipo, version, siguiente);
  });
  const onRevisada = useEvento((siguiente: number | null) => {
    if (siguiente) void abrir(siguiente);
    else
      feedback.modal.info({
        title: MSG_PLANILLA.sinPendientesTitulo,
        content: MSG_PLANILLA.sinPendientes,
        okText: 'Aceptar',
      });
  });

  const crumbs = breadcrumbPlanilla(
    idPerfil,
    p?.idTramite ?? idTramite ?? 0,
    p?.numeroTramite ?? null,
    p?.numero ?? null,
  );
  const notFound =
    idPlanilla === null ||
    idTramite === null ||
    (query.error instanceof ApiError && query.error.status === 404);

  if (notFound) {
    return (
      <NoEncontrado
        motivo={
          idPlanilla === null
            ? MSG_PLANILLA.parametroIdPlanilla
            : idTramite === null
              ? MSG_PLANILLA.parametroIdTramite
              : 'La atención no existe o no tiene acceso a ella.'
        }
        volver={idTramite ? `/tramiteform/${idTramite}` : tramitesHref(idPerfil)}
        texto={idTramite ? 'Volver al trámite' : 'Volver a Trámites'}
      />
    );
  }
  if (query.isError && !p) {
    return (
      <ErrorRetryPage
        error={query.error}
        title={MSG_PLANILLA.noCargaInfo}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!p) {
    return (
      <>
        <PageHeader title="Atención" breadcrumb={crumbs} />
        <Card variant="borderless" aria-busy="true">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  }
  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={`Atención ${p.numero}`}
        breadcrumb={crumbs}
        tag={<StateTag state={p.estadoTramite} />}
        extra={
          <span style={{ color: 'rgba(0,0,0,0.55)' }}>
            Trámite {p.numeroTramite} · {p.cedula} · {p.nombre}
          </span>
        }
      />
      {/* Not keyed by the attention: kept mounted from one to the next, the auditor's loop
          updates the form and the tables instead of building them again (decision 84). The tab
          of the URL comes from ProveedorPestana: moving to another URL alone does not render the
          record again. */}
      <ProveedorPestana>
        <PlanillaRecord
          planilla={p}
          idPerfil={idPerfil}
          feedback={feedbackRegistro}
          onIr={onIr}
          onRevisar={onRevisar}
          revisando={rapida.revisando === p.idPlanilla}
          onRevisada={onRevisada}
        />
      </ProveedorPestana>
    </>
  );
}
