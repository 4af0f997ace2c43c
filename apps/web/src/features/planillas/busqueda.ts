/**
 * The record search of a procedure (docs/spec-summary.md 000 §2 "Pending list and record search"): by service
 * codes, patient names, diagnoses or a range of the total. Its filters persist for the session
 * (sessionStorage, one entry per procedure), not in the URL.
 */

import { PAGE_SIZE } from '../../components/data-table.ts';
import type { BuscarApiQuery } from './planillas-api.ts';

export const TIPOS_BUSQUEDA_OPCIONES = [
  { value: 'codigos', label: 'Códigos' },
  { value: 'nombres', label: 'Nombres' },
  { value: 'diagnosticos', label: 'Diagnósticos' },
  { value: 'total', label: 'Total' },
] as const;
export type TipoBusqueda = (typeof TIPOS_BUSQUEDA_OPCIONES)[number]['value'];

export type Busqueda = {
  tipo?: TipoBusqueda;
  valor?: string;
  /** The total range (tipo total), as typed. */
  desde?: number | null;
  hasta?: number | null;
  /** 'Buscar pendientes' (the user's review type) rather than 'Buscar todos'. */
  soloPendientes: boolean;
  page: number;
};

export const BUSQUEDA_INICIAL: Busqueda = { soloPendientes: false, page: 1 };

export const busquedaStorageKey = (idTramite: number) => `planillas.buscar.${idTramite}`;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const esTipo = (v: unknown): v is TipoBusqueda => TIPOS_BUSQUEDA_OPCIONES.some((o) => o.value === v);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** The saved search of the procedure, or the initial one; anything malformed is ignored. */
export function leerBusqueda(storage: StorageLike | undefined, idTramite: number): Busqueda {
  try {
    const raw = storage?.getItem(busquedaStorageKey(idTramite));
    if (!raw) return BUSQUEDA_INICIAL;
    const b = JSON.parse(raw) as Record<string, unknown>;
    return {
      tipo: esTipo(b.tipo) ? b.tipo : undefined,
      valor: typeof b.valor === 'string' ? b.valor : undefined,
      desde: num(b.desde),
      hasta: num(b.hasta),
      soloPendientes: b.soloPendientes === true,
      page: typeof b.page === 'number' && Number.isInteger(b.page) && b.page > 0 ? b.page : 1,
    };
  } catch {
    return BUSQUEDA_INICIAL;
  }
}

export function guardarBusqueda(storage: StorageLike | undefined, idTramite: number, b: Busqueda) {
  try {
    storage?.setItem(busquedaStorageKey(idTramite), JSON.stringify(b));
  } catch {
    /* storage full or disabled: the search still works for this visit */
  }
}

export function borrarBusqueda(storage: StorageLike | undefined, idTramite: number) {
  try {
    storage?.removeItem(busquedaStorageKey(idTramite));
  } catch {
    /* ignore */
  }
}

/** A client-side check before asking: the total range must be ordered (the API says the same). */
export function errorBusqueda(b: Busqueda): string | null {
  if (b.tipo === 'total' && b.desde != null && b.hasta != null && b.desde > b.hasta)
    return 'El valor desde debe ser menor o igual al valor hasta.';
  return null;
}

/** GET /planillas/buscar for a search: the value for codes, names and diagnoses, the range for total. */
export function buscarQuery(idTramite: number, b: Busqueda): BuscarApiQuery {
  const q: BuscarApiQuery = { idTramite, page: b.page, pageSize: PAGE_SIZE };
  if (b.tipo) q.tipo = b.tipo;
  if (b.tipo === 'total') {
    if (b.desde != null) q.desde = String(b.desde);
    if (b.hasta != null) q.hasta = String(b.hasta);
  } else if (b.tipo && b.valor?.trim()) q.valor = b.valor.trim();
  if (b.soloPendientes) q.soloPendientes = 1;
  return q;
}
