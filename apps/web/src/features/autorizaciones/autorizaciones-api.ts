import type {
  autorizacionAccionResponse,
  getAutorizacionesByIdResponse,
  getCargasActivasResponse,
  getTramitesByIdAutorizacionesResponse,
  postTramitesByIdAutorizacionesResponse201,
} from '@app/domain/autorizaciones/responses';
import type { AccionAutorizacion } from '@app/domain/autorizaciones/rules';
import type { AutorizacionInput } from '@app/domain/autorizaciones/schemas';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type { AccionAutorizacion };

export type AutorizacionesPage = z.input<typeof getTramitesByIdAutorizacionesResponse>;

/** An authorization request (docs/spec-summary.md 000 §3: idAutorizacion, descripcion, observacion, estadoAut, fechaReg, fechaApr). */
export type Autorizacion = AutorizacionesPage['items'][number];

export type AutorizacionDetalle = z.input<typeof getAutorizacionesByIdResponse>;

export type NuevaSolicitud = AutorizacionInput;

/** An active load of the procedure, as the active-load check answers it (without the progress message). */
export type CargaActiva = z.input<typeof getCargasActivasResponse>['items'][number];

export const autorizacionKeys = {
  all: ['autorizaciones'] as const,
  list: (idTramite: number, page: number, estadoAut?: string) =>
    ['autorizaciones', 'tramite', idTramite, estadoAut ?? '', page] as const,
  detail: (id: number) => ['autorizaciones', 'detalle', id] as const,
  cargas: (idTramite: number, idAutorizacion: number) =>
    ['autorizaciones', 'cargas', idTramite, idAutorizacion] as const,
};

export const autorizacionesApi = {
  list: (idTramite: number, page: number, estadoAut?: string, signal?: AbortSignal) =>
    api<AutorizacionesPage>(`/tramites/${idTramite}/autorizaciones`, {
      query: { page, pageSize: 10, estadoAut },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) => api<AutorizacionDetalle>(`/autorizaciones/${id}`, { signal }),
  create: (idTramite: number, body: NuevaSolicitud) =>
    api<z.input<typeof postTramitesByIdAutorizacionesResponse201>>(`/tramites/${idTramite}/autorizaciones`, {
      method: 'POST',
      body,
    }),
  resolver: (id: number, accion: Exclude<AccionAutorizacion, 'cargar'>, observacion?: string) =>
    api<z.input<typeof autorizacionAccionResponse>>(`/autorizaciones/${id}/${accion}`, {
      method: 'POST',
      body: observacion ? { observacion } : {},
    }),
  /** The active-load check (docs/spec-summary.md 000 §7): the authorization's active loads, newest first. */
  cargasActivas: (idTramite: number, idAutorizacion: number, signal?: AbortSignal) =>
    api<z.input<typeof getCargasActivasResponse>>('/cargas/activas', {
      query: { idTramite, idAutorizacion, page: 1, pageSize: 100 },
      signal,
    }),
};
