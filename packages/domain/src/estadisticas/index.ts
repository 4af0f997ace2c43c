import { z } from 'zod';
import { MESES } from '../admin/sesiones.ts';
import { PERFIL } from '../auth/profiles.ts';
import { idCon } from '../common/ids.ts';
import { decimal } from '../common/responses.ts';
import { isIsoDate } from '../common/validators.ts';
import { registerMenuItem } from '../navigation.ts';
import { ESTADOS_TRAMITE } from '../tramites/workflow.ts';
import type { ReporteEstadisticoId } from './ids.ts';

/*
 * The report pages of spec 001 §2.5 whose content the spec does not show (issue 15 item 3, decision 66):
 * one declaration each — its filters, its columns with their types, its chart — read by the API (one
 * route per declaration, the SQL beside it in features/estadisticas) and by the web (one page that
 * draws any declaration). Every figure is computed in SQL over the whole data.
 */

export { REPORTES_ESTADISTICOS_IDS, type ReporteEstadisticoId } from './ids.ts';

/** The insurer's managers: the subscription's administrator, the super-reviewer and both supervisors. */
export const PERFILES_ESTADISTICAS: readonly number[] = [
  PERFIL.ADMINISTRADOR,
  PERFIL.REVISOR,
  PERFIL.SUPERVISOR_AM,
  PERFIL.SUPERVISOR_GD,
];

export const MSG_ESTADISTICAS = {
  fechaInvalida: 'La fecha debe tener el formato AAAA-MM-DD.',
  rangoInvalido: 'La fecha hasta debe ser igual o posterior a la fecha desde.',
  prestadorInvalido: 'El prestador seleccionado no es válido.',
  servicioInvalido: 'El servicio seleccionado no es válido.',
  estadoInvalido: 'El estado seleccionado no es válido.',
  porInvalido: 'Agrupe por especialidad o por diagnóstico.',
  filtrosInvalidos: 'Revise los filtros del reporte.',
  sinDatos: 'No hay datos para los filtros elegidos.',
  sinDatosExportar: 'No hay datos para exportar.',
  errorExportar: '¡No se pudo exportar el reporte! Inténtelo de nuevo.',
} as const;

const fechaFiltro = z
  .string({ error: MSG_ESTADISTICAS.fechaInvalida })
  .refine(isIsoDate, MSG_ESTADISTICAS.fechaInvalida)
  .optional();

/** Every filter a report page may take; each declaration picks its own. All live in the URL. */
export const filtrosEstadisticaShape = {
  desde: fechaFiltro,
  hasta: fechaFiltro,
  idPrestador: idCon(MSG_ESTADISTICAS.prestadorInvalido).optional(),
  idServicio: idCon(MSG_ESTADISTICAS.servicioInvalido).optional(),
  estado: z.enum(ESTADOS_TRAMITE, { error: MSG_ESTADISTICAS.estadoInvalido }).optional(),
  por: z.enum(['especialidad', 'diagnostico'], { error: MSG_ESTADISTICAS.porInvalido }).optional(),
};
/** The filters' object (of the shape above, plus what a route adds) with 'hasta not before desde'. */
export const conRangoValido = <T extends z.ZodObject<typeof filtrosEstadisticaShape & z.ZodRawShape>>(o: T) =>
  o.refine((f: { desde?: string; hasta?: string }) => !f.desde || !f.hasta || f.desde <= f.hasta, {
    path: ['hasta'],
    message: MSG_ESTADISTICAS.rangoInvalido,
  });
export const filtrosEstadisticaSchema = conRangoValido(z.object(filtrosEstadisticaShape));
export type FiltrosEstadistica = z.infer<typeof filtrosEstadisticaSchema>;
export type FiltroClave = keyof FiltrosEstadistica;

/**
 * How a column is read and shown: texto; estado (a procedure state, coloured); mes ('YYYY-MM');
 * fecha ('YYYY-MM-DD'); entero (a count); monto (money, a decimal string); porcentaje and dias (one
 * decimal, numbers).
 */
export type TipoColumnaEstadistica =
  | 'texto'
  | 'estado'
  | 'mes'
  | 'fecha'
  | 'entero'
  | 'monto'
  | 'porcentaje'
  | 'dias';
