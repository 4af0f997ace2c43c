import type { Page } from '@app/domain/catalogs/define';
import { api } from '../../app/api.ts';

export type EstadoProceso = 'PROCESANDO' | 'COMPLETADA' | 'FALLIDA';

/** A load of a procedure (spec 000 §3 plus the background ingest's progress). */
export type Carga = {
  idCarga: number;
  idTramite: number;
  tipoCarga?: 'M' | 'S' | 'A';
  numSemana?: number | null;
  idAutorizacion?: number | null;
  fechaDesde: string;
  fechaHasta: string;
  numeroRegistros: number;
  numeroRegVal?: number;
  contadorErrores: number;
  contadorNovedades: number;
  tieneErrores: number;
  tieneNovedades: number;
  tienePlanillas: number;
  tieneArchivos: number;
  /** 1 active, 0 deleted. */
  estado: number;
  estadoProceso: EstadoProceso;
  /** 0–100 while PROCESANDO. */
  progreso: number;
  filasPorSegundo: number | null;
  tamanioArchivo: number;
  nombreArchivo: string;
  obs: string | null;
  fechaCreacion?: string;
  mensaje?: string | null;
};

/** A row-level error or warning (novedad) of a load. */
export type Incidencia = {
  idCargaError?: number;
  fila: number;
  columna: string | null;
  valor: string | null;
  mensaje: string;
};

export type TipoIncidencia = 'errores' | 'novedades';

export type SubidaRespuesta = { idCarga: number; mensaje: string };

export type SubidaCampos = {
  fechaDesde?: string;
  fechaHasta?: string;
  idAutorizacion?: number;
};

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
    api<Page<Carga>>(`/tramites/${idTramite}/cargas`, {
      query: { page, pageSize: 10, idAutorizacion },
      signal,
    }),
  get: (idCarga: number, signal?: AbortSignal) => api<Carga>(`/cargas/${idCarga}`, { signal }),
  incidencias: (idCarga: number, tipo: TipoIncidencia, page: number, signal?: AbortSignal) =>
    api<Page<Incidencia>>(`/cargas/${idCarga}/${tipo}`, { query: { page, pageSize: 10 }, signal }),
  remove: (idCarga: number) => api<{ mensaje: string }>(`/cargas/${idCarga}`, { method: 'DELETE' }),
  organizar: (idCarga: number) =>
    api<{ mensaje: string; planillas: number }>(`/cargas/${idCarga}/organizar`, { method: 'POST' }),
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
