import type { TipoRevision } from '@app/domain/planillas/permissions';
import { useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { useAlCambiar } from '../../lib/por-registro.ts';
import type { Planilla } from './planilla-api.ts';
import { NOMBRE_TIPO } from './planilla-rules.ts';
import type { Transicion, usePlanillaAcciones } from './use-planilla-acciones.tsx';

type Feedback = ReturnType<typeof useFeedback>;
type Acciones = ReturnType<typeof usePlanillaAcciones>;

/** Close or reopen a review; resetting it to PENDIENTE asks first. */
export function confirmarTransicion(
  acc: Acciones,
  feedback: Feedback,
  accion: Transicion,
  tipo: TipoRevision,
) {
  const t = NOMBRE_TIPO[tipo];
  if (accion !== 'reiniciar') return acc.transicion.mutate({ accion, tipo });
  feedback.modal.confirm({
    title: `¿Reiniciar la revisión ${t} a PENDIENTE?`,
    content: 'La atención volverá a la lista de pendientes.',
    okText: 'Reiniciar',
    cancelText: 'Cancelar',
    onOk: () => acc.transicion.mutateAsync({ accion, tipo }).catch(() => undefined),
  });
}

/** The supervisor finalizes the reviewed attentions of the load, after saying which. */
export function confirmarFinalizarCarga(acc: Acciones, feedback: Feedback, tipo: TipoRevision) {
  const t = NOMBRE_TIPO[tipo];
  feedback.modal.confirm({
    title: `¿Finalizar las revisiones ${t} de la carga?`,
    content: `Todas las atenciones de esta carga con revisión ${t} REVISADA y sin observaciones sin responder pasarán a FINALIZADA.`,
    okText: 'Finalizar revisadas',
    cancelText: 'Cancelar',
    onOk: () => acc.finalizarCarga.mutateAsync(tipo).catch(() => undefined),
  });
}

/**
 * Previous / next pending attention (the page only): the next one fetched ahead opens at once, the
 * others are looked up; unsaved changes are confirmed as discarded first. `buscando` says which
 * lookup runs (the buttons show it), and starts again with each attention (the page stays mounted).
 */
export function useIrPendiente({
  p,
  tipo,
  siguiente,
  acc,
  feedback,
  hayCambios,
  onIr,
}: {
  p: Planilla;
  /** The review type the user navigates by; null: no navigation (the popup, or no review profile). */
  tipo: TipoRevision | null;
  /** The next pending one looked up ahead, read at the key press. */
  siguiente: () => number | null | undefined;
  acc: Acciones;
  feedback: Feedback;
  /** Unsaved edits the move would drop. */
  hayCambios: () => boolean;
  onIr: (idPlanilla: number) => void;
}) {
  const [buscando, setBuscando] = useState<'anterior' | 'siguiente' | null>(null);
  useAlCambiar(p.idPlanilla, () => setBuscando(null));

  async function ir(anterior: boolean) {
    if (!tipo) return;
    const mover = async () => {
      const ya = anterior ? null : siguiente();
      if (ya) return onIr(ya);
      setBuscando(anterior ? 'anterior' : 'siguiente');
      const id = await acc.pendiente(tipo, anterior);
      setBuscando(null);
      if (id) onIr(id);
    };
    if (hayCambios()) {
      feedback.modal.confirm({
        title: 'Hay cambios sin guardar en la atención.',
        content: 'Si continúa, se descartarán.',
        okText: 'Descartar y continuar',
        cancelText: 'Cancelar',
        onOk: mover,
      });
    } else await mover();
  }
  return { buscando, ir };
}
