import { DownOutlined, FileTextOutlined } from '@ant-design/icons';
import { parseId } from '@app/domain/common/ids';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import type { Accion, EstadoTramite } from '@app/domain/tramites/workflow';
import { Button, Card, Dropdown, Flex, Spin, Tabs } from 'antd';
import { lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { conPestana } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useSession } from '../../lib/use-session.ts';
import { AvisoSinArchivos } from '../archivos/aviso-sin-archivos.tsx';
import { SolicitudesBoton } from '../autorizaciones/solicitudes-boton.tsx';
import { TotalesTramite } from '../detalles/totales-resumen.tsx';
import { FinanzasMenu } from '../finanzas/finanzas-menu.tsx';
import { EnvioBotones } from '../observaciones/envio-botones.tsx';
import { confirmarAnulacion } from '../tramites/confirmar-anulacion.tsx';
import { PasosTramite } from '../tramites/pasos-tramite.tsx';
import { ReportesBloques } from '../tramites/reportes-bloques.tsx';
import { TramiteInfo } from '../tramites/tramite-info.tsx';
import {
  botonesCabecera,
  debePreguntarRecibir,
  type Lado,
  listHref,
  muestraAvisoDocumentado,
  puedeEditar,
  reportesTramite,
  resolveTab,
  TAB_LABELS,
  type TabKey,
  tabsVisibles,
} from '../tramites/tramite-rules.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { esperaTramite, useTramite } from '../tramites/use-tramite.tsx';
import { useTramiteAccion } from '../tramites/use-tramite-accion.tsx';
import { TramiteAyuda } from './tramite-ayuda.tsx';

const LoadsPanel = lazy(() => import('../cargas/loads-panel.tsx'));
const BitacoraViewer = lazy(() => import('../tramites/bitacora-viewer.tsx'));
const ArchivosDatos = lazy(() => import('./archivos-datos.tsx'));
const AtencionesTab = lazy(() => import('../planillas/atenciones-tab.tsx'));
const AsignacionTab = lazy(() => import('../revision/asignacion-tab.tsx'));
const ControlesTab = lazy(() => import('../revision/controles-tab.tsx'));
const NovedadesTab = lazy(() => import('../revision/novedades-tab.tsx'));

/**
 * A supervisor's eight tabs do not fit beside the side menu at 1366 px, so the last ones are partly
 * hidden. A mouse press used to focus the tab, and the tab bar scrolls a focused tab into view at
 * once: the tab moved from under the pointer before the button was released and the click was lost
 * (the tab had to be clicked twice). Not taking focus on a mouse press lets the click select the tab;
 * the bar then scrolls the active tab into view. The keyboard (Tab, arrows) still focuses tabs.
 */
const sinFocoAlPulsar = (e: MouseEvent) => e.preventDefault();

/** Procedure detail: /tramiteform/:id (audit side) and /tramiteform-carga/:id (provider side). */
export default function TramiteDetailPage({ lado }: { lado: Lado }) {
  const { id } = useParams();
  const idTramite = parseId(id);
  const session = useSession();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  const back = listHref(lado, idPerfil);

  const query = useTramite(idTramite);

  const espera = esperaTramite(
    idTramite,
    query,
    back,
    <PageHeader
      title={`Trámite ${idTramite}`}
      breadcrumb={[{ title: 'Trámites', href: back }, { title: `Trámite ${idTramite}` }]}
    />,
  );
  if (espera || !query.data) return espera;
  return <Detail tramite={query.data} lado={lado} idPerfil={idPerfil} back={back} />;
}

