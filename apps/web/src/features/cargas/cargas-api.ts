import type {
  CargaCampos,
  cargaIncidenciasPageSchema,
  cargaSchema,
  deleteCargasByIdResponse,
  getTramitesByIdCargasResponse,
  postCargasByIdOrganizarResponse202,
  postTramitesByIdCargasResponse202,
} from '@app/domain';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type EstadoProceso = Carga['estadoProceso'];

/** A load of a procedure: the API's response schema (packages/domain cargas/responses.ts). */
export type Carga = z.input<typeof cargaSchema>;

/** A row-level error or warning (novedad) of a load. */
export type Incidencia = z.input<typeof cargaIncidenciasPageSchema>['items'][number];

export type TipoIncidencia = 'errores' | 'novedades';

/** The upload's answer: 202 with the queued load (the 200 of `esperar=true` carries the same and more). */
export type SubidaRespuesta = z.input<typeof postTramitesByIdCargasResponse202>;

/** The text fields of the upload the user chooses (the file's last-modified time is the file's own). */
export type SubidaCampos = Omit<CargaCampos, 'fechaModificacion'>;

export const cargaKeys = {
  all: ['cargas'] as const,
  list: (idTramite: number, page: number, idAutorizacion?: number) =>
    ['cargas', 'tramite', idTramite, idAutorizacion ?? 0, page] as const,
  one: (idCarga: number) => ['cargas', 'una', idCarga] as const,
  incidencias: (idCarga: number, tipo: TipoIncidencia, page: number) =>
    ['cargas', 'incidencias', idCarga, tipo, page] as const,
};

export const cargasApi = {
  list: (idTramite: number, page: number, idAutorizacion?: number, signal?: AbortSignal) =>
    api<z.input<typeof getTramitesByIdCargasResponse>>(`/tramites/${idTramite}/cargas`, {
      query: { page, pageSize: 10, idAutorizacion },
      signal,
    }),
  get: (idCarga: number, signal?: AbortSignal) => api<Carga>(`/cargas/${idCarga}`, { signal }),
  incidencias: (idCarga: number, tipo: TipoIncidencia, page: number, signal?: AbortSignal) =>
    api<z.input<typeof cargaIncidenciasPageSchema>>(`/cargas/${idCarga}/${tipo}`, {
      query: { page, pageSize: 10 },
      signal,
    }),
  remove: (idCarga: number) =>
    api<z.input<typeof deleteCargasByIdResponse>>(`/cargas/${idCarga}`, { method: 'DELETE' }),
  /** 202: the background job is queued (decision 85); the load's row tells its progress and result. */
  organizar: (idCarga: number) =>
    api<z.input<typeof postCargasByIdOrganizarResponse202>>(`/cargas/${idCarga}/organizar`, {
      method: 'POST',
    }),
  /** Multipart upload; the ingest runs in the background (202 with the load id). */
  subir: (idTramite: number, archivo: File, campos: SubidaCampos = {}) => {
    const body = new FormData();
    if (campos.fechaDesde) body.append('fechaDesde', campos.fechaDesde);
    if (campos.fechaHasta) body.append('fechaHasta', campos.fechaHasta);
    if (campos.idAutorizacion) body.append('idAutorizacion', String(campos.idAutorizacion));
    if (archivo.lastModified) body.append('fechaModificacion', new Date(archivo.lastModified).toISOString());
    // The file goes last so the server has the text fields before it starts streaming the file.
    body.append('archivo', archivo, archivo.name);
    return api<SubidaRespuesta>(`/tramites/${idTramite}/cargas`, { method: 'POST', body });
  },
};
