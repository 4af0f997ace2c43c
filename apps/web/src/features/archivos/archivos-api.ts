import type {
  archivoPlaSchema,
  getArchivosPlaByIdResponse,
  getPlanillasByIdArchivosResponse,
  getTramitesByIdArchivosNuevosResponse,
  getTramitesByIdArchivosPorCargaResponse,
  getTramitesByIdPlanillasSinArchivosResponse,
  postArchivosPlaByIdEnlaceResponse,
  postCargasByIdArchivosResponse,
  postTramitesByIdZipEnlaceResponse,
} from '@app/domain/archivos/responses';
import type { AgrupacionZip } from '@app/domain/archivos/rules';
import type { z } from 'zod';
import { cuandoEste, type EnCurso } from '../../components/download.ts';
import { api } from '../../lib/api.ts';

/** ArchivoPla (docs/spec-summary.md 001 §3). */
export type ArchivoPla = z.input<typeof archivoPlaSchema>;

/** /archivoplamd/{id}: the file plus where it belongs. */
export type ArchivoDetalle = z.input<typeof getArchivosPlaByIdResponse>;

export type PlanillaSinArchivo = z.input<typeof getTramitesByIdPlanillasSinArchivosResponse>['items'][number];

export type ArchivoNuevo = z.input<typeof getTramitesByIdArchivosNuevosResponse>['items'][number];

export type Enlace = z.input<typeof postArchivosPlaByIdEnlaceResponse>;

export type RespuestaSubida = z.input<typeof postCargasByIdArchivosResponse>;

export const archivoKeys = {
  all: ['archivos'] as const,
  planilla: (idPlanilla: number, q: string, page: number) =>
    ['archivos', 'planilla', idPlanilla, q, page] as const,
  detalle: (id: number) => ['archivos', 'detalle', id] as const,
  enlace: (id: number) => ['archivos', 'enlace', id] as const,
  sinArchivos: (idTramite: number, idCarga: number | undefined, page: number) =>
    ['archivos', 'sin-archivos', idTramite, idCarga ?? 0, page] as const,
  nuevos: (idTramite: number, desde: string, hasta: string, page: number) =>
    ['archivos', 'nuevos', idTramite, desde, hasta, page] as const,
  porCarga: (idTramite: number) => ['archivos', 'por-carga', idTramite] as const,
};

export const archivosApi = {
  dePlanilla: (idPlanilla: number, q: string, page: number, signal?: AbortSignal) =>
    api<z.input<typeof getPlanillasByIdArchivosResponse>>(`/planillas/${idPlanilla}/archivos`, {
      query: { q, page, pageSize: 10 },
      signal,
    }),
  detalle: (id: number, signal?: AbortSignal) => api<ArchivoDetalle>(`/archivos-pla/${id}`, { signal }),
  /** A short-lived link (5 minutes) the browser can open, embed or download without the session header. */
  enlace: (id: number, descarga = false) =>
    api<Enlace>(`/archivos-pla/${id}/enlace`, { method: 'POST', body: { descarga } }),
  /** The ZIP's link once a worker has stored it (decision 80): 202s are asked again, each progress reported. */
  zipEnlace: async (
    idTramite: number,
    agrupar: AgrupacionZip,
    idCarga?: number,
    alAvance?: (avance: EnCurso) => void,
  ) => {
    const res = await cuandoEste(`/tramites/${idTramite}/zip/enlace`, {
      method: 'POST',
      body: { agrupar, ...(idCarga ? { idCarga } : {}) },
      alAvance,
    });
    return (await res.json()) as z.input<typeof postTramitesByIdZipEnlaceResponse>;
  },
  sinArchivos: (idTramite: number, idCarga: number | undefined, page: number, signal?: AbortSignal) =>
    api<z.input<typeof getTramitesByIdPlanillasSinArchivosResponse>>(
      `/tramites/${idTramite}/planillas-sin-archivos`,
      {
        query: { idCarga, page, pageSize: 10 },
        signal,
      },
    ),
  /** The files-per-load report (ArchivoCarga). */
  porCarga: (idTramite: number, signal?: AbortSignal) =>
    api<z.input<typeof getTramitesByIdArchivosPorCargaResponse>>(
      `/tramites/${idTramite}/archivos-por-carga`,
      { signal },
    ),
  nuevos: (idTramite: number, desde: string, hasta: string, page: number, signal?: AbortSignal) =>
    api<z.input<typeof getTramitesByIdArchivosNuevosResponse>>(`/tramites/${idTramite}/archivos-nuevos`, {
      query: { desde, hasta, page, pageSize: 10 },
      signal,
    }),
};

/** Navigates a hidden link: the browser streams the download to disk (no copy in memory). */
export function descargarEnlace(url: string, nombre?: string) {
  const a = document.createElement('a');
  a.href = url;
  if (nombre) a.download = nombre;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}
