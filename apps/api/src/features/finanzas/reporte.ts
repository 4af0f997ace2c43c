import {
  COLUMNAS_REPORTE_FINANCIERO,
  formatDate,
  MOTIVO_DETALLE_INACTIVO,
  MSG_FINANZAS,
  NOMBRE_REPORTE_FINANCIERO,
  TIPOS_CARGA,
  type TipoCarga,
} from '@app/domain';
import type { Database } from '../../db/client.ts';
import { planilla, planillaDet } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { columnas, consulta, sql, una } from '../../lib/sql.ts';
import {
  archivoExport,
  columnasExport,
  type FormatoExport,
  type TipoColumna,
  type ValorCelda,
} from '../../lib/tabla-export.ts';
import { APROBADO, RECLAMADO } from '../detalles/sql.ts';

/** Attentions read per round trip: their lines follow in one more query (≈ 3 lines each). */
const LOTE = 500;

type Atencion = {
  idPlanilla: number;
  numero: string;
  cedula: string;
  nombre: string;
  desde: string;
  hasta: string;
  tipoCarga: string;
};

type Linea = {
  idPlanilla: number;
  fechaAtencion: string | null;
  codigo: string;
  descripcion: string | null;
  cantidad: number;
  valorUni: string;
  reclamado: string;
  aprobado: string;
  glosa: string;
  estado: number;
  motivos: string | null;
  pagado: string;
  pendiente: string;
};

/** A line of the report (aliases d, e element, pg paid): the money, the reasons of its glosa, what is paid. */
const LINEA = columnas(planillaDet, 'd', {
  solo: ['idPlanilla', 'fechaAtencion', 'codigo'],
  extra: {
    descripcion: 'COALESCE(e.nombre, d.descripcion)',
    cantidad: 'd.cantidad',
    valorUni: 'd.valor_uni::text',
    reclamado: `${RECLAMADO()}::text`,
    aprobado: `${APROBADO()}::text`,
    glosa: `(${RECLAMADO()} - ${APROBADO()})::text`,
    estado: 'd.estado',
    motivos: `(SELECT string_agg(ob.descripcion || COALESCE(': ' || NULLIF(btrim(o.descripcion), ''), ''), ' | '
                            ORDER BY o.id_pla_det_obs)
            FROM pla_det_obs o JOIN observacion ob ON ob.id_observacion = o.id_observacion
           WHERE o.id_planilla_det = d.id_planilla_det AND o.estado = 1 AND o.observacion_tipo = 'M')`,
    pagado: 'pg.pagado::text',
    pendiente: `(${APROBADO()} - pg.pagado)::text`,
  },
});

/** The lines of these attentions. */
const lineasSql = (ids: number[]) => sql`
  SELECT ${LINEA}
    FROM planilla_det d
    LEFT JOIN elemento e ON e.id_elemento = d.id_elemento
    CROSS JOIN LATERAL (SELECT COALESCE(sum(x.valor), 0)::numeric(14, 2) AS pagado
                          FROM pago_fin_det x WHERE x.id_planilla_det = d.id_planilla_det) pg
   WHERE d.id_planilla = ANY(${sql.param(ids)}::int[])
   ORDER BY d.id_planilla, d.fecha_atencion NULLS LAST, d.codigo, d.id_planilla_det`;

/** An attention of the report and its load (aliases p, c). */
const ATENCION = columnas(planilla, 'p', {
  solo: ['idPlanilla', 'numero', 'cedula', 'nombre'],
  extra: { desde: 'c.fecha_desde', hasta: 'c.fecha_hasta', tipoCarga: 'c.tipo_carga' },
});

/** Keyset pages of the procedure's active attentions in number order, each with its lines. */
async function* lotes(db: Database, idTramite: number): AsyncGenerator<{ a: Atencion; lineas: Linea[] }[]> {
  let numero = '';
  let id = 0;
  for (;;) {
    const atenciones = await consulta<Atencion>(
      db,
      sql`SELECT ${ATENCION}
         FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
        WHERE p.id_tramite = ${idTramite} AND p.estado = 1 AND (p.numero, p.id_planilla) > (${numero}::text, ${id}::int)
        ORDER BY p.numero, p.id_planilla LIMIT ${sql.raw(String(LOTE))}`,
    );
    if (!atenciones.length) return;
    const lineas = await consulta<Linea>(db, lineasSql(atenciones.map((a) => a.idPlanilla)));
    const porAtencion = new Map<number, Linea[]>();
    for (const l of lineas) {
      const list = porAtencion.get(l.idPlanilla);
      if (list) list.push(l);
      else porAtencion.set(l.idPlanilla, [l]);
    }
    yield atenciones.map((a) => ({ a, lineas: porAtencion.get(a.idPlanilla) ?? [] }));
    const last = atenciones[atenciones.length - 1];
    numero = last.numero;
    id = last.idPlanilla;
    if (atenciones.length < LOTE) return;
  }
}

