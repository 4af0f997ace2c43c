import type { mensajeSchema } from '@app/domain/common/responses';
import type { NivelObservacion } from '@app/domain/observaciones/rules';
import type {
  archivosRespuestaSchema,
  Completitud,
  EnvioResultado,
  ObservacionCrear,
  ObservacionDetalle,
  ObservacionEditar,
  ObservacionesListaQuery,
  ObservacionItem,
  ObservacionTramiteItem,
  observacionesPlanillaSchema,
  observacionesTramiteSchema,
  observacionMutacionSchema,
  RespuestaObservacion,
  resolucionSchema,
  respuestasEstandarSchema,
} from '@app/domain/observaciones/schemas';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import type { EstadoTramite } from '@app/domain/tramites/workflow';
import type { z } from 'zod';
import { fetchCatalogPage } from '../../components/catalog/catalog-api.ts';
import { api } from '../../lib/api.ts';

/*
 * The observations API (apps/api/src/features/observaciones) with its query keys. Types come from
 * the domain's zod schemas (z.input: what the JSON carries, dates as strings).
 */

export type { Completitud, EnvioResultado, ObservacionDetalle, ObservacionItem, ObservacionTramiteItem };
export type ObservacionesPlanilla = z.input<typeof observacionesPlanillaSchema>;
export type Mutacion = z.input<typeof observacionMutacionSchema>;
export type ArchivosRespuesta = z.input<typeof archivosRespuestaSchema>;
export type Permisos = ObservacionesPlanilla['permisos'];
export type Opcion = { value: number; label: string };
export type ResolucionBody = Omit<z.input<typeof resolucionSchema>, 'tipo'> & { tipo?: TipoRevision };

/** The level of an item ('PLANILLA' / 'DETALLE') as the routes name it. */
export const nivelDe = (o: Pick<ObservacionItem, 'nivel'>): NivelObservacion =>
  o.nivel === 'PLANILLA' ? 'planilla' : 'detalle';

export const obsKeys = {
  all: ['observaciones'] as const,
  planilla: (id: number, tipo: string) => ['observaciones', 'planilla', id, tipo] as const,
  tramite: (id: number, q: object) => ['observaciones', 'tramite', id, q] as const,
  detalle: (nivel: string, id: number) => ['observaciones', 'detalle', nivel, id] as const,
  completitud: (id: number, tipo: string, idCarga?: number) =>
    ['observaciones', 'completitud', id, tipo, idCarga ?? null] as const,
  estandar: (tipo: string) => ['observaciones', 'estandar', tipo] as const,
  respuestas: (idTramite: number) => ['observaciones', 'respuestas', idTramite] as const,
};

export const obsApi = {
  /** Every observation of an attention and its line items of one type (up to 100: an attention has few). */
  planilla: (id: number, tipo: TipoRevision, signal?: AbortSignal) =>
    api<ObservacionesPlanilla>(`/planillas/${id}/observaciones`, {
      query: { tipo, page: 1, pageSize: 100 },
      signal,
    }),
  tramite: (id: number, q: ObservacionesListaQuery, signal?: AbortSignal) =>
    api<z.input<typeof observacionesTramiteSchema>>(`/tramites/${id}/observaciones`, { query: q, signal }),
  detalle: (nivel: NivelObservacion, id: number, signal?: AbortSignal) =>
    api<ObservacionDetalle>(`/observaciones/${nivel}/${id}`, { signal }),
  crear: (nivel: NivelObservacion, id: number, body: ObservacionCrear) =>
    api<Mutacion>(
      nivel === 'planilla' ? `/planillas/${id}/observaciones` : `/planilla-detalles/${id}/observaciones`,
      {
        method: 'POST',
        body,
      },
    ),
  editar: (nivel: NivelObservacion, id: number, body: ObservacionEditar) =>
    api<Mutacion>(`/observaciones/${nivel}/${id}`, { method: 'PUT', body }),
  eliminar: (nivel: NivelObservacion, id: number, version: number, tipo?: TipoRevision) =>
    api<z.input<typeof mensajeSchema>>(`/observaciones/${nivel}/${id}`, {
      method: 'DELETE',
      query: { version, tipo },
    }),
  responder: (nivel: NivelObservacion, id: number, body: RespuestaObservacion) =>
    api<Mutacion>(`/observaciones/${nivel}/${id}/respuesta`, { method: 'POST', body }),
  resolver: (nivel: NivelObservacion, id: number, body: ResolucionBody) =>
    api<Mutacion>(`/observaciones/${nivel}/${id}/aceptar`, { method: 'POST', body }),
  completitud: (id: number, tipo: TipoRevision, idCarga?: number, signal?: AbortSignal) =>
    api<Completitud>(`/tramites/${id}/observaciones/completitud`, { query: { tipo, idCarga }, signal }),
  enviar: (
    id: number,
    accion: 'enviar-observaciones' | 'enviar-respuestas',
    body: { tipo?: TipoRevision; estadoActual?: EstadoTramite },
  ) => api<EnvioResultado>(`/tramites/${id}/acciones/${accion}`, { method: 'POST', body }),
  archivos: (idPlanilla: number, files: File[]) => {
    const fd = new FormData();
    for (const f of files) fd.append('archivos', f, f.name);
    return api<ArchivosRespuesta>(`/planillas/${idPlanilla}/observaciones/archivos`, {
      method: 'POST',
      body: fd,
    });
  },
  /** The standard observations of a type (and the common ones, C), for the dropdown. */
  estandar: async (tipo: TipoRevision, signal?: AbortSignal): Promise<Opcion[]> => {
    const page = await fetchCatalogPage(
      'observacion',
      { page: 1, pageSize: 100, sort: 'descripcion' },
      signal,
    );
    return page.items
      .filter((r) => r.tipo === tipo || r.tipo === 'C')
      .map((r) => ({ value: Number(r.idObservacion), label: String(r.descripcion) }));
  },
  /** The standard answers of the procedure's insurer (catalogue `respuesta`; the provider reads them too). */
  respuestas: async (idTramite: number, signal?: AbortSignal): Promise<Opcion[]> => {
    const r = await api<z.input<typeof respuestasEstandarSchema>>(
      `/tramites/${idTramite}/respuestas-estandar`,
      {
        signal,
      },
    );
    return r.items.map((x) => ({ value: x.idRespuesta, label: x.descripcion }));
  },
};
