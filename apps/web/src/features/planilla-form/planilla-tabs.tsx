import { Card, Flex, Spin, Tabs } from 'antd';
import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { useEvento } from '../../lib/use-evento.ts';
import type { OtraAtencion, Planilla } from './planilla-api.ts';
import { resolveTab, TAB_CORTOS, TAB_LABELS, type TabPlanilla, tabsPlanilla } from './planilla-rules.ts';

const DetalleTab = lazy(() => import('../detalles/detalles-auditoria.tsx'));
const ArchivosTab = lazy(() => import('./archivos-tab.tsx'));
const ObservacionesTab = lazy(() => import('../observaciones/observaciones-planilla-tab.tsx'));
const OtrasTab = lazy(() => import('./otras-tab.tsx'));
const AuditoriaTab = lazy(() => import('./auditoria-tab.tsx'));
const ActivarDetalleTab = lazy(() => import('./activar-detalle-tab.tsx'));

const cargando = (
  <Flex justify="center" style={{ padding: 32 }}>
    <Spin />
  </Flex>
);

type TabUrl = { tab: string | null; setTab: (key: string) => void };
const PestanaUrl = createContext<TabUrl>({ tab: null, setTab: () => undefined });

/**
 * The `?tab=` of the URL for the records below. Read here, not in each record: a record reads it from
 * this context, which changes only when the tab does, so moving to another attention (another URL)
 * does not render the record again by itself (decision 84: the record renders when its attention does).
 */
export function ProveedorPestana({ children }: { children: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  const setTab = useEvento((key: string) =>
    setSearchParams(
      (sp) => {
        const out = new URLSearchParams(sp);
        out.set('tab', key);
        return out;
      },
      { replace: true },
    ),
  );
  const valor = useMemo(() => ({ tab, setTab }), [tab, setTab]);
  return <PestanaUrl.Provider value={valor}>{children}</PestanaUrl.Provider>;
}

/** The record's tab in the URL (`?tab=`), among those the profile sees in the procedure's state. */
export function usePestanaPlanilla(idPerfil: number, estadoTramite: string) {
  const { tab: enUrl, setTab } = useContext(PestanaUrl);
  const visibles = tabsPlanilla(idPerfil, estadoTramite);
  const tab = resolveTab(enUrl, visibles);
  return { visibles, tab, setTab };
}

/**
 * The record's tabs (line items, documents, observations, other attentions, audit, activation).
 * Kept mounted from one attention to the next (decision 84): the line items and the documents,
 * open on every move, reset their own state and are reused; the others start anew with each one.
 */
export function PestanasPlanilla({
  planilla: p,
  pestana,
  popup,
  panelDocs,
  feedback,
  onIr,
}: {
  planilla: Planilla;
  pestana: ReturnType<typeof usePestanaPlanilla>;
  popup?: boolean;
  panelDocs: boolean;
  feedback: ReturnType<typeof useFeedback>;
  onIr: (idPlanilla: number, idTramite?: number) => void;
}) {
  const contenido: Record<TabPlanilla, ReactNode> = {
    detalle: <DetalleTab planilla={p} compacto={panelDocs} />,
    archivos: <ArchivosTab planilla={p} vistaPrevia={!panelDocs} alturaVista={popup ? 480 : 560} />,
    'obs-am': <ObservacionesTab key={p.idPlanilla} planilla={p} tipo="M" />,
    'obs-gd': <ObservacionesTab key={p.idPlanilla} planilla={p} tipo="D" />,
    otras: (
      <OtrasTab
        key={p.idPlanilla}
        planilla={p}
        onOpen={(o: OtraAtencion) => onIr(o.idPlanilla, o.idTramite)}
      />
    ),
    auditoria: <AuditoriaTab key={p.idPlanilla} planilla={p} />,
    activar: <ActivarDetalleTab key={p.idPlanilla} planilla={p} feedback={feedback} />,
  };
  return (
    <Card variant="borderless" styles={{ body: { padding: '0 16px 16px' } }}>
      <Tabs
        id="pf-tabs"
        tabBarGutter={panelDocs ? 16 : 24}
        activeKey={pestana.tab}
        onChange={pestana.setTab}
        destroyOnHidden
        items={pestana.visibles.map((key) => ({
          key,
          label:
            panelDocs && TAB_CORTOS[key] ? (
              <abbr title={TAB_LABELS[key]} style={{ textDecoration: 'none' }}>
                {TAB_CORTOS[key]}
              </abbr>
            ) : (
              TAB_LABELS[key]
            ),
          children: <Suspense fallback={cargando}>{contenido[key]}</Suspense>,
        }))}
      />
    </Card>
  );
}

/** The documents beside the data (the auditor's screen on wide screens, docs/design-summary.md §10). */
export function PanelDocumentos({ planilla }: { planilla: Planilla }) {
  return (
    <section
      id="pf-documentos"
      tabIndex={-1}
      aria-label="Documentos de la atención"
      className="pf-documentos"
      data-tour="planilla-documentos"
    >
      <Card variant="borderless" size="small" title="Documentos">
        <Suspense fallback={cargando}>
          <ArchivosTab planilla={planilla} vistaPrevia alturaVista={520} />
        </Suspense>
      </Card>
    </section>
  );
}
