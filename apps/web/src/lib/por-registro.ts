import { useState } from 'react';

/**
 * Runs `reiniciar` in the render where `clave` changes, before the children see the new value
 * (React's 'adjusting some state when a prop changes'). For screens kept mounted from one record
 * to the next (the auditor's loop, issue 14 §1): their own state (a search, a page, a selection)
 * starts again with the next record instead of carrying over.
 */
export function useAlCambiar(clave: unknown, reiniciar: () => void) {
  const [vista, setVista] = useState(clave);
  if (!Object.is(vista, clave)) {
    setVista(clave);
    reiniciar();
  }
}

/**
 * `placeholderData` for a query of one record's rows: the previous page's rows stay on screen
 * while the next page loads (as `keepPreviousData`), but only while the key still starts with
 * `prefijo` (the same record): another record's rows are never shown under this one's heading.
 */
export function previosDe(prefijo: readonly unknown[]) {
  return <T>(previos: T | undefined, consulta?: { queryKey: readonly unknown[] }): T | undefined =>
    consulta && prefijo.every((k, i) => Object.is(consulta.queryKey[i], k)) ? previos : undefined;
}
