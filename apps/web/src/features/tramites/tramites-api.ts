import type { getTramitesByIdFilasResponse } from '@app/domain/cargas/responses';
import type { Page } from '@app/domain/catalogs/define';
import type {
  observacionesListaQuerySchema,
  observacionesTramiteSchema,
} from '@app/domain/observaciones/schemas';
import type {
  getBitacoraByIdBitacoraResponse,
  getPrestadoresMiosResponse,
  getTramitesByIdResponse,
  getTramitesResponse,
  postTramitesByIdAccionesByAccionResponse,
  postTramitesResponse201,
  putTramitesByIdResponse,
} from '@app/domain/tramites/responses';
import type { TramiteInput, tramiteUpdateSchema } from '@app/domain/tramites/schemas';
import type { VistaTramite } from '@app/domain/tramites/vistas';
import type { Accion, EstadoTramite } from '@app/domain/tramites/workflow';
import type { z } from 'zod';
import { downloadFile } from '../../components/download.ts';
import { type FormatoExport, nombreExport } from '../../components/exportar.ts';
import { api } from '../../lib/api.ts';

/** A procedure as the lists answer it (docs/spec-summary.md 000 §3), instants as strings. */
export type Tramite = z.input<typeof getTramitesResponse>['items'][number];

/** GET /tramites/:id adds the workflow actions this user may try now. */
export type TramiteDetalle = z.input<typeof getTramitesByIdResponse>;

/** The procedure lists (the list query's `vista`), declared in the domain with their paths and titles. */
export type Vista = VistaTramite;

/** The list query as the screen sends it: the URL's filters as strings (the API coerces and checks them). */
export type TramiteListQuery = {
  vista: Vista;
  estado?: string;
  idPrestador?: string;
  idServicio?: string;
  desde?: string;
  hasta?: string;
  numero?: string;
  page: number;
  pageSize: number;
};

export type TramiteUpdate = z.input<typeof tramiteUpdateSchema>;

export type Prestador = z.input<typeof getPrestadoresMiosResponse>[number];

export type Servicio = { idServicio: number; codigo: string; nombre: string };

export type BitacoraEntry = z.input<typeof getBitacoraByIdBitacoraResponse>;

export type BitacoraQuery = { q?: string; tipo?: string; page: number; pageSize: number };

/** A row of the claim data file as received (GET /tramites/:id/filas). */
export type FilaDatos = z.input<typeof getTramitesByIdFilasResponse>['items'][number];

/** An observation of the procedure's report (ObservacionesTramite) with its attention. */
export type ObservacionTramiteFila = z.input<typeof observacionesTramiteSchema>['items'][number];

/** Everything cached about procedures starts with `tramiteKeys.all`, so an action refreshes lists and detail. */
export const tramiteKeys = {
  all: ['tramites'] as const,
  list: (q: TramiteListQuery) => ['tramites', 'lista', q] as const,
  detail: (id: number) => ['tramites', 'detalle', id] as const,
  bitacora: (id: number, q: BitacoraQuery) => ['tramites', 'bitacora', id, q] as const,
  observaciones: (id: number, q: object) => ['tramites', 'observaciones', id, q] as const,
  filas: (id: number, vista: string, page: number) => ['tramites', 'filas', id, vista, page] as const,
  prestadores: ['prestadores', 'mios'] as const,
};

export const tramitesApi = {
  list: (q: TramiteListQuery, signal?: AbortSignal) => api<Page<Tramite>>('/tramites', { query: q, signal }),
  get: (id: number, signal?: AbortSignal) => api<TramiteDetalle>(`/tramites/${id}`, { signal }),
  create: (body: TramiteInput) =>
    api<z.input<typeof postTramitesResponse201>>('/tramites', { method: 'POST', body }),
  update: (id: number, body: TramiteUpdate) =>
    api<z.input<typeof putTramitesByIdResponse>>(`/tramites/${id}`, { method: 'PUT', body }),
  accion: (id: number, accion: Accion, estadoActual?: EstadoTramite) =>
    api<z.input<typeof postTramitesByIdAccionesByAccionResponse>>(`/tramites/${id}/acciones/${accion}`, {
      method: 'POST',
      body: estadoActual ? { estadoActual } : {},
    }),
  prestadores: (signal?: AbortSignal) => api<Prestador[]>('/prestadores/mios', { signal }),
  servicios: (signal?: AbortSignal) =>
    api<Page<Servicio>>('/catalogos/servicio', { query: { page: 1, pageSize: 100, sort: 'nombre' }, signal }),
  bitacora: (id: number, q: BitacoraQuery, signal?: AbortSignal) =>
    api<Page<BitacoraEntry>>(`/tramites/${id}/bitacora`, { query: q, signal }),
  filas: (id: number, vista: string, page: number, signal?: AbortSignal) =>
    api<Page<FilaDatos>>(`/tramites/${id}/filas`, { query: { vista, page, pageSize: 10 }, signal }),
  /** The observations report (ObservacionesTramite). */
  observaciones: (id: number, q: ObservacionesTramiteFiltro & { page: number }, signal?: AbortSignal) =>
    api<Page<ObservacionTramiteFila>>(`/tramites/${id}/observaciones`, {
      query: { ...q, pageSize: 10 },
      signal,
    }),
  /** Its export: Observaciones_tramite_{id}.csv or .xlsx. */
  observacionesExport: (id: number, q: ObservacionesTramiteFiltro, formato: FormatoExport = 'csv') =>
    downloadFile(`/tramites/${id}/observaciones`, nombreExport(`Observaciones_tramite_${id}.csv`, formato), {
      ...q,
      formato,
    }),
};

/** The report's filters, as the API reads them (the schema's input is the URL's text). */
export type ObservacionesTramiteFiltro = Pick<
  z.output<typeof observacionesListaQuerySchema>,
  'tipo' | 'respondida' | 'idCarga'
>;
