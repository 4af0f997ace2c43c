import type { DetalleEscritura, DetallesPage } from '@app/domain/detalles/responses';
import type { observacionesPlanillaSchema } from '@app/domain/observaciones/schemas';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import type {
  deletePlanillasByIdPlantillaResponse,
  getDiagnosticosCodigoByCodigoResponse,
  getDiagnosticosResponse,
  getPlanillasByIdOtrasResponse,
  getPlanillasPendientesResponse,
  getPlanillasSiguientePendienteResponse,
  getPlantillasResponse,
  postCargasByIdRevisionFinalizarResponse,
  postPlanillasByIdPlantillaResponse,
  putPlanillasByIdResponse,
  revisionTransicionResponse,
} from '@app/domain/planillas/responses';
import type {
  AuditoriaRespuesta,
  PlanillaDetalleRespuesta,
  RevisionRespuesta,
} from '@app/domain/planillas/types';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import type { cuerpoGuardar } from './planilla-rules.ts';

export type Planilla = PlanillaDetalleRespuesta;
export type PlanillaBody = ReturnType<typeof cuerpoGuardar>;

export type Plantilla = z.input<typeof getPlantillasResponse>[number];

/** Another attention of the same patient at the provider. */
export type OtraAtencion = z.input<typeof getPlanillasByIdOtrasResponse>['items'][number];

/** The answer of a review transition (reiniciar, finalizar, reabrir): the attention's new states. */
type TransicionRespuesta = z.input<typeof revisionTransicionResponse>;

export const planillaKeys = {
  all: ['planilla'] as const,
  detail: (id: number) => ['planilla', id] as const,
  /** Everything hanging from one attention (line items, audit, observations, others). */
  sub: (id: number, name: string, params?: unknown) =>
    params === undefined ? (['planilla', id, name] as const) : (['planilla', id, name, params] as const),
  plantillas: ['plantillas'] as const,
  diagnosticos: (q: string, page: number) => ['diagnosticos', q, page] as const,
};

export const planillaApi = {
  get: (id: number, signal?: AbortSignal) => api<Planilla>(`/planillas/${id}`, { signal }),
  update: (id: number, body: PlanillaBody) =>
    api<z.input<typeof putPlanillasByIdResponse>>(`/planillas/${id}`, { method: 'PUT', body }),

  revisar: (id: number, tipo: TipoRevision, version: number) =>
    api<RevisionRespuesta>(`/planillas/${id}/revision`, { method: 'POST', body: { tipo, version } }),
  reiniciar: (id: number, tipo: TipoRevision, version: number) =>
    api<TransicionRespuesta>(`/planillas/${id}/revision/reiniciar`, {
      method: 'POST',
      body: { tipo, version },
    }),
  finalizar: (id: number, tipo: TipoRevision, version: number) =>
    api<TransicionRespuesta>(`/planillas/${id}/revision/finalizar`, {
      method: 'POST',
      body: { tipo, version },
    }),
  reabrir: (id: number, tipo: TipoRevision, version: number) =>
    api<TransicionRespuesta>(`/planillas/${id}/revision/reabrir`, {
      method: 'POST',
      body: { tipo, version },
    }),
  finalizarCarga: (idCarga: number, tipo: TipoRevision) =>
    api<z.input<typeof postCargasByIdRevisionFinalizarResponse>>(`/cargas/${idCarga}/revision/finalizar`, {
      method: 'POST',
      body: { tipo },
    }),
  /** The next (or previous) pending attention of the procedure and load for this review type. */
  siguientePendiente: (
    q: {
      idTramite: number;
      idCarga: number;
      tipo: TipoRevision;
      despuesDe: number;
      anterior?: boolean;
    },
    signal?: AbortSignal,
  ) =>
    api<z.input<typeof getPlanillasSiguientePendienteResponse>>('/planillas/siguiente-pendiente', {
      query: { ...q, anterior: q.anterior ? '1' : undefined },
      signal,
    }),

  /** How many attentions of the procedure's load still wait for this user's review of this type. */
  pendientes: (q: { idTramite: number; idCarga: number; tipo: TipoRevision }, signal?: AbortSignal) =>
    api<z.input<typeof getPlanillasPendientesResponse>>('/planillas/pendientes', { query: q, signal }),

  plantillas: (signal?: AbortSignal) => api<Plantilla[]>('/plantillas', { signal }),
  aplicarPlantilla: (id: number, idPlantilla: number, version: number) =>
    api<z.input<typeof postPlanillasByIdPlantillaResponse>>(`/planillas/${id}/plantilla`, {
      method: 'POST',
      body: { idPlantilla, version },
    }),
  quitarPlantilla: (id: number, version: number) =>
    api<z.input<typeof deletePlanillasByIdPlantillaResponse>>(`/planillas/${id}/plantilla`, {
      method: 'DELETE',
      body: { version },
    }),

  diagnosticos: (q: string, page: number, signal?: AbortSignal) =>
    api<z.input<typeof getDiagnosticosResponse>>('/diagnosticos', { query: { q, page }, signal }),
  diagnosticoPorCodigo: (codigo: string, signal?: AbortSignal) =>
    api<z.input<typeof getDiagnosticosCodigoByCodigoResponse>>(
      `/diagnosticos/codigo/${encodeURIComponent(codigo)}`,
      { signal },
    ),

  detalles: (
    id: number,
    q: { q?: string; estado?: '1' | '0' | 'todos'; page: number; pageSize: number },
    signal?: AbortSignal,
  ) => api<DetallesPage>(`/planillas/${id}/detalles`, { query: q, signal }),
  detalleEstado: (id: number, idDet: number, estado: 0 | 1, version: number) =>
    api<DetalleEscritura>(`/planillas/${id}/detalles/${idDet}/estado`, {
      method: 'PUT',
      body: { estado, version },
    }),
  observaciones: (id: number, tipo: TipoRevision, page: number, signal?: AbortSignal) =>
    api<z.input<typeof observacionesPlanillaSchema>>(`/planillas/${id}/observaciones`, {
      query: { tipo, page, pageSize: 10 },
      signal,
    }),
  otras: (id: number, page: number, signal?: AbortSignal) =>
    api<z.input<typeof getPlanillasByIdOtrasResponse>>(`/planillas/${id}/otras`, {
      query: { page, pageSize: 10 },
      signal,
    }),
  auditoria: (id: number, signal?: AbortSignal) =>
    api<AuditoriaRespuesta>(`/planillas/${id}/auditoria`, { signal }),
};
