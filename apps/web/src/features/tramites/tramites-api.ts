import type { Page } from '@app/domain/catalogs/define';
import type { ObservacionTramiteFila } from '@app/domain/planillas/detalles';
import type { TramiteInput } from '@app/domain/tramites/schemas';
import type { Accion, BitacoraTipo, EstadoTramite } from '@app/domain/tramites/workflow';
import { downloadFile } from '../../components/download.ts';
import { type FormatoExport, nombreExport } from '../../components/exportar.ts';
import { api } from '../../lib/api.ts';

/** The procedure view of apps/api/src/features/tramites/queries.ts (docs/spec-summary.md 000 §3). */
export type Tramite = {
  idTramite: number;
  numero: string;
  fechaReg: string;
  estadoTramite: EstadoTramite;
  idPrestador: number;
  nombreComercial: string;
  idServicio: number;
  servicioNombre: string;
  aseguradorNombre: string;
  fechaDesde: string;
  fechaHasta: string;
  descripcion: string;
  numSemana: number;
  maxSemanas: number;
  frecuenciaCarga: 'S' | 'M';
  tipoAsignacion: string | null;
  tieneApr: number;
  fechaIniAud: string | null;
  fechaFinAud: string | null;
  version: number;
  numCargas: number;
  numPlanillas: number;
  /** 'Trámites Asignados' of the auditor (18) and the operative (20): attentions still to review. */
  misPendientes?: number;
};

/** GET /tramites/:id adds the workflow actions this user may try now. */
export type TramiteDetalle = Tramite & { acciones: Accion[] };

export type Vista = 'todos' | 'asignados' | 'procesados' | 'carga';

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

export type TramiteUpdate = { fechaDesde: string; fechaHasta: string; descripcion: string; version: number };

export type Prestador = { idPrestador: number; nombreComercial: string; ruc?: string };

export type Servicio = { idServicio: number; codigo: string; nombre: string };

export type BitacoraEntry = {
  idBitacoraTra: number;
  idTramite: number;
  idUsuario: number;
  tipo: BitacoraTipo | string;
  observacion: string;
  fechaReg: string;
  usuarioNombre: string;
};

export type BitacoraQuery = { q?: string; tipo?: string; page: number; pageSize: number };

/** A row of the claim data file as received (GET /tramites/:id/filas). */
export type FilaDatos = {
  idCarga: number;
  fila: number;
  idTramite: string | null;
  noPlanilla: string | null;
  cedula1: string | null;
  cedula2: string | null;
  nombre: string | null;
  fIngreso: string | null;
  fSalida: string | null;
  diagPri: string | null;
  diagSec: string | null;
  lMuerto: string | null;
  fTarifario: string | null;
  noServicio: string | null;
  cantidad: string | null;
  vSem: string | null;
  vPaciente: string | null;
  noModificador: string | null;
  nombreMedIns: string | null;
  tipo: string | null;
  fechaAtencion: string | null;
  tieneError?: boolean;
  tieneNovedad?: boolean;
  /** Reasons of the row's novedades. */
  novedades?: string[];
};

export type Mensaje<T> = { mensaje: string; item: T };

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
  create: (body: TramiteInput) => api<Mensaje<TramiteDetalle>>('/tramites', { method: 'POST', body }),
  update: (id: number, body: TramiteUpdate) =>
    api<Mensaje<TramiteDetalle>>(`/tramites/${id}`, { method: 'PUT', body }),
  accion: (id: number, accion: Accion, estadoActual?: EstadoTramite) =>
    api<Mensaje<TramiteDetalle>>(`/tramites/${id}/acciones/${accion}`, {
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

export type ObservacionesTramiteFiltro = { tipo?: 'M' | 'D'; respondida?: 'si' | 'no'; idCarga?: number };