function Detail({
  tramite: t,
  lado,
  idPerfil,
  back,
}: {
  tramite: TramiteDetalle;
  lado: Lado;
  idPerfil: number;
  back: string;
}) {
  const feedback = useFeedback();
  const navigate = useNavigate();
  const accion = useTramiteAccion(t, lado, feedback);
  const [searchParams, setSearchParams] = useSearchParams();
  const visibles = tabsVisibles(t, idPerfil);
  const tab = resolveTab(searchParams.get('tab'), visibles);

  // Profile 17 opening an ENVIADO procedure is asked once per visit whether to receive it.
  const asked = useRef<number | null>(null);
  const ask = debePreguntarRecibir(t, idPerfil, t.acciones);
  const { run } = accion;
  const { modal } = feedback;
  useEffect(() => {
    if (!ask || asked.current === t.idTramite) return;
    asked.current = t.idTramite;
    modal.confirm({
      title: MSG_TRAMITE.recibirPregunta,
      okText: 'Sí',
      cancelText: 'No',
      onOk: () => run('recibir'),
    });
  }, [ask, t.idTramite, modal, run]);

  const setTab = (key: string) => setSearchParams((sp) => conPestana(sp, key), { replace: true });

  function confirmAndRun(a: Accion, label: string) {
    if (a === 'finalizar') {
      modal.confirm({
        title: `¿Finalizar el trámite ${t.numero}?`,
        content:
          'El trámite pasará a FINALIZADO y se cerrará su auditoría. Un supervisor podrá reabrirlo si fuera necesario.',
        okText: label,
        cancelText: 'Cancelar',
        focusable: { autoFocusButton: 'cancel' },
        onOk: () => run(a),
      });
    } else if (a === 'enviar') {
      modal.confirm({
        title: `¿Enviar el trámite ${t.numero}?`,
        content:
          'El trámite pasará a ENVIADO y quedará en manos de la aseguradora: ya no podrá cargar datos ni modificarlo.',
        okText: label,
        cancelText: 'Cancelar',
        focusable: { autoFocusButton: 'cancel' },
        onOk: () => run(a),
      });
    } else if (a === 'anular') {
      // Names what is lost; once annulled the procedure leaves the lists, so back to the list (decision 50).
      void confirmarAnulacion(t, feedback, () => run(a, () => navigate(back)));
    } else void run(a);
  }

  const buttons = botonesCabecera(t.acciones).map((b) => (
    <Button
      key={b.accion}
      type={b.primary ? 'primary' : 'default'}
      danger={b.danger}
      loading={accion.pending && accion.variables?.accion === b.accion}
      disabled={accion.pending && accion.variables?.accion !== b.accion}
      onClick={() => (b.confirm ? confirmAndRun(b.accion, b.label) : void run(b.accion))}
    >
      {b.label}
    </Button>
  ));

  const reportes = reportesTramite(t, idPerfil);
  if (reportes.length > 0) {
    buttons.push(
      <Dropdown
        key="reportes"
        trigger={['click']}
        menu={{ items: reportes.map((r) => ({ key: r.key, label: <Link to={r.href}>{r.label}</Link> })) }}
      >
        <Button icon={<FileTextOutlined aria-hidden />}>
          Reportes <DownOutlined aria-hidden />
        </Button>
      </Dropdown>,
    );
  }

  const content: Record<TabKey, ReactNode> = {
    carga: <LoadsPanel tramite={t} idPerfil={idPerfil} />,
    atenciones: <AtencionesTab tramite={t} idPerfil={idPerfil} />,
    'sin-documentacion': <AtencionesTab tramite={t} idPerfil={idPerfil} modo="sin-documentacion" />,
    'asignar-gd': <AsignacionTab tramite={t} tipo="GD" />,
    'asignar-am': <AsignacionTab tramite={t} tipo="AM" />,
    bitacora: <BitacoraViewer idTramite={t.idTramite} namespace="bitacora" />,
    novedades: <NovedadesTab tramite={t} />,
    controles: <ControlesTab tramite={t} />,
    'datos-archivo': <ArchivosDatos idTramite={t.idTramite} />,
  };

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={`Trámite ${t.numero}`}
        breadcrumb={[{ title: 'Trámites', href: back }, { title: `Trámite ${t.numero}` }]}
        tag={
          <>
            <StateTag state={t.estadoTramite} />
            <TramiteAyuda estado={t.estadoTramite} idPerfil={idPerfil} />
          </>
        }
        extra={[
          ...buttons,
          <EnvioBotones key="observaciones" tramite={t} idPerfil={idPerfil} feedback={feedback} />,
          <SolicitudesBoton key="solicitudes" tramite={t} />,
          <FinanzasMenu key="finanzas" tramite={t} idPerfil={idPerfil} feedback={feedback} />,
        ]}
      />
      {muestraAvisoDocumentado(t) && <AvisoSinArchivos idTramite={t.idTramite} />}
      <PasosTramite
        idTramite={t.idTramite}
        estado={t.estadoTramite as EstadoTramite}
        idPerfil={idPerfil}
        acciones={t.acciones}
        onTab={setTab}
        onAccion={(a) =>
          confirmAndRun(a, botonesCabecera(t.acciones).find((b) => b.accion === a)?.label ?? a)
        }
      />
      <TramiteInfo tramite={t} editable={puedeEditar(t, idPerfil)} feedback={feedback} />
      <TotalesTramite idTramite={t.idTramite} />
      {lado === 'auditoria' && <ReportesBloques tramite={t} idPerfil={idPerfil} feedback={feedback} />}
      <Card variant="borderless" styles={{ body: { padding: '0 16px 16px' } }} data-tour="tramite-pestanas">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={visibles.map((key) => ({
            key,
            label: <span onMouseDown={sinFocoAlPulsar}>{TAB_LABELS[key]}</span>,
            children: (
              <Suspense
                fallback={
                  <Flex justify="center" style={{ padding: 32 }}>
                    <Spin />
                  </Flex>
                }
              >
                {content[key]}
              </Suspense>
            ),
          }))}
        />
      </Card>
    </>
  );
}
