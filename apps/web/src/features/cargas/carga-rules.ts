/**
 * Pure rules of the loads panel: what a load's row shows, which options it offers, which upload
 * button the procedure has, which files each upload tab takes and how an ingest result is told.
 */
import { PERFIL } from '@app/domain/auth/profiles';
import { organizacionEnCurso } from '@app/domain/cargas/responses';
import {
  estadosCargaPermitidos,
  estadosOrganizar,
  puedeEliminarCarga,
  puedeOrganizarCarga,
} from '@app/domain/cargas/rules';
import { formatCount } from '@app/domain/common/format';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import type { EstadoTramite } from '@app/domain/tramites/workflow';
import type { FormatoExport } from '../../components/exportar.ts';
import type { Carga } from './cargas-api.ts';

// 'Tamaño Archivo': moved to the domain's format module (issue 12 §5).
export { formatFileSize } from '@app/domain/common/format';

export type EstadoCargaVista = { texto: string; color: 'default' | 'processing' | 'green' | 'red' };

/**
 * The 'Estado' cell: 'Carga borrada', 'Procesando x%', 'Organizando…', 'Organización fallida' (its
 * job's dead letter: Organizar may be pressed again), 'Completada' or 'Fallida'.
 */
export function estadoCarga(
  c: Pick<Carga, 'estado' | 'estadoProceso' | 'progreso'> & Partial<Pick<Carga, 'organizacion'>>,
): EstadoCargaVista {
  if (c.estado === 0) return { texto: MSG_TRAMITE.cargaBorrada, color: 'default' };
  if (c.estadoProceso === 'PROCESANDO')
    return { texto: `Procesando ${clampPct(c.progreso)}%`, color: 'processing' };
  // Its attentions are being organised by a background job (decision 85).
  if (organizacionEnCurso(c.organizacion)) return { texto: 'Organizando…', color: 'processing' };
  if (c.estadoProceso === 'COMPLETADA' && c.organizacion === 'FALLIDA')
    return { texto: 'Organización fallida', color: 'red' };
  if (c.estadoProceso === 'FALLIDA') return { texto: 'Fallida', color: 'red' };
  return { texto: 'Completada', color: 'green' };
}

export const clampPct = (v: number | null | undefined) =>
  Math.max(0, Math.min(100, Math.round(Number(v) || 0)));

export const siNo = (v: number | boolean | null | undefined) => (v === 1 || v === true ? 'Sí' : 'No');

export type OpcionCarga = 'resumen' | 'errores' | 'novedades' | 'borrar' | 'organizar' | 'ambulatorias';

export const OPCION_LABELS: Readonly<Record<OpcionCarga, string>> = {
  resumen: 'Resumen',
  errores: 'Errores',
  novedades: 'Novedades',
  borrar: 'Borrar Carga',
  organizar: 'Organizar Atenciones Médicas',
  ambulatorias: 'Atenciones ambulatorias',
};

/** The profiles that upload a load's ambulatory records (the API's cargaamb upload allows the same). */
export const esSupervisorCargaAmb = (idPerfil: number) =>
  idPerfil === PERFIL.SUPERVISOR_AM || idPerfil === PERFIL.SUPERVISOR_GD;

/** The ambulatory records page of a load (docs/spec-summary.md 002 'Ambulatory loads'). */
export const rutaCargaAmb = (idTramite: number, idCarga: number) => `/cargaamb/${idTramite}/${idCarga}`;

/**
 * The 'Opciones' menu of a load: errors and novedades when it has them; the provider may delete a
 * load with errors (a valid one too while the procedure is not sent) and organise the attentions of a clean, completed load that has none yet; a
 * supervisor opens the ambulatory records of a load that is not deleted.
 */
export function opcionesCarga(
  c: Pick<
    Carga,
    'estado' | 'estadoProceso' | 'tieneErrores' | 'tieneNovedades' | 'tienePlanillas' | 'tipoCarga'
  >,
  ctx: { prestador: boolean; estadoTramite: EstadoTramite | string; supervisor?: boolean },
): OpcionCarga[] {
  const out: OpcionCarga[] = ['resumen'];
  // A failed ingest has no row errors: its reason is in the summary's observations.
  if (c.tieneErrores === 1 && c.estadoProceso !== 'FALLIDA') out.push('errores');
  if (c.tieneNovedades === 1) out.push('novedades');
  // The API's rule: before sending, or for a load under an authorization in the states it may be
  // uploaded in (EN PROCESO, ...).
  const abierto = estadosOrganizar(c.tipoCarga).includes(ctx.estadoTramite as EstadoTramite);
  if (ctx.prestador && puedeOrganizarCarga(c) && abierto) out.push('organizar');
  // With errors at any time; a valid load before sending (issue 14 §2, decision 51). Last: it destroys.
  if (ctx.prestador && puedeEliminarCarga(c, ctx.estadoTramite)) out.push('borrar');
  if (ctx.supervisor && c.estado !== 0) out.push('ambulatorias');
  return out;
}

