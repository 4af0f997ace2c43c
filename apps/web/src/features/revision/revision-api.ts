import type { Page } from '@app/domain/catalogs/define';
import type { EstadoRevision, TipoRevision } from '@app/domain/planillas/permissions';
import type { AtencionRef } from '@app/domain/planillas/types';
import { api } from '../../lib/api.ts';

/** Staff that can receive an assignment of one type, with what they hold in the procedure. */
export type Asignable = {
  idUsuario: number;
  nombre: string;
  idPerfil: number;
  personaNombre: string | null;
  /** Active attentions of the procedure assigned to the user for this type. */
  asignadas: number;
  /** Of those, still PENDIENTE for this type. */
  pendientes: number;
};

export type AsignacionResumen = {
  tipo: TipoRevision;
  usuarios: Asignable[];
  /** Active attentions of the procedure without a holder of this type. */
  sinAsignar: number;
  total: number;
};

/** An active load of the procedure with its counts for one review type. */
export type CargaAsignacion = {
  idCarga: number;
  tipoCarga: 'M' | 'S' | 'A' | string;
  numSemana: number | null;
  fechaDesde: string;
  fechaHasta: string;
  total: number;
  pendientes: number;
  /** Pending and without a holder. */
  sinAsignar: number;
};

export type PlanillaAsignacion = AtencionRef & {
  /** estadoAud (M) or estadoDoc (D). */
  estado: EstadoRevision;
  idUsuario: number | null;
  usuarioNombre: string | null;
};

export type PlanillasAsignacionQuery = {
  tipo: TipoRevision;
  idCarga?: string;
  /** 'sin' or a user id. */
  asignado?: string;
  estado?: string;
  numero?: string;
  page: number;
  pageSize: number;
};

export type AsignacionBody = {
  tipo: TipoRevision;
  idUsuario?: number;
  idUsuarios?: number[];
  idPlanillas?: number[];
  idCarga?: number;
  repartir?: boolean;
};

export type AsignacionRespuesta = { mensaje: string; asignadas: number; estadoTramite: string };

export type ControlResultado = {
  idPlanilla: number;
  idCarga: number;
  numero: string;
  cedula: string;
  nombre: string;
  fechaDesde: string;
  fechaHasta: string;
  motivo: string;
};

/** A load as GET /tramites/:id/cargas lists it (only what the controls' selector needs). */
export type CargaRef = {
  idCarga: number;
  tipoCarga?: string;
  numSemana?: number | null;
  fechaDesde: string;
  fechaHasta: string;
};

export const revisionKeys = {
  all: ['revision'] as const,
  asignacion: (idTramite: number, tipo: TipoRevision) => ['revision', 'asignacion', idTramite, tipo] as const,
  cargasAsignacion: (idTramite: number, tipo: TipoRevision) =>
    ['revision', 'asignacion-cargas', idTramite, tipo] as const,
  planillasAsignacion: (idTramite: number, q: PlanillasAsignacionQuery) =>
    ['revision', 'asignacion-planillas', idTramite, q] as const,
  control: (idTramite: number, n: number, idCarga: number | undefined, page: number, pageSize: number) =>
    ['revision', 'control', idTramite, n, idCarga ?? 0, page, pageSize] as const,
  cargas: (idTramite: number) => ['revision', 'cargas', idTramite] as const,
};

export const revisionApi = {
  asignacion: (idTramite: number, tipo: TipoRevision, signal?: AbortSignal) =>
    api<AsignacionResumen>(`/tramites/${idTramite}/asignaciones`, { query: { tipo }, signal }),
  cargasAsignacion: (idTramite: number, tipo: TipoRevision, signal?: AbortSignal) =>
    api<{ items: CargaAsignacion[] }>(`/tramites/${idTramite}/asignaciones/cargas`, {
      query: { tipo },
      signal,
    }),
  planillasAsignacion: (idTramite: number, q: PlanillasAsignacionQuery, signal?: AbortSignal) =>
    api<Page<PlanillaAsignacion>>(`/tramites/${idTramite}/asignaciones/planillas`, { query: q, signal }),
  asignar: (idTramite: number, body: AsignacionBody) =>
    api<AsignacionRespuesta>(`/tramites/${idTramite}/asignaciones`, { method: 'POST', body }),
  control: (
    idTramite: number,
    n: number,
    q: { idCarga?: number; page: number; pageSize: number },
    signal?: AbortSignal,
  ) => api<Page<ControlResultado>>(`/tramites/${idTramite}/controles/${n}`, { query: q, signal }),
  /** Every active load of the procedure (newest first), for the load selector. */
  cargas: (idTramite: number, signal?: AbortSignal) =>
    api<Page<CargaRef>>(`/tramites/${idTramite}/cargas`, { query: { page: 1, pageSize: 100 }, signal }),
};
