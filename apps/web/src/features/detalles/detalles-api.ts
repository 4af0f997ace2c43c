import type {
  DetalleAprobado,
  DetalleCrear,
  DetalleEditar,
  DetalleEscritura,
  DetallesPage,
  elementosBusquedaSchema,
  equivalenciaEscrituraSchema,
  equivalenciaRespuestaSchema,
  PlanillaTotales,
  TramiteTotales,
  tarifasBusquedaSchema,
} from '@app/domain/detalles/index';
import type { DetalleQuery } from '@app/domain/planillas/detalles';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

/** Which lines the list shows: active (1), inactive (0) or all. */
export type EstadoFiltro = DetalleQuery['estado'];

/** Query keys: everything of one attention hangs from ['planilla', id] (the record page's keys). */
export const detalleKeys = {
  lista: (id: number, params: unknown) => ['planilla', id, 'detalles-auditoria', params] as const,
  totales: (id: number) => ['planilla', id, 'totales'] as const,
  tramite: (idTramite: number) => ['tramite', idTramite, 'totales'] as const,
  busqueda: (id: number, tipo: string, q: string, page: number) =>
    ['planilla', id, 'busca', tipo, q, page] as const,
  equivalencia: (id: number, q: string, page: number) => ['elempres', id, 'equivalencia', q, page] as const,
};

const linea = (id: number, idDet: number, sub = '') => `/planillas/${id}/detalles/${idDet}${sub}`;

export const detallesApi = {
  lista: (
    id: number,
    q: { q?: string; estado: EstadoFiltro; page: number; pageSize: number },
    signal?: AbortSignal,
  ) => api<DetallesPage>(`/planillas/${id}/detalles`, { query: q, signal }),
  crear: (id: number, body: DetalleCrear) =>
    api<DetalleEscritura>(`/planillas/${id}/detalles`, { method: 'POST', body }),
  editar: (id: number, idDet: number, body: DetalleEditar) =>
    api<DetalleEscritura>(linea(id, idDet), { method: 'PUT', body }),
  aprobar: (id: number, idDet: number, body: DetalleAprobado) =>
    api<DetalleEscritura>(linea(id, idDet, '/aprobado'), { method: 'PUT', body }),
  fecha: (id: number, idDet: number, fechaAtencion: string, version: number) =>
    api<DetalleEscritura>(linea(id, idDet, '/fecha'), { method: 'PUT', body: { fechaAtencion, version } }),
  glosaTarifa: (id: number, idDet: number, version: number) =>
    api<DetalleEscritura>(linea(id, idDet, '/glosa-tarifa'), { method: 'POST', body: { version } }),
  estado: (id: number, idDet: number, estado: 0 | 1, version: number) =>
    api<DetalleEscritura>(linea(id, idDet, '/estado'), { method: 'PUT', body: { estado, version } }),
  tarifas: (id: number, q: string, page: number, signal?: AbortSignal) =>
    api<z.input<typeof tarifasBusquedaSchema>>(`/planillas/${id}/tarifas`, {
      query: { q, page, pageSize: 5 },
      signal,
    }),
  elementos: (id: number, q: string, page: number, signal?: AbortSignal) =>
    api<z.input<typeof elementosBusquedaSchema>>(`/planillas/${id}/elementos`, {
      query: { q, page, pageSize: 5 },
      signal,
    }),
  totalesPlanilla: (id: number, signal?: AbortSignal) =>
    api<PlanillaTotales>(`/planillas/${id}/totales`, { signal }),
  totalesTramite: (idTramite: number, signal?: AbortSignal) =>
    api<TramiteTotales>(`/tramites/${idTramite}/totales`, { signal }),
  equivalencia: (id: number, q: string, page: number, signal?: AbortSignal) =>
    api<z.input<typeof equivalenciaRespuestaSchema>>(`/elempres/${id}/equivalencia`, {
      query: { q, page, pageSize: 10 },
      signal,
    }),
  asignarEquivalencia: (id: number, idElemento: number | null) =>
    api<z.input<typeof equivalenciaEscrituraSchema>>(`/elempres/${id}/equivalencia`, {
      method: 'PUT',
      body: { idElemento },
    }),
};
