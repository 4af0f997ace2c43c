import { DownOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { MSG_AUTORIZACION } from '@app/domain/autorizaciones/messages';
import { formatCount, formatDateTime, formatPeriod } from '@app/domain/common/format';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { Alert, Button, type DescriptionsProps, Dropdown, Empty, Flex, Select, Spin, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { TarjetaInformacion } from '../../components/tarjeta-informacion.tsx';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { cargaHabilitada, cargasParaArchivos, periodoAutorizacion } from './autorizacion-rules.ts';
import type { AutorizacionDetalle, CargaActiva } from './autorizaciones-api.ts';

/*
 * The panels of the authorization page (autorizacion-detail-page.tsx): why it takes no upload, the
 * authorization's data, the 'Carga de Archivos' button and the attentions of its loads.
 */

const AtencionesTab = lazy(() => import('../planillas/atenciones-tab.tsx'));
const CargaArchivosModal = lazy(async () => ({
  default: (await import('../archivos/carga-archivos-modal.tsx')).CargaArchivosModal,
}));

export const fallback = (
  <Flex justify="center" style={{ padding: 32 }}>
    <Spin />
  </Flex>
);

/** Why the provider cannot upload under this authorization, when it cannot. */
export function AvisoCarga({
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
export function InfoAutorizacion({ tramite: t, a }: { tramite: TramiteDetalle; a: AutorizacionDetalle }) {
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
    { key: 'periodoTramite', label: 'Período del trámite', children: formatPeriod(t) },
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
    <TarjetaInformacion
      titulo="Información de la autorización"
      principal={main}
      mas={more}
      final={textos}
      abierta
    />
  );
}

const etiquetaCarga = (c: CargaActiva) => `Carga ${c.idCarga}: ${formatPeriod(c)}`;

/** 'Carga de Archivos' of the authorization variant: the files of an organised load of the authorization. */
export function BotonCargaArchivos({
  cargas,
  error,
  habilitada,
  onError,
}: {
  cargas: CargaActiva[] | undefined;
  error: boolean;
  habilitada: boolean;
  onError: () => void;
}) {
  const [carga, setCarga] = useState<CargaActiva | null>(null);
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
export function AtencionesAutorizacion({
  tramite: t,
  idPerfil,
  cargas,
  modo,
}: {
  tramite: TramiteDetalle;
  idPerfil: number;
  cargas: {
    data?: { items: CargaActiva[] };
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
