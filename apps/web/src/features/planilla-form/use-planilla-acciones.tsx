import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import type { AccionRevision } from '@app/domain/planillas/revision';
import { useQueryClient } from '@tanstack/react-query';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { type Planilla, type PlanillaBody, planillaApi, planillaKeys } from './planilla-api.ts';
import { NOMBRE_TIPO } from './planilla-rules.ts';

type Feedback = ReturnType<typeof useFeedback>;

/** Review transitions of one attention on this screen. */
export type Transicion = Exclude<AccionRevision, 'revisar'>;

const TEXTO_EXITO_TITULO = 'Éxito';

/**
 * The record's server actions with the spec's feedback (000 §8): save ('Éxito' / 'Planilla
 * actualizada exitosamente!'; '¡Error!' / 'Inténtelo de nuevo.'), reviews ('Error al registrar la
 * revisión' or the server's text), templates, and the next/previous pending lookup ('Sin planillas
 * pendientes'). A 409 (someone else changed the record) offers to reload it.
 */
export function usePlanillaAcciones(p: Planilla, feedback: Feedback, recargar: () => Promise<void>) {
  const queryClient = useQueryClient();
  const id = p.idPlanilla;
  const refrescar = () => queryClient.invalidateQueries({ queryKey: planillaKeys.detail(id) });

  /** A stale version or state: say so, and offer the current record (unsaved edits are dropped). */
  function conflicto(e: ApiError) {
    feedback.modal.confirm({
      title: MSG.error,
      content: e.message,
      okText: 'Recargar la atención',
      cancelText: 'Cerrar',
      onOk: () => recargar(),
    });
  }

  function fallo(e: Error, titulo: string) {
    if (e instanceof ApiError && e.status === 409) conflicto(e);
    else feedback.errorDialog(titulo, e.message);
  }

  const guardar = useEnvio({
    mutationFn: (body: PlanillaBody) => planillaApi.update(id, body),
    onSuccess: (res) => {
      feedback.notification.success({ title: TEXTO_EXITO_TITULO, description: res.mensaje });
      queryClient.setQueryData(planillaKeys.detail(id), res.item);
      void queryClient.invalidateQueries({ queryKey: planillaKeys.detail(id), refetchType: 'none' });
    },
  });

  const revisar = useEnvio({
    mutationFn: (v: { tipo: TipoRevision; version: number }) => planillaApi.revisar(id, v.tipo, v.version),
    onError: (e) => fallo(e, MSG_PLANILLA.errorRevision),
  });

  const transicion = useEnvio({
    mutationFn: (v: { accion: Transicion; tipo: TipoRevision }) =>
      planillaApi[v.accion](id, v.tipo, p.version),
    onSuccess: (res) => {
      feedback.success(res.mensaje);
      void refrescar();
    },
    onError: (e) => fallo(e, MSG.error),
  });

  const finalizarCarga = useEnvio({
    mutationFn: (tipo: TipoRevision) => planillaApi.finalizarCarga(p.idCarga, tipo),
    onSuccess: (res) => {
      feedback.success(
        res.omitidas > 0
          ? `${res.mensaje} ${res.omitidas} con observaciones sin responder quedaron REVISADAS.`
          : res.mensaje,
      );
      void refrescar();
    },
    onError: (e) => fallo(e, MSG.error),
  });

  const plantilla = useEnvio({
    mutationFn: (
      v: { aplicar: true; idPlantilla: number } | { aplicar: false },
    ): Promise<{ mensaje: string }> =>
      v.aplicar
        ? planillaApi.aplicarPlantilla(id, v.idPlantilla, p.version)
        : planillaApi.quitarPlantilla(id, p.version),
    onSuccess: (res) => {
      feedback.success(res.mensaje);
      void refrescar();
    },
    onError: (e) =>
      e instanceof ApiError && e.status === 409 && e.code === 'VERSION'
        ? conflicto(e)
        : feedback.errorDialog(MSG.error, e.message || MSG_PLANILLA.plantillaError),
  });

  /** The next (or previous) pending attention of the procedure and load; null after telling the user none is left. */
  async function pendiente(tipo: TipoRevision, anterior: boolean): Promise<number | null> {
    try {
      const r = await planillaApi.siguientePendiente({
        idTramite: p.idTramite,
        idCarga: p.idCarga,
        tipo,
        despuesDe: id,
        anterior,
      });
      return r.idPlanilla;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && e.code === 'SIN_PENDIENTES') sinPendientes();
      else feedback.errorDialog(MSG.error, (e as Error).message);
      return null;
    }
  }

  function sinPendientes() {
    feedback.modal.info({
      title: MSG_PLANILLA.sinPendientesTitulo,
      content: MSG_PLANILLA.sinPendientes,
      okText: 'Aceptar',
    });
  }

  const ocupado =
    guardar.isPending ||
    revisar.isPending ||
    transicion.isPending ||
    finalizarCarga.isPending ||
    plantilla.isPending;

  return {
    guardar,
    revisar,
    transicion,
    finalizarCarga,
    plantilla,
    pendiente,
    sinPendientes,
    conflicto,
    refrescar,
    ocupado,
    /** The label of a review type ('AM' / 'GD'). */
    nombreTipo: (t: TipoRevision) => NOMBRE_TIPO[t],
  };
}
