import { organizacionEnCurso } from '@app/domain/cargas/responses';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useEffect, useRef } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import type { Carga } from './cargas-api.ts';

/**
 * Follows the organising jobs of the loads on screen (decision 85): a load this panel asked to
 * organise, or saw being organised, is told once its job ends — the result with its counts, or the
 * dead letter — and the procedure (its state, its steps bar) and the loads are read again. Only rows
 * read after the request count: a list fetched before it may still show an earlier attempt.
 */
export function useSeguirOrganizacion(
  list: { rows: Carga[]; dataUpdatedAt: number },
  feedback: ReturnType<typeof useFeedback>,
  refresh: () => void,
) {
  // Load → the list's data time when it was asked (0: seen under way, any later data counts).
  const seguidas = useRef(new Map<number, number>());
  const { rows, dataUpdatedAt } = list;
  const ultimo = useRef(dataUpdatedAt);
  ultimo.current = dataUpdatedAt;

  useEffect(() => {
    const mapa = seguidas.current;
    for (const c of rows)
      if (c.estado === 1 && organizacionEnCurso(c.organizacion) && !mapa.has(c.idCarga))
        mapa.set(c.idCarga, 0);
    for (const [id, desde] of mapa) {
      const c = rows.find((r) => r.idCarga === id);
      if (!c || dataUpdatedAt <= desde || organizacionEnCurso(c.organizacion)) continue;
      mapa.delete(id);
      if (c.organizacion === 'FALLIDA')
        feedback.errorDialog(MSG_TRAMITE.algoSalioMal, c.organizacionObs ?? undefined);
      else if (c.tienePlanillas === 1)
        feedback.success([MSG_TRAMITE.organizadas, c.organizacionObs].filter(Boolean).join(' '));
      refresh();
    }
  }, [rows, dataUpdatedAt, feedback, refresh]);

  return {
    /** The request was accepted (202): its end is told once the list shows it. */
    pedida: (idCarga: number) => seguidas.current.set(idCarga, ultimo.current),
    /** Asked or under way: a second press is ignored. */
    enCurso: (c: Pick<Carga, 'idCarga' | 'organizacion'>) =>
      organizacionEnCurso(c.organizacion) || seguidas.current.has(c.idCarga),
  };
}
