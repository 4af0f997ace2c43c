import { formatCount, formatDate } from '@app/domain/common/format';
import type { ColumnaPdf, FilaPdf } from '../../lib/pdf-tabla.ts';
import {
  type CierreReporte,
  DINERO,
  type FilaAtencion,
  type FilaLinea,
  type LoteReporte,
  m,
  type TotalCarga,
} from './modelos-comun.ts';

/*
 * The tables of the attention sheets' reports, consolidated (10) and detailed (11): columns, rows
 * with each load's heading, the closing totals (modelos.ts draws them).
 */

// ---- attention sheets (10, 11) -------------------------------------------------------------------

export const COLUMNAS_CONSOLIDADO: ColumnaPdf[] = [
  { header: 'N°', width: 24, align: 'right' },
  { header: 'Planilla', width: 50 },
  { header: 'Paciente / Cédula' },
  { header: 'Fechas', width: 46 },
  { header: 'Diagnósticos', width: 60 },
  { header: 'Médico', width: 80 },
  { header: 'Nivel', width: 24, align: 'right' },
  { header: 'Estado AM', width: 50 },
  { header: 'Estado GD', width: 50 },
  { header: 'Detalles', width: 34, align: 'right' },
  ...DINERO,
];

export const COLUMNAS_DETALLADO: ColumnaPdf[] = [
  { header: 'Fecha', width: 46 },
  { header: 'Código', width: 52 },
  { header: 'Descripción' },
  { header: 'Cant.', width: 28, align: 'right' },
  { header: 'Cant. aprob.', width: 34, align: 'right' },
  { header: 'V. unitario', width: 50, align: 'right' },
  ...DINERO,
  { header: 'Estado', width: 44 },
];

const fechas = (a: FilaAtencion) =>
  a.fechaDesde === a.fechaHasta
    ? formatDate(a.fechaDesde)
    : `${formatDate(a.fechaDesde)}\n${formatDate(a.fechaHasta)}`;

/** A load's heading row in a report of several loads. */
function filaCarga(nCol: number, c: TotalCarga, dinero: number, cola: number): FilaPdf {
  return {
    celdas: [
      `Carga ${formatDate(c.desde)} – ${formatDate(c.hasta)} · ${formatCount(c.n) || '0'} atenciones · ${formatCount(c.lineas) || '0'} detalles`,
      m(c.reclamado),
      m(c.aprobado),
      m(c.glosa),
      ...Array.from({ length: cola }, () => ''),
    ],
    estilo: 'grupo',
    span: nCol - dinero - cola,
  };
}

/** The state of the rows of reports 10 and 11 across batches (numbering, the load being listed). */
export type EstadoAtenciones = { n: number; carga: number | null };

export function filasConsolidado(
  lote: Extract<LoteReporte, { t: 'atenciones' }>,
  estado: EstadoAtenciones,
  cargas: Map<number, TotalCarga> | null,
): FilaPdf[] {
  const out: FilaPdf[] = [];
  for (const a of lote.atenciones) {
    if (cargas && a.idCarga !== estado.carga) {
      const c = cargas.get(a.idCarga);
      if (c) out.push(filaCarga(COLUMNAS_CONSOLIDADO.length, c, 3, 0));
    }
    estado.carga = a.idCarga;
    out.push([
      String(++estado.n),
      a.numero,
      `${a.paciente}\n${a.cedula}`,
      fechas(a),
      a.diagnosticos,
      a.medico ?? '',
      String(a.nivel),
      a.estadoAud,
      a.estadoDoc,
      formatCount(a.lineas) || '0',
      m(a.reclamado),
      m(a.aprobado),
      m(a.glosa),
    ]);
  }
  return out;
}

export function filasDetallado(
  lote: Extract<LoteReporte, { t: 'atenciones' }>,
  estado: EstadoAtenciones,
  cargas: Map<number, TotalCarga> | null,
): FilaPdf[] {
  const nCol = COLUMNAS_DETALLADO.length;
  const porPlanilla = new Map<number, FilaLinea[]>();
  for (const l of lote.lineas) {
    const v = porPlanilla.get(l.idPlanilla);
    if (v) v.push(l);
    else porPlanilla.set(l.idPlanilla, [l]);
  }
  const out: FilaPdf[] = [];
  for (const a of lote.atenciones) {
    if (cargas && a.idCarga !== estado.carga) {
      const c = cargas.get(a.idCarga);
      if (c) out.push(filaCarga(nCol, c, 3, 1));
    }
    estado.carga = a.idCarga;
    estado.n++;
    const partes = [
      `Planilla ${a.numero}`,
      `${a.paciente} (C.I. ${a.cedula})`,
      fechas(a).replace('\n', ' – '),
      a.diagnosticos ? `Dx ${a.diagnosticos}` : '',
      a.medico ? `Médico ${a.medico}` : '',
      `AM ${a.estadoAud} · GD ${a.estadoDoc}`,
    ].filter(Boolean);
    out.push({
      celdas: [partes.join(' · '), m(a.reclamado), m(a.aprobado), m(a.glosa), ''],
      estilo: 'grupo',
      span: nCol - 4,
    });
    for (const l of porPlanilla.get(a.idPlanilla) ?? [])
      out.push([
        formatDate(l.fechaAtencion),
        l.codigo,
        l.descripcion ?? '',
        formatCount(l.cantidad) || '0',
        formatCount(l.cantidadAprobada) || '0',
        m(l.valorUni),
        m(l.reclamado),
        m(l.aprobado),
        m(l.glosa),
        l.estado === 1 ? 'Activo' : 'Inactivo',
      ]);
  }
  return out;
}

export function cierreAtenciones(detallado: boolean, c: NonNullable<CierreReporte['atenciones']>): FilaPdf[] {
  const nCol = detallado ? COLUMNAS_DETALLADO.length : COLUMNAS_CONSOLIDADO.length;
  const cola = detallado ? 1 : 0;
  return [
    {
      celdas: [
        `${c.etiqueta}: ${formatCount(c.total.n) || '0'} atenciones · ${formatCount(c.total.lineas) || '0'} detalles`,
        m(c.total.reclamado),
        m(c.total.aprobado),
        m(c.total.glosa),
        ...Array.from({ length: cola }, () => ''),
      ],
      estilo: 'total',
      span: nCol - 3 - cola,
    },
  ];
}
