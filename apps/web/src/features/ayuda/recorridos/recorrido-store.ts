import { RECORRIDOS, type Recorrido } from '@app/domain/herramientas/preferencias';
import { useSyncExternalStore } from 'react';

/**
 * The tour being walked, if any: a small store the Ayuda page and the first-sign-in offer start, and the host in
 * the shell runs. Kept in sessionStorage so a reload in the middle of a tour goes on from the same step.
 */
export type RecorridoActivo = { key: Recorrido; paso: number };

const KEY = 'recorrido-activo';
const listeners = new Set<() => void>();

function leer(): RecorridoActivo | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as RecorridoActivo | null;
    return v && RECORRIDOS.includes(v.key) && Number.isInteger(v.paso) && v.paso >= 0 ? v : null;
  } catch {
    return null;
  }
}

let actual: RecorridoActivo | null = typeof sessionStorage === 'undefined' ? null : leer();

function fijar(v: RecorridoActivo | null) {
  actual = v;
  if (v) sessionStorage.setItem(KEY, JSON.stringify(v));
  else sessionStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export const iniciarRecorrido = (key: Recorrido) => fijar({ key, paso: 0 });
export const irAPaso = (paso: number) => actual && fijar({ ...actual, paso });
export const terminarRecorrido = () => fijar(null);

export function useRecorridoActivo(): RecorridoActivo | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => actual,
  );
}