function motivo(l: Linea): string {
  if (l.glosa === '0.00') return '';
  return l.motivos ?? (l.estado === 1 ? '' : MOTIVO_DETALLE_INACTIVO);
}

type FilaReporte = { numeroTramite: string; carga: string; a: Atencion; l: Linea };

/**
 * The report's columns (headers from the domain, COLUMNAS_REPORTE_FINANCIERO, in that order). Amounts
 * are `monto`: a decimal comma in the CSV, as Spanish spreadsheets read it (decision 56), numbers in Excel.
 */
const TIPOS_REPORTE: Record<
  (typeof COLUMNAS_REPORTE_FINANCIERO)[number],
  [TipoColumna, (f: FilaReporte) => ValorCelda, number?]
> = {
  Trámite: ['texto', (f) => f.numeroTramite, 12],
  Carga: ['texto', (f) => f.carga, 34],
  Planilla: ['texto', (f) => f.a.numero],
  Cédula: ['texto', (f) => f.a.cedula, 12],
  Paciente: ['texto', (f) => f.a.nombre, 30],
  'Fecha de atención': ['fecha', (f) => f.l.fechaAtencion],
  Código: ['texto', (f) => f.l.codigo, 12],
  Descripción: ['texto', (f) => f.l.descripcion, 36],
  Cantidad: ['entero', (f) => f.l.cantidad],
  'Valor unitario': ['monto', (f) => f.l.valorUni],
  Reclamado: ['monto', (f) => f.l.reclamado],
  Aprobado: ['monto', (f) => f.l.aprobado],
  Glosa: ['monto', (f) => f.l.glosa],
  'Motivo de glosa': ['texto', (f) => motivo(f.l), 40],
  Pagado: ['monto', (f) => f.l.pagado],
  'Pendiente de pago': ['monto', (f) => f.l.pendiente],
};
const COLUMNAS_REPORTE = columnasExport<FilaReporte>(
  COLUMNAS_REPORTE_FINANCIERO.map((titulo) => {
    const [tipo, valor, ancho] = TIPOS_REPORTE[titulo];
    return { titulo, tipo, valor, ancho };
  }),
);

/**
 * reporte_financiero.csv (docs/spec-summary.md 000 §2 and §7, issue 15 item 2): one row per line item of the procedure's
 * active attentions, streamed from the database through the one CSV writer. Annulled attentions are out
 * of the claim (decision 43); a line switched off stays, with its whole amount objected.
 */
export async function reporteFinanciero(
  db: Database,
  idTramite: number,
  numeroTramite: string,
  formato: FormatoExport = 'csv',
) {
  const hay = await una(
    db,
    sql`SELECT 1 FROM planilla p JOIN planilla_det d ON d.id_planilla = p.id_planilla
      WHERE p.id_tramite = ${idTramite} AND p.estado = 1 LIMIT 1`,
  );
  if (!hay) throw new AppError(422, 'SIN_DATOS', MSG_FINANZAS.noHayDatosExportar);
  const filas = (async function* () {
    for await (const lote of lotes(db, idTramite)) {
      for (const { a, lineas } of lote) {
        const carga = `${formatDate(a.desde)} – ${formatDate(a.hasta)} (${TIPOS_CARGA[a.tipoCarga as TipoCarga] ?? a.tipoCarga})`;
        for (const l of lineas) yield { numeroTramite, carga, a, l };
      }
    }
  })();
  return archivoExport({
    columnas: COLUMNAS_REPORTE,
    filas,
    formato,
    nombre: NOMBRE_REPORTE_FINANCIERO.replace(/\.csv$/, ''),
    hoja: 'Reporte financiero',
  });
}