export type ColumnaEstadistica = {
  clave: string;
  titulo: string;
  tipo: TipoColumnaEstadistica;
  /** As a chart series, the colour of this review state (docs/design-summary.md: one colour per state everywhere). */
  colorDe?: 'REVISADA' | 'PENDIENTE';
};

/**
 * The chart: `x` the category (columns joined by ' · '), `serie` a column whose values are the series
 * (then `valores` has one column) or else one series per column of `valores`. `desdeGrafico`: its rows
 * come from a query of their own (`grafico` of the response) instead of the table's. `limite`: the
 * first rows of the table only (the table is ordered for it).
 */
export type GraficoEstadistica = {
  tipo: 'barras' | 'barras-apiladas' | 'barras-horizontales' | 'lineas';
  pregunta: string;
  x: string[];
  serie?: string;
  valores: string[];
  ejeX: string;
  ejeY: string;
  columnas?: ColumnaEstadistica[];
  limite?: number;
};

export type ReporteEstadistico = {
  id: ReporteEstadisticoId;
  titulo: string;
  descripcion: string;
  filtros: FiltroClave[];
  /** The date filters pick whole months (the figures are kept per month) or days. */
  periodo: 'mes' | 'dia';
  /** What the date filters apply to, said on the page. */
  periodoDe: string;
  columnas: ColumnaEstadistica[];
  grafico: GraficoEstadistica;
};

const ent = (clave: string, titulo: string): ColumnaEstadistica => ({ clave, titulo, tipo: 'entero' });
const monto = (clave: string, titulo: string): ColumnaEstadistica => ({ clave, titulo, tipo: 'monto' });
const texto = (clave: string, titulo: string): ColumnaEstadistica => ({ clave, titulo, tipo: 'texto' });
const FILTROS_TRAMITE: FiltroClave[] = ['desde', 'hasta', 'idPrestador', 'idServicio', 'estado'];

const avanceProceso = (
  id: 'tramites-avance-am' | 'tramites-avance-gd',
  proceso: string,
  quien: string,
): ReporteEstadistico => ({
  id,
  titulo: `Avance de ${proceso}`,
  descripcion: `Atenciones revisadas cada día por cada ${quien}, con sus valores reclamado, aprobado y objetado.`,
  filtros: ['desde', 'hasta', 'idPrestador', 'idServicio', 'estado'],
  periodo: 'dia',
  periodoDe: 'día de la revisión',
  columnas: [
    { clave: 'fecha', titulo: 'Fecha', tipo: 'fecha' },
    texto('usuario', quien.charAt(0).toUpperCase() + quien.slice(1)),
    ent('revisadas', 'Revisadas'),
    monto('reclamado', 'Reclamado'),
    monto('aprobado', 'Aprobado'),
    monto('glosa', 'Objetado'),
  ],
  grafico: {
    tipo: 'lineas',
    pregunta: `¿Cuántas atenciones revisó cada ${quien} por día?`,
    x: ['fecha'],
    serie: 'usuario',
    valores: ['revisadas'],
    ejeX: 'Día de la revisión',
    ejeY: 'Atenciones revisadas',
  },
});

