import type { EstadoAutorizacion } from '@app/domain/autorizaciones/rules';
import type { Page } from '@app/domain/catalogs/define';
import { api } from '../../lib/api.ts';
import type { Carga } from '../cargas/cargas-api.ts';
import type { Tramite } from '../tramites/tramites-api.ts';

export type AccionAutorizacion = 'aprobar' | 'rechazar' | 'anular' | 'cargar';

/** An authorization request (docs/spec-summary.md 000 §3: idAutorizacion, descripcion, observacion, estadoAut, fechaReg, fechaApr). */
export type Autorizacion = {
  idAutorizacion: number;
  idTramite: number;
  descripcion: string;
  observacion: string | null;
  estadoAut: EstadoAutorizacion;
  fechaDesde: string | null;
  fechaHasta: string | null;
  fechaReg: string;
  fechaApr: string | null;
  fechaAct: string | null;
  usuarioSolicita: string | null;
  usuarioResuelve: string | null;
  numCargas: number;
  numPlanillas: number;
  acciones: AccionAutorizacion[];
};

export type AutorizacionDetalle = Autorizacion & { tramite: Tramite };

export type AutorizacionesPage = Page<Autorizacion> & { puedeSolicitar: boolean };

export type NuevaSolicitud = { descripcion: string; fechaDesde: string; fechaHasta: string };

export type Mensaje<T> = { mensaje: string; item: T };

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
    api<Mensaje<AutorizacionDetalle>>(`/tramites/${idTramite}/autorizaciones`, { method: 'POST', body }),
  resolver: (id: number, accion: Exclude<AccionAutorizacion, 'cargar'>, observacion?: string) =>
    api<Mensaje<AutorizacionDetalle>>(`/autorizaciones/${id}/${accion}`, {
      method: 'POST',
      body: observacion ? { observacion } : {},
    }),
  /** The active-load check (docs/spec-summary.md 000 §7): the authorization's active loads, newest first. */
  cargasActivas: (idTramite: number, idAutorizacion: number, signal?: AbortSignal) =>
    api<Page<Carga>>('/cargas/activas', {
      query: { idTramite, idAutorizacion, page: 1, pageSize: 100 },
      signal,
    }),
};
