import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { reviewType, type TipoRevision } from '@app/domain/planillas/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Grid, Row } from 'antd';
import { memo, useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAlCambiar } from '../../lib/por-registro.ts';
import { BarraRevision } from './barra-revision.tsx';
import { AvisoFinDeSemana, DatosAtencionForm } from './datos-atencion-form.tsx';
import { DiagnosticoModal } from './diagnostico-modal.tsx';
import { TarjetaEstado } from './estado-atencion.tsx';
import type { Planilla } from './planilla-api.ts';
import {
  type AccionTeclado,
  accionesRevision,
  type DiagSlot,
  diagField,
  estadoDe,
  NOMBRE_TIPO,
} from './planilla-rules.ts';
import { PanelDocumentos, PestanasPlanilla, usePestanaPlanilla } from './planilla-tabs.tsx';
import { Plantillas } from './plantillas.tsx';
import { confirmarFinalizarCarga, confirmarTransicion, useIrPendiente } from './revision-acciones.ts';
import { siguienteEnCache } from './siguiente-pendiente.ts';
import { useAtajos } from './use-atajos.ts';
import { usePlanillaAcciones } from './use-planilla-acciones.tsx';
import { usePlanillaForm } from './use-planilla-form.ts';
import './planilla-form.css';

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
export const PlanillaRecord = memo(function PlanillaRecord({
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
  // The next pending one, fetched ahead while this one is read (issue 14 §1).
  const queryClient = useQueryClient();
  const siguiente = () => siguienteEnCache(queryClient, p, tipoNavegacion);
  const editable = p.permisos.puedeEditar && p.estado === 1;
  const editableAM = editable && p.permisos.puedeAM;
  // The auditor's screen (docs/design-summary.md §10): documents beside the data on wide screens, in their tab otherwise.
  const screens = Grid.useBreakpoint();
  const panelDocs = !popup && p.numArchivos > 0 && screens.xl === true;

  // ---- diagnosis lookup
  const [lookup, setLookup] = useState<{ slot: DiagSlot; texto: string } | null>(null);

  // ---- tabs in the URL
  const pestana = usePestanaPlanilla(idPerfil, p.estadoTramite);

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
        ? onRevisar(tipo, version, siguiente())
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

  // ---- previous / next pending (the page only)
  const pendiente = useIrPendiente({
    p,
    tipo: popup ? null : tipoNavegacion,
    siguiente,
    acc,
    feedback,
    hayCambios: () => editable && hayCambios(),
    onIr,
  });
  const buscandoPendiente = pendiente.buscando;

  // The page keeps this record mounted from one attention to the next (issue 14 §1, decision 84):
  // what belongs to the attention starts again; the form resets itself (usePlanillaForm).
  useAlCambiar(p.idPlanilla, () => setLookup(null));

  // ---- keyboard
  const disponibles: AccionTeclado[] = popup
    ? ['revisar', 'guardar', 'archivos']
    : ['siguiente', 'anterior', 'revisar', 'guardar', 'archivos'];
  const ocupado = acc.ocupado || buscandoPendiente !== null || revisando;
  useAtajos(disponibles, ocupado, (a) => {
    if (a === 'siguiente') void pendiente.ir(false);
    else if (a === 'anterior') void pendiente.ir(true);
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
      pestana.setTab('archivos');
      requestAnimationFrame(() => document.getElementById('pf-tabs-tab-archivos')?.focus());
    }
  });

  // ---- pieces

  const reviewBar = (
    <BarraRevision
      planilla={p}
      popup={popup}
      tipoNavegacion={tipoNavegacion}
      precargar={!popup && !!onRevisar}
      buscandoPendiente={buscandoPendiente}
      ocupado={ocupado}
      revisando={revisando}
      acc={acc}
      acciones={acciones}
      disponibles={disponibles}
      conDeshacer={!!onRevisar}
      feedback={feedback}
      onPendiente={(anterior) => void pendiente.ir(anterior)}
      onRevisar={registrarRevision}
      onTransicion={(accion, tipo) => confirmarTransicion(acc, feedback, accion, tipo)}
      onFinalizarCarga={(tipo) => confirmarFinalizarCarga(acc, feedback, tipo)}
    />
  );

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
      <AvisoFinDeSemana planilla={p} form={form} />
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
              <TarjetaEstado planilla={p} columnas={popup ? 3 : panelDocs ? 2 : 1}>
                <Plantillas planilla={p} editable={editableAM} acc={acc} feedback={feedback} />
              </TarjetaEstado>
            </Col>
          </Row>
          <PestanasPlanilla
            planilla={p}
            pestana={pestana}
            popup={popup}
            panelDocs={panelDocs}
            feedback={feedback}
            onIr={onIr}
          />
        </Col>
        {panelDocs && (
          <Col xl={10}>
            <PanelDocumentos planilla={p} />
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
});