export const REPORTES_ESTADISTICOS: Record<ReporteEstadisticoId, ReporteEstadistico> = {
  'tramites-por-fecha': {
    id: 'tramites-por-fecha',
    titulo: 'Trámites por fecha',
    descripcion: 'Trámites de cada mes de período por estado, con sus atenciones y el valor reclamado.',
    filtros: FILTROS_TRAMITE,
    periodo: 'mes',
    periodoDe: 'mes del período del trámite',
    columnas: [
      { clave: 'mes', titulo: 'Mes', tipo: 'mes' },
      { clave: 'estado', titulo: 'Estado', tipo: 'estado' },
      ent('tramites', 'Trámites'),
      ent('atenciones', 'Atenciones'),
      monto('reclamado', 'Valor reclamado'),
    ],
    grafico: {
      tipo: 'barras-apiladas',
      pregunta: '¿Cuántos trámites hay de cada mes y en qué estado están?',
      x: ['mes'],
      serie: 'estado',
      valores: ['tramites'],
      ejeX: 'Mes del período',
      ejeY: 'Trámites',
    },
  },
  'tramites-asignaciones': {
    id: 'tramites-asignaciones',
    titulo: 'Asignaciones de atenciones',
    descripcion:
      'Atenciones asignadas a cada auditor médico y gestor documental: revisadas y pendientes de revisión.',
    filtros: FILTROS_TRAMITE,
    periodo: 'mes',
    periodoDe: 'mes de la atención',
    columnas: [
      texto('proceso', 'Proceso'),
      texto('usuario', 'Usuario'),
      ent('asignadas', 'Asignadas'),
      { ...ent('revisadas', 'Revisadas'), colorDe: 'REVISADA' },
      { ...ent('pendientes', 'Pendientes'), colorDe: 'PENDIENTE' },
      { clave: 'avance', titulo: 'Avance (%)', tipo: 'porcentaje' },
    ],
    grafico: {
      tipo: 'barras-horizontales',
      pregunta: '¿Cuántas atenciones revisó y cuántas tiene pendientes cada usuario?',
      x: ['usuario', 'proceso'],
      valores: ['revisadas', 'pendientes'],
      ejeX: 'Atenciones',
      ejeY: 'Usuario y proceso',
    },
  },
  'tramites-avance': {
    id: 'tramites-avance',
    titulo: 'Avance de trámites',
    descripcion:
      'Cada trámite con sus atenciones revisadas en auditoría médica y en gestión documental; los más recientes primero.',
    filtros: FILTROS_TRAMITE,
    periodo: 'mes',
    periodoDe: 'mes del período del trámite',
    columnas: [
      texto('numero', 'Trámite'),
      texto('prestador', 'Prestador'),
      { clave: 'estado', titulo: 'Estado', tipo: 'estado' },
      ent('atenciones', 'Atenciones'),
      ent('revisadasAm', 'Revisadas AM'),
      ent('revisadasGd', 'Revisadas GD'),
      { clave: 'avanceAm', titulo: 'Avance AM (%)', tipo: 'porcentaje' },
      { clave: 'avanceGd', titulo: 'Avance GD (%)', tipo: 'porcentaje' },
      monto('reclamado', 'Valor reclamado'),
    ],
    grafico: {
      tipo: 'barras',
      pregunta: '¿Qué parte de sus atenciones lleva revisada cada trámite? (los 20 más recientes)',
      x: ['numero'],
      valores: ['avanceAm', 'avanceGd'],
      ejeX: 'Trámite',
      ejeY: 'Avance (%)',
      limite: 20,
    },
  },
  'tramites-avance-am': avanceProceso('tramites-avance-am', 'auditoría médica', 'auditor médico'),
  'tramites-avance-gd': avanceProceso('tramites-avance-gd', 'gestión documental', 'gestor documental'),
  'tramites-tiempo-proceso': {
    id: 'tramites-tiempo-proceso',
    titulo: 'Tiempo de proceso',
    descripcion:
      'Días que los trámites permanecen en cada estado: mediana, percentil 90 y promedio. Una permanencia en curso cuenta hasta hoy.',
    filtros: ['desde', 'hasta', 'idPrestador', 'idServicio'],
    periodo: 'dia',
    periodoDe: 'día de entrada al estado',
    columnas: [
      { clave: 'estado', titulo: 'Estado', tipo: 'estado' },
      ent('permanencias', 'Permanencias'),
      ent('enCurso', 'En curso'),
      { clave: 'mediana', titulo: 'Mediana (días)', tipo: 'dias' },
      { clave: 'p90', titulo: 'Percentil 90 (días)', tipo: 'dias' },
      { clave: 'promedio', titulo: 'Promedio (días)', tipo: 'dias' },
    ],
    grafico: {
      tipo: 'barras',
      pregunta: '¿Cuántos días pasa un trámite en cada estado?',
      x: ['estado'],
      valores: ['mediana', 'p90'],
      ejeX: 'Estado',
      ejeY: 'Días',
    },
  },
  'tramites-estadisticas': {
    id: 'tramites-estadisticas',
    titulo: 'Estadísticas de trámites',
    descripcion: 'Valores reclamado, aprobado y objetado de cada prestador y mes de atención.',
    filtros: FILTROS_TRAMITE,
    periodo: 'mes',
    periodoDe: 'mes de la atención',
    columnas: [
      { clave: 'mes', titulo: 'Mes', tipo: 'mes' },
      texto('prestador', 'Prestador'),
      ent('atenciones', 'Atenciones'),
      monto('reclamado', 'Reclamado'),
      monto('aprobado', 'Aprobado'),
      monto('glosa', 'Objetado'),
      { clave: 'porcentajeGlosa', titulo: 'Objetado (%)', tipo: 'porcentaje' },
    ],
    grafico: {
      tipo: 'barras',
      pregunta: '¿Cuánto se reclamó, aprobó y objetó cada mes?',
      x: ['mes'],
      valores: ['reclamado', 'aprobado', 'glosa'],
      ejeX: 'Mes de atención',
      ejeY: 'Valor (USD)',
      columnas: [
        { clave: 'mes', titulo: 'Mes', tipo: 'mes' },
        monto('reclamado', 'Reclamado'),
        monto('aprobado', 'Aprobado'),
        monto('glosa', 'Objetado'),
      ],
    },
  },
  'especialidades-prestador': {
    id: 'especialidades-prestador',
    titulo: 'Especialidades y diagnósticos por prestador',
    descripcion:
      'Atenciones de cada prestador por especialidad del médico tratante o por diagnóstico principal (CIE-10).',
    filtros: ['por', 'desde', 'hasta', 'idPrestador', 'idServicio', 'estado'],
    periodo: 'mes',
    periodoDe: 'mes de la atención',
    columnas: [
      texto('prestador', 'Prestador'),
      texto('grupo', 'Especialidad o diagnóstico'),
      ent('atenciones', 'Atenciones'),
      monto('reclamado', 'Reclamado'),
      monto('glosa', 'Objetado'),
    ],
    grafico: {
      tipo: 'barras-horizontales',
      pregunta: '¿Cuáles son las 10 especialidades o diagnósticos con más atenciones?',
      x: ['grupo'],
      valores: ['atenciones'],
      ejeX: 'Atenciones',
      ejeY: 'Especialidad o diagnóstico',
      columnas: [texto('grupo', 'Especialidad o diagnóstico'), ent('atenciones', 'Atenciones')],
      limite: 10,
    },
  },
};

