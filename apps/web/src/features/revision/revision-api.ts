import type { getTramitesByIdCargasResponse } from '@app/domain/cargas/responses';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import type {
  getTramitesByIdAsignacionesCargasResponse,
  getTramitesByIdAsignacionesPlanillasResponse,
  getTramitesByIdAsignacionesResponse,
  getTramitesByIdControlesByNResponse,
  postTramitesByIdAsignacionesResponse,
} from '@app/domain/planillas/responses-revision';
import type { asignacionBodySchema } from '@app/domain/planillas/schemas';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

/** The staff of one review type with what they hold in the procedure, and its unassigned attentions. */
export type AsignacionResumen = z.input<typeof getTramitesByIdAsignacionesResponse>;
/** Staff that can receive an assignment of one type, with what they hold in the procedure. */
export type Asignable = AsignacionResumen['usuarios'][number];

/** An active load of the procedure with its counts for one review type. */
export type CargaAsignacion = z.input<typeof getTramitesByIdAsignacionesCargasResponse>['items'][number];

export type PlanillaAsignacion = z.input<
  typeof getTramitesByIdAsignacionesPlanillasResponse
>['items'][number];

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

export type AsignacionBody = z.input<typeof asignacionBodySchema>;

export type AsignacionRespuesta = z.input<typeof postTramitesByIdAsignacionesResponse>;

/** The page of one control (1–5): the attentions it found, with the reason. */
export type ControlPagina = z.input<typeof getTramitesByIdControlesByNResponse>;
export type ControlResultado = ControlPagina['items'][number];

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
    api<z.input<typeof getTramitesByIdAsignacionesCargasResponse>>(
      `/tramites/${idTramite}/asignaciones/cargas`,
      {
        query: { tipo },
        signal,
      },
    ),
  planillasAsignacion: (idTramite: number, q: PlanillasAsignacionQuery, signal?: AbortSignal) =>
    api<z.input<typeof getTramitesByIdAsignacionesPlanillasResponse>>(
      `/tramites/${idTramite}/asignaciones/planillas`,
      { query: q, signal },
    ),
  asignar: (idTramite: number, body: AsignacionBody) =>
    api<AsignacionRespuesta>(`/tramites/${idTramite}/asignaciones`, { method: 'POST', body }),
  control: (
    idTramite: number,
    n: number,
    q: { idCarga?: number; page: number; pageSize: number },
    signal?: AbortSignal,
  ) => api<ControlPagina>(`/tramites/${idTramite}/controles/${n}`, { query: q, signal }),
  /** Every active load of the procedure (newest first), for the load selector. */
  cargas: (idTramite: number, signal?: AbortSignal) =>
    api<z.input<typeof getTramitesByIdCargasResponse>>(`/tramites/${idTramite}/cargas`, {
      query: { page: 1, pageSize: 100 },
      signal,
    }),
};
