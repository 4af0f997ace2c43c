import { DownOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { MSG_AUTORIZACION } from '@app/domain/autorizaciones/messages';
import { formatCount, formatDateTime } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import { MSG } from '@app/domain/messages';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Dropdown,
  Empty,
  Flex,
  Result,
  Select,
  Skeleton,
  Spin,
  Tabs,
  Tooltip,
} from 'antd';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { useSession } from '../../app/use-session.ts';
import { ErrorRetry, ErrorRetryPage } from '../../components/ErrorRetry.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StateTag } from '../../components/StateTag.tsx';
import { useFeedback } from '../../components/useFeedback.tsx';
import type { Carga } from '../cargas/cargas-api.ts';
import { detailPath, fecha, periodo } from '../tramites/tramite-rules.ts';
import { type TramiteDetalle, tramiteKeys, tramitesApi } from '../tramites/tramites-api.ts';
import {
  autorizacionesPath,
  cargaHabilitada,
  cargasParaArchivos,
  migasTramite,
  periodoAutorizacion,
  resolveTabAut,
  TAB_AUT_LABELS,
  type TabAutorizacion,
  tabsAutorizacion,
} from './autorizacion-rules.ts';
import { type AutorizacionDetalle, autorizacionesApi, autorizacionKeys } from './autorizaciones-api.ts';
import { type Resolucion, useResolver } from './use-resolver.tsx';

const LoadsPanel = lazy(() => import('../cargas/LoadsPanel.tsx'));
const AtencionesTab = lazy(() => import('../planillas/AtencionesTab.tsx'));
const CargaArchivosModal = lazy(async () => ({
  default: (await import('../archivos/CargaArchivosModal.tsx')).CargaArchivosModal,
}));

const fallback = (
  <Flex justify="center" style={{ padding: 32 }}>
    <Spin />
  </Flex>
);

/** /tramiteform-carga-aut/{id}/{idAutorizacion}: a procedure seen through one of its authorizations. */
export default function AutorizacionDetailPage() {
  const params = useParams();
  const idTramite = parseId(params.id);
  const idAutorizacion = parseId(params.idAutorizacion);
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const valido = idTramite !== null && idAutorizacion !== null;

  const tramite = useQuery({
    queryKey: tramiteKeys.detail(idTramite ?? 0),
    queryFn: ({ signal }) => tramitesApi.get(idTramite ?? 0, signal),
    enabled: valido,
  });
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
      <Result
        status="404"
        title={MSG.noEncontrado}
        subTitle={
          idTramite === null
            ? MSG_TRAMITE.idTramiteInvalido
            : 'La autorización no existe, no pertenece al trámite o no tiene acceso a ella.'
        }
        extra={
          <Link to={migas[0].href ?? '/'}>
            <Button type="primary">Volver a Trámites</Button>
          </Link>
        }
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

  const setTab = (key: string) =>
    setSearchParams(
      (sp) => {
        const out = new URLSearchParams();
        for (const [k, v] of sp) if (!k.includes('.')) out.set(k, v);
        out.set('tab', key);
        return out;
      },
      { replace: true },
    );

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

/** Why the provider cannot upload under this authorization, when it cannot. */
function AvisoCarga({
  tramite: t,
  a,
  idPerfil,
}: {
  tramite: TramiteDetalle;
  a: AutorizacionDetalle;
  idPerfil: number;
}) {
  if (idPerfil !== 15 || cargaHabilitada(idPerfil, t.estadoTramite, a)) return null;
  const texto =
    a.estadoAut === 'SOLICITADA'
      ? 'La solicitud está pendiente de respuesta de la aseguradora: podrá cargar datos cuando sea APROBADA.'
      : a.estadoAut === 'RECHAZADA'
        ? `La solicitud fue rechazada${a.observacion ? `: ${a.observacion}` : '.'}`
        : a.estadoAut === 'ANULADA'
          ? 'La solicitud fue anulada.'
          : MSG_AUTORIZACION.cargaNoHabilitada;
  return (
    <Alert
      type={a.estadoAut === 'RECHAZADA' ? 'error' : 'info'}
      showIcon
      title={texto}
      style={{ marginBottom: 16 }}
    />
  );
}

/** The spec's fields: procedure and authorization ids, service, dates, descriptions, observation, state, dates. */
function InfoAutorizacion({ tramite: t, a }: { tramite: TramiteDetalle; a: AutorizacionDetalle }) {
  const [expanded, setExpanded] = useState(true);
  const blockId = useId();
  const main: NonNullable<DescriptionsProps['items']> = [
    { key: 'tramite', label: 'Trámite', children: `${t.numero} (ID ${t.idTramite})` },
    { key: 'aut', label: 'Autorización', children: a.idAutorizacion },
    { key: 'servicio', label: 'Servicio', children: t.servicioNombre },
    { key: 'periodo', label: 'Fechas de la autorización', children: periodoAutorizacion(a) },
    { key: 'estadoAut', label: 'Estado de la autorización', children: <StateTag state={a.estadoAut} /> },
    { key: 'fechaReg', label: 'Fecha de registro', children: formatDateTime(a.fechaReg) },
    { key: 'fechaApr', label: 'Fecha de aprobación', children: formatDateTime(a.fechaApr) || '—' },
  ];
  const more: NonNullable<DescriptionsProps['items']> = [
    { key: 'prestador', label: 'Prestador', children: t.nombreComercial },
    { key: 'estadoTramite', label: 'Estado del trámite', children: <StateTag state={t.estadoTramite} /> },
    { key: 'periodoTramite', label: 'Período del trámite', children: periodo(t) },
    { key: 'solicita', label: 'Solicitada por', children: a.usuarioSolicita ?? '—' },
    { key: 'resuelve', label: 'Atendida por', children: a.usuarioResuelve ?? '—' },
    { key: 'cargas', label: 'Cargas', children: formatCount(a.numCargas) || '0' },
    { key: 'planillas', label: 'Atenciones médicas', children: formatCount(a.numPlanillas) || '0' },
  ];
  const textos: NonNullable<DescriptionsProps['items']> = [
    { key: 'descAut', label: 'Descripción de la solicitud', span: 'filled', children: a.descripcion },
    {
      key: 'descTramite',
      label: 'Descripción del trámite',
      span: 'filled',
      children: t.descripcion?.toUpperCase(),
    },
    { key: 'obs', label: 'Observación', span: 'filled', children: a.observacion || '—' },
  ];
  return (
    <Card
      variant="borderless"
      size="small"
      title="Información de la autorización"
      extra={
        <Button
          type="link"
          size="small"
          aria-expanded={expanded}
          aria-controls={blockId}
          onClick={() => setExpanded((v) => !v)}
          style={{ paddingInline: 0 }}
        >
          {expanded ? '(-) Menos información' : '(+) Más información'}
        </Button>
      }
      styles={{ body: { padding: '12px 16px' } }}
      style={{ marginBottom: 16 }}
    >
      <div id={blockId}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[...main, ...(expanded ? more : []), ...textos]}
        />
      </div>
    </Card>
  );
}

