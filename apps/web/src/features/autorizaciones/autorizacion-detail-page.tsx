import { MSG_AUTORIZACION } from '@app/domain/autorizaciones/messages';
import { parseId } from '@app/domain/common/ids';
import { MSG } from '@app/domain/messages';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Tabs } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NoEncontrado } from '../../components/detail-state.tsx';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { conPestana } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { detailPath } from '../tramites/tramite-rules.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { useTramite } from '../tramites/use-tramite.tsx';
import {
  AtencionesAutorizacion,
  AvisoCarga,
  BotonCargaArchivos,
  fallback,
  InfoAutorizacion,
} from './autorizacion-partes.tsx';
import {
  autorizacionesPath,
  cargaHabilitada,
  migasTramite,
  resolveTabAut,
  TAB_AUT_LABELS,
  type TabAutorizacion,
  tabsAutorizacion,
} from './autorizacion-rules.ts';
import { type AutorizacionDetalle, autorizacionesApi, autorizacionKeys } from './autorizaciones-api.ts';
import { type Resolucion, useResolver } from './use-resolver.tsx';

const LoadsPanel = lazy(() => import('../cargas/loads-panel.tsx'));
/** /tramiteform-carga-aut/{id}/{idAutorizacion}: a procedure seen through one of its authorizations. */
export default function AutorizacionDetailPage() {
  const params = useParams();
  const idTramite = parseId(params.id);
  const idAutorizacion = parseId(params.idAutorizacion);
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const valido = idTramite !== null && idAutorizacion !== null;

  const tramite = useTramite(idTramite, valido);
  const aut = useQuery({
    queryKey: autorizacionKeys.detail(idAutorizacion ?? 0),
    queryFn: ({ signal }) => autorizacionesApi.get(idAutorizacion ?? 0, signal),
    enabled: valido,
  });
  const migas = migasTramite(idPerfil, idTramite ?? 0);

  const noEncontrado =
    !valido ||
    [tramite.error, aut.error].some((e) => e instanceof ApiError && e.status === 404) ||
    (aut.data && tramite.data && aut.data.idTramite !== tramite.data.idTramite);
  if (noEncontrado) {
    return (
      <NoEncontrado
        motivo={
          idTramite === null
            ? MSG_TRAMITE.idTramiteInvalido
            : 'La autorización no existe, no pertenece al trámite o no tiene acceso a ella.'
        }
        volver={migas[0].href ?? '/'}
        texto="Volver a Trámites"
      />
    );
  }
  const error = tramite.error ?? aut.error;
  if (error && !(tramite.data && aut.data)) {
    return (
      <ErrorRetryPage
        error={error}
        title="No se pudo cargar la autorización."
        onRetry={() => {
          void tramite.refetch();
          void aut.refetch();
        }}
      />
    );
  }
  if (!tramite.data || !aut.data) {
    return (
      <>
        <PageHeader
          title={`Autorización ${idAutorizacion}`}
          breadcrumb={[...migas, { title: `Autorización ${idAutorizacion}` }]}
        />
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      </>
    );
  }
  return <Detalle tramite={tramite.data} a={aut.data} idPerfil={idPerfil} />;
}

const RESOLVER_LABELS: Record<Resolucion, string> = {
  aprobar: 'Aprobar',
  rechazar: 'Rechazar',
  anular: 'Anular solicitud',
};

function Detalle({
  tramite: t,
  a,
  idPerfil,
}: {
  tramite: TramiteDetalle;
  a: AutorizacionDetalle;
  idPerfil: number;
}) {
  const feedback = useFeedback();
  const resolver = useResolver(feedback);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const visibles = tabsAutorizacion(t.estadoTramite);
  const tab = resolveTabAut(searchParams.get('tab'), visibles);
  const habilitada = cargaHabilitada(idPerfil, t.estadoTramite, a);

  // The authorization's active loads (the active-load check), for 'Carga de Archivos' and the attentions.
  const cargas = useQuery({
    queryKey: ['cargas', 'autorizacion', t.idTramite, a.idAutorizacion],
    queryFn: ({ signal }) => autorizacionesApi.cargasActivas(t.idTramite, a.idAutorizacion, signal),
  });

  const setTab = (key: string) => setSearchParams((sp) => conPestana(sp, key), { replace: true });

  const botones = (['aprobar', 'rechazar', 'anular'] as const)
    .filter((k) => a.acciones.includes(k))
    .map((k) => (
      <Button
        key={k}
        type={k === 'aprobar' ? 'primary' : 'default'}
        danger={k !== 'aprobar'}
        onClick={() => resolver.iniciar(a, k)}
      >
        {RESOLVER_LABELS[k]}
      </Button>
    ));

  const content: Record<TabAutorizacion, ReactNode> = {
    carga: (
      <LoadsPanel
        tramite={t}
        // Without an approved, loadable authorization the provider sees the loads read-only.
        idPerfil={idPerfil === 15 && !habilitada ? 0 : idPerfil}
        idAutorizacion={a.idAutorizacion}
        acciones={
          idPerfil === 15 ? (
            <BotonCargaArchivos
              cargas={cargas.data?.items}
              error={cargas.isError}
              habilitada={habilitada}
              onError={() => feedback.errorDialog(MSG.error, MSG_AUTORIZACION.consultaServicio)}
            />
          ) : undefined
        }
      />
    ),
    atenciones: <AtencionesAutorizacion tramite={t} idPerfil={idPerfil} cargas={cargas} modo="atenciones" />,
    'sin-documentacion': (
      <AtencionesAutorizacion tramite={t} idPerfil={idPerfil} cargas={cargas} modo="sin-documentacion" />
    ),
  };

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={`Autorización ${a.idAutorizacion}`}
        breadcrumb={[
          ...migasTramite(idPerfil, t.idTramite),
          { title: 'Autorizaciones', href: autorizacionesPath(t.idTramite) },
          { title: `Autorización ${a.idAutorizacion}` },
        ]}
        tag={<StateTag state={a.estadoAut} />}
        extra={[
          ...botones,
          <Button key="volver" onClick={() => navigate(detailPath(idPerfil, t.idTramite))}>
            Volver al trámite
          </Button>,
        ]}
      />
      <AvisoCarga tramite={t} a={a} idPerfil={idPerfil} />
      <InfoAutorizacion tramite={t} a={a} />
      <Card variant="borderless" styles={{ body: { padding: '0 16px 16px' } }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={visibles.map((key) => ({
            key,
            label: TAB_AUT_LABELS[key],
            children: <Suspense fallback={fallback}>{content[key]}</Suspense>,
          }))}
        />
      </Card>
      {resolver.element}
    </>
  );
}
