import type {
  getPlanillasByIdArchivosResponse,
  postArchivosPlaByIdEnlaceResponse,
} from '@app/domain/archivos/responses';
import type { Page } from '@app/domain/catalogs/define';
import type {
  estadoPlanillaResponse,
  getPlanillasBuscarResponse,
  putCargasByIdNivelResponse,
  putPlanillasByIdNivelResponse,
} from '@app/domain/planillas/responses';
import type { PlanillaDetalleRespuesta, PlanillaListaRespuesta } from '@app/domain/planillas/types';
import type { z } from 'zod';
import { downloadFile, openPdf } from '../../components/download.ts';
import { type FormatoExport, nombreExport } from '../../components/exportar.ts';
import { api } from '../../lib/api.ts';
import type { Carga } from '../cargas/cargas-api.ts';

export type {
  BusquedaFila,
  PlanillaDetalleRespuesta,
  PlanillaFila,
  PlanillaListaRespuesta,
} from '@app/domain/planillas/types';

/** The query of GET /planillas (and, without paging, of its CSV export): strings as in the URL. */
export type PlanillaListApiQuery = Record<string, string | number | undefined>;

export type BuscarApiQuery = {
  idTramite: number;
  tipo?: string;
  valor?: string;
  desde?: string;
  hasta?: string;
  soloPendientes?: 1;
  page: number;
  pageSize: number;
};

export type Especialidad = { idEspecialidad: number; nombre: string };

/** A supporting file of an attention (GET /planillas/:id/archivos, issue 6). */
export type ArchivoPlanilla = z.input<typeof getPlanillasByIdArchivosResponse>['items'][number];

/** The attention's state after a delete or a restore. */
type EstadoPlanillaRespuesta = z.input<typeof estadoPlanillaResponse>;

/**
 * Everything cached about attentions starts with `planillaKeys.all`, so a review in the popup or a
 * change here refreshes every list and record at once.
 */
export const planillaKeys = {
  all: ['planillas'] as const,
  list: (q: PlanillaListApiQuery) => ['planillas', 'lista', q] as const,
  detail: (id: number) => ['planillas', 'detalle', id] as const,
  buscar: (q: BuscarApiQuery) => ['planillas', 'buscar', q] as const,
  archivos: (id: number, page: number) => ['planillas', 'archivos', id, page] as const,
  cargas: (idTramite: number) => ['cargas', 'tramite', idTramite, 'periodos'] as const,
  especialidades: ['catalogos', 'especialidad', 'todas'] as const,
};

export const planillasApi = {
  list: (q: PlanillaListApiQuery, signal?: AbortSignal) =>
    api<PlanillaListaRespuesta>('/planillas', { query: q, signal }),
  get: (id: number, signal?: AbortSignal) => api<PlanillaDetalleRespuesta>(`/planillas/${id}`, { signal }),
  buscar: (q: BuscarApiQuery, signal?: AbortSignal) =>
    api<z.input<typeof getPlanillasBuscarResponse>>('/planillas/buscar', { query: q, signal }),
  borrar: (id: number) => api<EstadoPlanillaRespuesta>(`/planillas/${id}`, { method: 'DELETE' }),
  restaurar: (id: number) => api<EstadoPlanillaRespuesta>(`/planillas/${id}/restaurar`, { method: 'POST' }),
  nivel: (id: number, nivel: 1 | 2, version: number) =>
    api<z.input<typeof putPlanillasByIdNivelResponse>>(`/planillas/${id}/nivel`, {
      method: 'PUT',
      body: { nivel, version },
    }),
  nivelCarga: (idCarga: number, nivel: 1 | 2) =>
    api<z.input<typeof putCargasByIdNivelResponse>>(`/cargas/${idCarga}/nivel`, {
      method: 'PUT',
      body: { nivel },
    }),
  /** Streams Atenciones_tramite_{idTramite}.csv (or .xlsx) with the list's filters (422 'No hay datos para exportar.'). */
  exportar: (q: PlanillaListApiQuery, formato: FormatoExport = 'csv') =>
    downloadFile('/planillas/export.csv', nombreExport(`Atenciones_tramite_${q.idTramite}.csv`, formato), {
      ...q,
      formato,
    }),
  /** Report 9: the print of the sheet, in a new tab. */
  imprimir: (id: number) => openPdf(`/planillas/${id}/resumen.pdf`),
  archivos: (id: number, page: number, signal?: AbortSignal) =>
    api<Page<ArchivoPlanilla>>(`/planillas/${id}/archivos`, { query: { page, pageSize: 10 }, signal }),
  /** A short-lived link to open a file in the browser without the session header. */
  enlaceArchivo: (idArchivoPla: number) =>
    api<z.input<typeof postArchivosPlaByIdEnlaceResponse>>(`/archivos-pla/${idArchivoPla}/enlace`, {
      method: 'POST',
      body: { descarga: false },
    }),
  /** Every active load of the procedure (the Periodo filter), newest first. */
  cargas: (idTramite: number, signal?: AbortSignal) =>
    api<Page<Carga>>(`/tramites/${idTramite}/cargas`, { query: { page: 1, pageSize: 100 }, signal }),
  especialidades: (signal?: AbortSignal) =>
    api<Page<Especialidad>>('/catalogos/especialidad', {
      query: { page: 1, pageSize: 100, sort: 'nombre' },
      signal,
    }),
};
