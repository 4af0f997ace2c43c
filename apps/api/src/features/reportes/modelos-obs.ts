import { formatCount, formatDate, formatDateTime } from '@app/domain/common/format';
import type { TipoReporte } from '@app/domain/reportes/pdf';
import type { ColumnaPdf, FilaPdf } from '../../lib/pdf-tabla.ts';
import {
  type CierreReporte,
  DINERO,
  type FilaNovedad,
  type FilaObs,
  type Importes,
  LETRA,
  m,
} from './modelos-comun.ts';

/*
 * The tables of the observation reports (2, 4–9) and of the load's novelties (2): columns, rows, the
 * closing totals (modelos.ts draws them).
 */

// ---- observation reports (2, 4–9) ----------------------------------------------------------------

const texto = (v: string | null | undefined) => (v && v.trim() !== '' ? v : '');
const planillaPaciente = (f: FilaObs) => `${f.numero}\n${f.paciente}\n${f.cedula}`;
const elemento = (f: FilaObs) =>
  f.nivel === 'PLANILLA' ? 'Atención' : `${f.codigo ?? ''}${f.detalle ? ` – ${f.detalle}` : ''}`;
const observacion = (f: FilaObs) =>
  texto(f.complementaria) ? `${f.observacion}\n${f.complementaria}` : f.observacion;
const respuesta = (f: FilaObs) =>
  [texto(f.respuestaEstandar), texto(f.respuesta)].filter(Boolean).join('\n') || 'Sin respuesta';

export type ClaseObs = 'observaciones' | 'respuestas' | 'completo';

export function columnasObs(clase: ClaseObs): ColumnaPdf[] {
  const base: ColumnaPdf[] = [
    { header: 'N°', width: 20 },
    { header: 'Planilla / Paciente', width: 100 },
  ];
  if (clase === 'observaciones')
    return [
      ...base,
      { header: 'Fecha atención', width: 46 },
      { header: 'Tipo', width: 20 },
      { header: 'Elemento', width: 110 },
      { header: 'Observación (estándar y complementaria)' },
      { header: 'Fecha registro', width: 46 },
      ...DINERO,
    ];
  if (clase === 'respuestas')
    return [
      ...base,
      { header: 'Elemento', width: 100 },
      { header: 'Observación' },
      { header: 'Respuesta (estándar y complementaria)' },
      { header: 'Fecha respuesta', width: 46 },
      ...DINERO,
    ];
  return [
    ...base,
    { header: 'Elemento', width: 90 },
    { header: 'Observación' },
    { header: 'Respuesta' },
    { header: 'Estado', width: 52 },
    { header: 'Registrada', width: 84 },
    ...DINERO,
  ];
}

export function filasObs(clase: ClaseObs, tipo: TipoReporte, filas: FilaObs[], desde: number): FilaPdf[] {
  const dinero = (f: FilaObs) => [m(f.reclamado), m(f.aprobado), m(f.glosa)];
  return filas.map((f, i) => {
    const n = String(desde + i + 1);
    if (clase === 'observaciones')
      return [
        n,
        planillaPaciente(f),
        formatDate(f.fechaAtencion),
        LETRA[tipo],
        elemento(f),
        observacion(f),
        formatDate(f.fechaReg),
        ...dinero(f),
      ];
    if (clase === 'respuestas')
      return [
        n,
        planillaPaciente(f),
        elemento(f),
        observacion(f),
        f.respondida ? respuesta(f) : 'Sin respuesta',
        f.respondida ? formatDate(f.fechaAct ?? f.fechaReg) : '',
        ...dinero(f),
      ];
    return [
      n,
      planillaPaciente(f),
      elemento(f),
      observacion(f),
      respuesta(f),
      f.respondida ? 'Respondida' : 'Pendiente',
      `${formatDateTime(f.fechaReg)}${f.usuario ? `\n${f.usuario}` : ''}`,
      ...dinero(f),
    ];
  });
}

/** The totals under an observations table: the observed lines, the observed attentions, the scope. */
export function cierreObs(nCol: number, c: NonNullable<CierreReporte['obs']>): FilaPdf[] {
  const fila = (etiqueta: string, i: Importes): FilaPdf => ({
    celdas: [etiqueta, m(i.reclamado), m(i.aprobado), m(i.glosa)],
    estilo: 'total',
    span: nCol - 3,
  });
  return [
    fila(`Detalles observados: ${formatCount(c.detalles.n) || '0'}`, c.detalles),
    fila(`Atenciones observadas: ${formatCount(c.atenciones.n) || '0'}`, c.atenciones),
    fila(`${c.alcance.etiqueta}: ${formatCount(c.alcance.n) || '0'} atenciones`, c.alcance),
  ];
}

// ---- novelties (2) -------------------------------------------------------------------------------

export function columnasNovedades(variasCargas: boolean): ColumnaPdf[] {
  return [
    ...(variasCargas ? [{ header: 'Carga', width: 100 }] : []),
    { header: 'Fila', width: 40, align: 'right' as const },
    { header: 'Columna', width: 90 },
    { header: 'Valor', width: 160 },
    { header: 'Novedad' },
  ];
}

export const filasNovedades = (variasCargas: boolean, filas: FilaNovedad[]): FilaPdf[] =>
  filas.map((f) => [
    ...(variasCargas ? [`${formatDate(f.cargaDesde)} – ${formatDate(f.cargaHasta)}`] : []),
    f.fila === null ? '' : formatCount(f.fila) || '0',
    f.columna ?? '',
    f.valor ?? '',
    f.mensaje,
  ]);
