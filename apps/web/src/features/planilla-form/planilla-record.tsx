import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { reviewType, type TipoRevision } from '@app/domain/planillas/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Flex, Form, Grid, Row, Spin, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { useAlCambiar } from '../../app/por-registro.ts';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { BarraRevision } from './barra-revision.tsx';
import { DatosAtencionForm } from './datos-atencion-form.tsx';
import { DiagnosticoModal } from './diagnostico-modal.tsx';
import { itemsEstado } from './estado-atencion.tsx';
import { type OtraAtencion, type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import {
  type AccionTeclado,
  accionesRevision,
  avisoFinDeSemana,
  type DiagSlot,
  diagField,
  estadoDe,
  NOMBRE_TIPO,
  resolveTab,
  TAB_CORTOS,
  TAB_LABELS,
  type TabPlanilla,
  tabsPlanilla,
} from './planilla-rules.ts';
import { Plantillas } from './plantillas.tsx';
import { esperarRevisiones, useSiguientePendiente } from './siguiente-pendiente.ts';
import { useAtajos } from './use-atajos.ts';
import { type Transicion, usePlanillaAcciones } from './use-planilla-acciones.tsx';
import { usePlanillaForm } from './use-planilla-form.ts';
import './planilla-form.css';

const DetalleTab = lazy(() => import('../detalles/detalles-auditoria.tsx'));
const ArchivosTab = lazy(() => import('./archivos-tab.tsx'));
const ObservacionesTab = lazy(() => import('../observaciones/observaciones-planilla-tab.tsx'));
const OtrasTab = lazy(() => import('./otras-tab.tsx'));
const AuditoriaTab = lazy(() => import('./auditoria-tab.tsx'));
const ActivarDetalleTab = lazy(() => import('./activar-detalle-tab.tsx'));

type Feedback = ReturnType<typeof useFeedback>;

export type PlanillaRecordProps = {
  planilla: Planilla;
  idPerfil: number;
  feedback: Feedback;
  /** The popup: compact diagnoses, no next/previous, and a review closes the window. */
  popup?: boolean;
  /** Opens another attention (next pending, another of the patient). */
  onIr: (idPlanilla: number, idTramite?: number) => void;
  /** A review was registered; the page opens the next pending one, the popup tells its opener. */
  onRevisada: (siguiente: number | null) => void;
  /**
   * The page: registers the review itself (useRevisionRapida), moving at once to `siguiente`, the next
   * pending attention already fetched (null: none left; undefined: not known yet).
   */
  onRevisar?: (tipo: TipoRevision, version: number, siguiente: number | null | undefined) => void;
  /** The page is waiting for the answer to this attention's review. */
  revisando?: boolean;
};

/**
 * One attention, as the auditor works on it (docs/spec-summary.md 000 §2, docs/design-summary.md §10 'The auditor's screen'): the review bar
 * always in view (previous/next pending, register the review, reset, supervisor close/reopen,
 * keyboard shortcuts), the weekend notice, the record's fields with its diagnoses, status and
 * templates, and the tabs. Used by the page and the popup.
 */
export function PlanillaRecord({
  planilla: p,
  idPerfil,
  feedback,
  popup,
  onIr,
  onRevisada,
  onRevisar,
  revisando = false,
}: PlanillaRecordProps) {
  const formName = `planilla_${p.idPlanilla}`;
  const datos = usePlanillaForm(p);
  const { form, nombres, setNombre, hayCambios } = datos;
  const acc = usePlanillaAcciones(p, feedback, datos.recargar);
  const acciones = accionesRevision(p);
  const tipoNavegacion = reviewType(idPerfil);
  // How many of the load still wait for this user: where they are in a long review.
  const pendientes = useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'pendientes', [
      p.idCarga,
      tipoNavegacion,
      p.version,
      p.estadoAud,
      p.estadoDoc,
    ]),
    // A review still in flight (the page moved on at the key press) is counted once answered.
    queryFn: async ({ signal }) => {
      await esperarRevisiones();
      return planillaApi.pendientes(
        { idTramite: p.idTramite, idCarga: p.idCarga, tipo: tipoNavegacion as TipoRevision },
        signal,
      );
    },
    enabled: !popup && !!tipoNavegacion,
  });
  // The next pending one, fetched ahead while this one is read (issue 14 §1).
  const siguiente = useSiguientePendiente(p, tipoNavegacion, !popup && !!onRevisar);
  const editable = p.permisos.puedeEditar && p.estado === 1;
  const editableAM = editable && p.permisos.puedeAM;
  // The auditor's screen (docs/design-summary.md §10): documents beside the data on wide screens, in their tab otherwise.
  const screens = Grid.useBreakpoint();
  const panelDocs = !popup && p.numArchivos > 0 && screens.xl === true;

  // ---- diagnosis lookup
  const [lookup, setLookup] = useState<{ slot: DiagSlot; texto: string } | null>(null);

  // ---- tabs in the URL
  const [searchParams, setSearchParams] = useSearchParams();
  const visibles = tabsPlanilla(idPerfil, p.estadoTramite);
  const tab = resolveTab(searchParams.get('tab'), visibles);
  const setTab = useCallback(
    (key: string) =>
      setSearchParams(
        (sp) => {
          const out = new URLSearchParams(sp);
          out.set('tab', key);
          return out;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // ---- save
  async function guardar(): Promise<Planilla | null> {
    const body = datos.validar();
    if (!body) return null;
    try {
      const res = await acc.guardar.mutateAsync(body);
      // A second press while the first save runs is ignored (issue 14 §2).
      if (!res) return null;
      datos.sincronizar(res.item);
      return res.item;
    } catch (e) {
      if (datos.erroresServidor(e)) return null;
      if (e instanceof ApiError && e.status === 409) acc.conflicto(e);
      else feedback.saveError((e as Error).message);
      return null;
    }
  }

  // ---- review
  function registrarRevision() {
    const tipo = acciones.revisar;
    if (!tipo) {
      const t = p.permisos.puedeRevisar;
      if (!t)
        feedback.notification.warning({ title: MSG.error, description: MSG_PLANILLA.perfilNoAutorizado });
      else
        feedback.notification.info({
          title: `Revisión ${NOMBRE_TIPO[t]}`,
          description: `La revisión ${NOMBRE_TIPO[t]} de esta atención ya está ${estadoDe(p, t)}.`,
        });
      return;
    }
    const enviar = (version: number) =>
      onRevisar
        ? onRevisar(tipo, version, siguiente)
        : acc.revisar.mutate(
            { tipo, version },
            {
              onSuccess: (res) => {
                if (!popup) feedback.success(res.mensaje);
                void acc.refrescar();
                onRevisada(res.siguiente);
              },
            },
          );
    if (editable && hayCambios()) {
      feedback.modal.confirm({
        title: 'Hay cambios sin guardar en la atención.',
        content: 'Se guardarán antes de registrar la revisión.',
        okText: 'Guardar y registrar',
        cancelText: 'Cancelar',
        onOk: async () => {
          const saved = await guardar();
          if (saved) enviar(saved.version);
        },
      });
    } else enviar(p.version);
  }

  function transicion(accion: Transicion, tipo: TipoRevision) {
    const t = NOMBRE_TIPO[tipo];
    if (accion === 'reiniciar') {
      feedback.modal.confirm({
        title: `¿Reiniciar la revisión ${t} a PENDIENTE?`,
        content: 'La atención volverá a la lista de pendientes.',
        okText: 'Reiniciar',
        cancelText: 'Cancelar',
        onOk: () => acc.transicion.mutateAsync({ accion, tipo }).catch(() => undefined),
      });
    } else acc.transicion.mutate({ accion, tipo });
  }

  function finalizarCarga(tipo: TipoRevision) {
    const t = NOMBRE_TIPO[tipo];
    feedback.modal.confirm({
      title: `¿Finalizar las revisiones ${t} de la carga?`,
      content: `Todas las atenciones de esta carga con revisión ${t} REVISADA y sin observaciones sin responder pasarán a FINALIZADA.`,
      okText: 'Finalizar revisadas',
      cancelText: 'Cancelar',
      onOk: () => acc.finalizarCarga.mutateAsync(tipo).catch(() => undefined),
    });
  }

  // ---- previous / next pending (the page only)
  const [buscandoPendiente, setBuscandoPendiente] = useState<'anterior' | 'siguiente' | null>(null);

  // The page keeps this record mounted from one attention to the next (issue 14 §1, decision 84):
  // what belongs to the attention starts again; the form resets itself (usePlanillaForm).
  useAlCambiar(p.idPlanilla, () => {
    setLookup(null);
    setBuscandoPendiente(null);
  });
  async function irPendiente(anterior: boolean) {
    if (!tipoNavegacion || popup) return;
    const ir = async () => {
      if (!anterior && siguiente) return onIr(siguiente);
      setBuscandoPendiente(anterior ? 'anterior' : 'siguiente');
      const id = await acc.pendiente(tipoNavegacion, anterior);
      setBuscandoPendiente(null);
      if (id) onIr(id);
    };
    if (editable && hayCambios()) {
      feedback.modal.confirm({
        title: 'Hay cambios sin guardar en la atención.',
        content: 'Si continúa, se descartarán.',
        okText: 'Descartar y continuar',
        cancelText: 'Cancelar',
        onOk: ir,
      });
    } else await ir();
  }

  // ---- keyboard
  const disponibles: AccionTeclado[] = popup
    ? ['revisar', 'guardar', 'archivos']
    : ['siguiente', 'anterior', 'revisar', 'guardar', 'archivos'];
  const ocupado = acc.ocupado || buscandoPendiente !== null || revisando;
  useAtajos(disponibles, ocupado, (a) => {
    if (a === 'siguiente') void irPendiente(false);
    else if (a === 'anterior') void irPendiente(true);
    else if (a === 'revisar') registrarRevision();
    else if (a === 'guardar') {
      if (editable) void guardar();
    } else if (a === 'archivos') {
      const panel = document.getElementById('pf-documentos');
      if (panel) {
        panel.scrollIntoView({ block: 'nearest' });
        panel.focus();
        return;
      }
      setTab('archivos');
      requestAnimationFrame(() => document.getElementById('pf-tabs-tab-archivos')?.focus());
    }
  });

  // ---- pieces
  const fechaDesdeSel = Form.useWatch('fechaDesde', form) as Dayjs | null | undefined;
  const aviso = avisoFinDeSemana(
    fechaDesdeSel === undefined ? p.fechaDesde : fechaDesdeSel?.format('YYYY-MM-DD'),
  );

  const reviewBar = (
    <BarraRevision
      planilla={p}
      popup={popup}
      tipoNavegacion={tipoNavegacion}
      pendientes={pendientes.data?.pendientes}
      buscandoPendiente={buscandoPendiente}
      ocupado={ocupado}
      revisando={revisando}
      acc={acc}
      acciones={acciones}
      disponibles={disponibles}
      conDeshacer={!!onRevisar}
      feedback={feedback}
      onPendiente={(anterior) => void irPendiente(anterior)}
      onRevisar={registrarRevision}
      onTransicion={transicion}
      onFinalizarCarga={finalizarCarga}
    />
  );

  const estado = itemsEstado(p);

  const contenido: Record<TabPlanilla, ReactNode> = {
    detalle: <DetalleTab planilla={p} compacto={panelDocs} />,
    archivos: <ArchivosTab planilla={p} vistaPrevia={!panelDocs} alturaVista={popup ? 480 : 560} />,
    // The tabs seldom open while moving through pending attentions start anew with each one; the
    // line items and the documents (open on every move) reset their own state and are reused.
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

  const formulario = (
    <DatosAtencionForm
      planilla={p}
      form={form}
      formName={formName}
      nombres={nombres}
      setNombre={setNombre}
      editable={editable}
      editableAM={editableAM}
      popup={popup}
      fechaDesdeSel={fechaDesdeSel}
      buscando={lookup?.slot ?? null}
      onBuscar={(slot, texto) => setLookup({ slot, texto })}
      guardando={acc.guardar.isPending}
      ocupado={ocupado}
      onGuardar={() => void guardar()}
    />
  );

  return (
    <>
      {reviewBar}
      {aviso && <Alert type="warning" showIcon title={aviso} style={{ marginBottom: 12 }} />}
      <Row gutter={16}>
        <Col xs={24} xl={panelDocs ? 14 : 24}>
          <Row gutter={16}>
            <Col xs={24} lg={popup || panelDocs ? 24 : 15}>
              <Card
                variant="borderless"
                size="small"
                title="Datos de la atención"
                style={{ marginBottom: 16 }}
              >
                {formulario}
              </Card>
            </Col>
            <Col xs={24} lg={popup || panelDocs ? 24 : 9}>
              <Card variant="borderless" size="small" title="Estado" style={{ marginBottom: 16 }}>
                <Descriptions
                  size="small"
                  // Beside the documents (1366 px): two columns, so values and labels do not wrap.
                  column={popup ? { xs: 1, sm: 2, md: 3 } : panelDocs ? { xs: 1, sm: 2 } : 1}
                  items={estado}
                />
                <Plantillas
                  key={p.idPlanilla}
                  planilla={p}
                  editable={editableAM}
                  acc={acc}
                  feedback={feedback}
                />
              </Card>
            </Col>
          </Row>
          <Card variant="borderless" styles={{ body: { padding: '0 16px 16px' } }}>
            <Tabs
              id="pf-tabs"
              tabBarGutter={panelDocs ? 16 : 24}
              activeKey={tab}
              onChange={setTab}
              destroyOnHidden
              items={visibles.map((key) => ({
                key,
                label:
                  panelDocs && TAB_CORTOS[key] ? (
                    <abbr title={TAB_LABELS[key]} style={{ textDecoration: 'none' }}>
                      {TAB_CORTOS[key]}
                    </abbr>
                  ) : (
                    TAB_LABELS[key]
                  ),
                children: (
                  <Suspense
                    fallback={
                      <Flex justify="center" style={{ padding: 32 }}>
                        <Spin />
                      </Flex>
                    }
                  >
                    {contenido[key]}
                  </Suspense>
                ),
              }))}
            />
          </Card>
        </Col>
        {panelDocs && (
          <Col xl={10}>
            <section
              id="pf-documentos"
              tabIndex={-1}
              aria-label="Documentos de la atención"
              className="pf-documentos"
              data-tour="planilla-documentos"
            >
              <Card variant="borderless" size="small" title="Documentos">
                <Suspense
                  fallback={
                    <Flex justify="center" style={{ padding: 32 }}>
                      <Spin />
                    </Flex>
                  }
                >
                  <ArchivosTab planilla={p} vistaPrevia alturaVista={520} />
                </Suspense>
              </Card>
            </section>
          </Col>
        )}
      </Row>
      <DiagnosticoModal
        open={lookup !== null}
        slot={lookup?.slot ?? null}
        inicial={lookup?.texto}
        onClose={() => setLookup(null)}
        onPick={(d) => {
          if (!lookup) return;
          const f = diagField(lookup.slot);
          form.setFieldValue(f, d.codigo);
          form.setFields([{ name: f, errors: [] }]);
          setNombre(lookup.slot, { codigo: d.codigo, texto: d.nombre, estado: 'ok' });
          setLookup(null);
          requestAnimationFrame(() => document.getElementById(`${formName}_${f}`)?.focus());
        }}
      />
    </>
  );
}