const etiquetaCarga = (c: Carga) => `Carga ${c.idCarga}: ${fecha(c.fechaDesde)} – ${fecha(c.fechaHasta)}`;

/** 'Carga de Archivos' of the authorization variant: the files of an organised load of the authorization. */
function BotonCargaArchivos({
  cargas,
  error,
  habilitada,
  onError,
}: {
  cargas: Carga[] | undefined;
  error: boolean;
  habilitada: boolean;
  onError: () => void;
}) {
  const [carga, setCarga] = useState<Carga | null>(null);
  const elegibles = cargasParaArchivos(cargas ?? []);
  const icon = <FolderOpenOutlined aria-hidden />;
  let boton: ReactNode;
  if (error) {
    boton = (
      <Button icon={icon} onClick={onError}>
        Carga de Archivos
      </Button>
    );
  } else if (!habilitada || elegibles.length === 0) {
    boton = (
      <Tooltip
        title={
          habilitada
            ? 'Organice las atenciones médicas de una carga de la autorización antes de cargar sus archivos.'
            : MSG_AUTORIZACION.cargaNoHabilitada
        }
      >
        <Button icon={icon} disabled loading={cargas === undefined && habilitada}>
          Carga de Archivos
        </Button>
      </Tooltip>
    );
  } else if (elegibles.length === 1) {
    boton = (
      <Button icon={icon} onClick={() => setCarga(elegibles[0])}>
        Carga de Archivos
      </Button>
    );
  } else {
    boton = (
      <Dropdown
        trigger={['click']}
        menu={{
          items: elegibles.map((c) => ({ key: String(c.idCarga), label: etiquetaCarga(c) })),
          onClick: ({ key }) => setCarga(elegibles.find((c) => String(c.idCarga) === key) ?? null),
        }}
      >
        <Button icon={icon}>
          Carga de Archivos <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    );
  }
  return (
    <>
      {boton}
      {carga && (
        <Suspense fallback={null}>
          <CargaArchivosModal open carga={carga} onClose={() => setCarga(null)} />
        </Suspense>
      )}
    </>
  );
}

/** The attentions of the authorization's loads, one load at a time (newest organised load first). */
function AtencionesAutorizacion({
  tramite: t,
  idPerfil,
  cargas,
  modo,
}: {
  tramite: TramiteDetalle;
  idPerfil: number;
  cargas: {
    data?: { items: Carga[] };
    error: unknown;
    isError: boolean;
    isLoading: boolean;
    refetch: () => unknown;
  };
  modo: 'atenciones' | 'sin-documentacion';
}) {
  const organizadas = (cargas.data?.items ?? []).filter((c) => c.tienePlanillas === 1);
  const [sel, setSel] = useState<number | undefined>(undefined);
  const idCarga = organizadas.find((c) => c.idCarga === sel)?.idCarga ?? organizadas[0]?.idCarga;
  if (cargas.isError) {
    return (
      <ErrorRetry
        error={cargas.error}
        fallback={MSG_AUTORIZACION.consultaServicio}
        onRetry={() => void cargas.refetch()}
      />
    );
  }
  if (cargas.isLoading) return fallback;
  if (idCarga === undefined) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG_TRAMITE.sinPlanillas} />;
  }
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={8} wrap>
        <label htmlFor={`carga-${modo}`}>Carga de la autorización</label>
        <Select
          id={`carga-${modo}`}
          style={{ minWidth: 300 }}
          value={idCarga}
          onChange={setSel}
          options={organizadas.map((c) => ({ value: c.idCarga, label: etiquetaCarga(c) }))}
        />
      </Flex>
      <Suspense fallback={fallback}>
        <AtencionesTab
          key={`${modo}-${idCarga}`}
          tramite={t}
          idPerfil={idPerfil}
          modo={modo}
          idCargaFija={idCarga}
        />
      </Suspense>
    </Flex>
  );
}
