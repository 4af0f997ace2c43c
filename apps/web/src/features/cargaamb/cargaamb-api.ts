import type {
  getTramitesByIdCargaambByIdCargaAmbResponse,
  getTramitesByIdCargaambResponse,
  Page,
  postTramitesByIdCargaambResponse201,
} from '@app/domain';
import type { z } from 'zod';
import type { ListQuery } from '../../components/resource-list.tsx';
import { api } from '../../lib/api.ts';

/** The ambulatory loads of a procedure (apps/api/src/features/cargaamb) and their query keys. */

/** A row of the list and the whole record, as the API answers them (instants as strings). */
export type CargaAmbRow = z.input<typeof getTramitesByIdCargaambResponse>['items'][number];
export type CargaAmb = z.input<typeof getTramitesByIdCargaambByIdCargaAmbResponse>;
export type CargaAmbSubida = z.input<typeof postTramitesByIdCargaambResponse201>;

export const cargaAmbApi = (idTramite: number) => ({
  list: (query: ListQuery, signal?: AbortSignal) =>
    api<Page<CargaAmbRow>>(`/tramites/${idTramite}/cargaamb`, { query, signal }),
  get: (id: number, signal?: AbortSignal) =>
    api<CargaAmb>(`/tramites/${idTramite}/cargaamb/${id}`, { signal }),
  // Sent once: a network failure is reported, never re-posted (the server may have stored it).
  upload: (form: FormData) =>
    api<CargaAmbSubida>(`/tramites/${idTramite}/cargaamb`, { method: 'POST', body: form }),
});

/** Every cached list or record of a procedure's ambulatory loads starts with ['cargaamb', idTramite]. */
export const cargaAmbKeys = {
  all: (idTramite: number) => ['cargaamb', idTramite] as const,
  one: (idTramite: number, id: number | null) => ['cargaamb', idTramite, 'uno', id] as const,
};