/** The wire type of a column's value. */
const valorDe = (tipo: TipoColumnaEstadistica) => {
  switch (tipo) {
    case 'entero':
      return z.number().int();
    case 'monto':
      return decimal;
    case 'porcentaje':
    case 'dias':
      return z.number().nullable();
    default:
      return z.string().nullable();
  }
};
const filaDe = (columnas: ColumnaEstadistica[]) =>
  z.object(Object.fromEntries(columnas.map((c) => [c.clave, valorDe(c.tipo)])));

/** The response of a report page: the table's rows and the chart's (the table's own when it has no query). */
export function respuestaEstadisticaSchema(r: ReporteEstadistico) {
  return z.object({
    filas: z.array(filaDe(r.columnas)),
    grafico: z.array(filaDe(r.grafico.columnas ?? r.columnas)),
  });
}
/** A row of a report (its columns depend on the report): as it travels. */
export type FilaEstadistica = z.input<ReturnType<typeof filaDe>>;
export type RespuestaEstadistica = z.input<ReturnType<typeof respuestaEstadisticaSchema>>;

/** 'YYYY-MM' → 'Marzo 2026'. */
export const nombreMes = (mes: string) => {
  const [a, m] = mes.split('-');
  return `${MESES[Number(m) - 1] ?? m} ${a}`;
};

/** The export's file name without extension: the report's id and the day, e.g. tramites-por-fecha_2026-03-31. */
export const nombreExportacion = (id: ReporteEstadisticoId, hoy: string) => `${id}_${hoy}`;

for (const r of Object.values(REPORTES_ESTADISTICOS)) {
  registerMenuItem({
    area: 'auditoria',
    section: 'reportes',
    key: r.id,
    label: r.titulo,
    route: `/${r.id}`,
    profiles: [...PERFILES_ESTADISTICAS],
  });
  // The subscription's administrator also finds them in the administration area's Reportes.
  registerMenuItem({
    area: 'admin',
    section: 'reportes',
    key: `admin-${r.id}`,
    label: r.titulo,
    route: `/${r.id}`,
    profiles: [PERFIL.ADMINISTRADOR],
  });
}