type TramiteCarga = {
  estadoTramite: EstadoTramite | string;
  frecuenciaCarga: string;
  numSemana: number;
  maxSemanas: number;
};

/** The week a weekly procedure loads next (1-based). */
export const semanaACargar = (t: Pick<TramiteCarga, 'numSemana'>) => t.numSemana + 1;

export type BotonCarga = { label: string; visible: boolean; tipo: 'S' | 'M' };

/**
 * The upload button of the panel: 'Cargar semana {n}' for weekly procedures while weeks are left,
 * 'Cargar Atenciones' for monthly ones; only the provider uploads, and only in the states the
 * workflow allows for that kind of load.
 */
export function botonCarga(t: TramiteCarga, prestador: boolean): BotonCarga {
  const tipo = t.frecuenciaCarga === 'S' ? 'S' : 'M';
  const permitido = prestador && estadosCargaPermitidos(tipo).includes(t.estadoTramite as EstadoTramite);
  if (tipo === 'S') {
    const n = semanaACargar(t);
    return {
      tipo,
      label: `Cargar semana ${n}`,
      visible: permitido && (t.maxSemanas <= 0 || n <= t.maxSemanas),
    };
  }
  return { tipo, label: 'Cargar Atenciones', visible: permitido };
}

/** What the upload dialog's drop zone takes; the server decides the format by the content. */
export const ACCEPT_DATOS =
  '.json,.csv,.xlsx,.txt,application/json,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ResultadoSubida = { tipo: 'success' | 'warning' | 'error'; titulo: string; mensaje: string };

/**
 * How a finished ingest is told (docs/spec-summary.md 000 §8): 'Archivo cargado' as success, or as warning when
 * rows have errors; a failed ingest is the upload error with the server's reason.
 */
export function resultadoSubida(
  c: Pick<Carga, 'estadoProceso' | 'contadorErrores' | 'contadorNovedades' | 'numeroRegistros' | 'obs'> & {
    mensaje?: string | null;
  },
): ResultadoSubida {
  const texto = c.mensaje || c.obs || '';
  if (c.estadoProceso === 'FALLIDA') {
    return { tipo: 'error', titulo: MSG_TRAMITE.errorCarga, mensaje: texto || MSG_TRAMITE.errorDesconocido };
  }
  const resumen =
    texto ||
    `Registros: ${formatCount(c.numeroRegistros) || '0'}; con errores: ${formatCount(c.contadorErrores) || '0'}; ` +
      `con novedades: ${formatCount(c.contadorNovedades) || '0'}.`;
  return {
    tipo: c.contadorErrores > 0 ? 'warning' : 'success',
    titulo: MSG_TRAMITE.archivoCargado,
    mensaje: resumen,
  };
}

/** 'N filas/s' with Spanish grouping; empty before the first measure. */
export function velocidadTexto(filasPorSegundo: number | null | undefined): string {
  if (!filasPorSegundo || filasPorSegundo <= 0) return '';
  return `${formatCount(Math.round(filasPorSegundo))} filas/s`;
}

export type DescargaDatos = {
  key: string;
  label: string;
  path: string;
  errores: boolean;
  fileName: (idTramite: number) => string;
  /** The Excel book of the CSV route (`?formato=xlsx`). */
  formato?: FormatoExport;
};

/** Downloads of the claim data (docs/spec-summary.md 000 §7 archivos-datos). */
export const DESCARGAS_DATOS: readonly DescargaDatos[] = [
  { key: 'json', label: 'JSON', path: 'json', errores: false, fileName: (id) => `datos_tramite_${id}.json` },
  { key: 'csv', label: 'CSV', path: 'csv', errores: false, fileName: (id) => `datos_tramite_${id}.csv` },
  {
    key: 'xlsx',
    label: 'Excel',
    path: 'csv',
    formato: 'xlsx',
    errores: false,
    fileName: (id) => `datos_tramite_${id}.xlsx`,
  },
  {
    key: 'json-errores',
    label: 'JSON errores',
    path: 'json/errores',
    errores: true,
    fileName: (id) => `errores_tramite_${id}.json`,
  },
  {
    key: 'csv-errores',
    label: 'CSV errores',
    path: 'csv/errores',
    errores: true,
    fileName: (id) => `errores_tramite_${id}.csv`,
  },
  {
    key: 'xlsx-errores',
    label: 'Excel errores',
    path: 'csv/errores',
    formato: 'xlsx',
    errores: true,
    fileName: (id) => `errores_tramite_${id}.xlsx`,
  },
];

export type VistaFilas = 'todos' | 'novedades';
export const vistaFilas = (v: string | null | undefined): VistaFilas =>
  v === 'novedades' ? 'novedades' : 'todos';
