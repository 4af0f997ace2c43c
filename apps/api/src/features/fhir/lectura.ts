/** What the FHIR bundle reads of a procedure (fhir/bundle.ts builds the resources from it). */
import type { Database } from '../../db/client.ts';
import {
  diagnostico,
  empresa,
  pagoFinFila,
  plaDetObs,
  planilla,
  planillaDet,
  prestador,
  servicio,
  tramite,
} from '../../db/schema/index.ts';
import { columnas, consulta, lista, sql, una } from '../../lib/sql.ts';
import { APROBADO, RECLAMADO } from '../detalles/sql.ts';

/** Attentions per round trip (each with its lines, diagnoses, reasons and payments: 5 queries). */
export const LOTE = 200;

export type Cabecera = {
  numero: string;
  ruc: string;
  prestador: string;
  asegurador: string;
  servicio: string;
};

export type Atencion = {
  idPlanilla: number;
  numero: string;
  cedula: string;
  nombre: string;
  cedulaMedico: string | null;
  nombreMedico: string | null;
  diags: (string | null)[];
  fechaDesde: string;
  fechaHasta: string;
  fechaReg: Date;
  estadoAud: string;
  fechaAud: Date | null;
  totalReclamado: string;
  totalAprobado: string;
};

export type Linea = {
  idPlanillaDet: number;
  idPlanilla: number;
  codigo: string;
  elementoCodigo: string | null;
  descripcion: string | null;
  fechaAtencion: string | null;
  cantidad: number;
  valorUni: string;
  reclamado: string;
  aprobado: string;
  estado: number;
};

export type Motivo = {
  idPlanillaDet: number;
  idObservacion: number;
  descripcion: string;
  complementaria: string | null;
};
export type Pago = { idPlanilla: number; pagado: string; fecha: string };

const CABECERA_COLS = lista([
  columnas(tramite, 't', { solo: ['numero'] }),
  columnas(prestador, 'p', { solo: ['ruc'], extra: { prestador: 'p.nombre_comercial' } }),
  columnas(empresa, 'e', { solo: [], extra: { asegurador: 'e.nombre_corto' } }),
  columnas(servicio, 's', { solo: [], extra: { servicio: 's.nombre' } }),
]);

export async function cabecera(db: Database, idTramite: number): Promise<Cabecera> {
  return (await una<Cabecera>(
    db,
    sql`SELECT ${CABECERA_COLS}
       FROM tramite t JOIN prestador p ON p.id_prestador = t.id_prestador
       JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora JOIN servicio s ON s.id_servicio = t.id_servicio
      WHERE t.id_tramite = ${idTramite}`,
  )) as Cabecera;
}

/** An attention as the bundle reads it. */
const ATENCION_COLS = lista([
  columnas(planilla, 'p', {
    solo: ['idPlanilla', 'numero', 'cedula', 'nombre', 'cedulaMedico', 'nombreMedico'],
    extra: { diags: 'ARRAY[p.diag1, p.diag2, p.diag3, p.diag4, p.diag5]' },
  }),
  columnas(planilla, 'p', {
    solo: [
      'fechaDesde',
      'fechaHasta',
      'fechaReg',
      'estadoAud',
      'fechaAud',
      'totalReclamado',
      'totalAprobado',
    ],
  }),
]);

/** A line with its money (claimed, approved) as text. */
const LINEA_COLS = lista([
  columnas(planillaDet, 'd', {
    solo: ['idPlanillaDet', 'idPlanilla', 'codigo'],
    extra: { elementoCodigo: 'e.codigo', descripcion: 'COALESCE(e.nombre, d.descripcion)' },
  }),
  columnas(planillaDet, 'd', {
    solo: ['fechaAtencion', 'cantidad', 'valorUni'],
    extra: { reclamado: `${RECLAMADO()}::text`, aprobado: `${APROBADO()}::text` },
  }),
  columnas(planillaDet, 'd', { solo: ['estado'] }),
]);

const DIAG_COLS = columnas(diagnostico, 'dg', {
  solo: ['codigo'],
  extra: { code: 'dg.codigo_punto', nombre: 'dg.nombre' },
});

const MOTIVO_COLS = columnas(plaDetObs, 'o', {
  solo: ['idPlanilla', 'idPlanillaDet', 'idObservacion'],
  extra: { descripcion: 'ob.descripcion', complementaria: `NULLIF(btrim(o.descripcion), '')` },
});

const PAGO_COLS = columnas(pagoFinFila, 'f', {
  solo: ['idPlanilla'],
  extra: { pagado: 'sum(f.valor_pagado)::text', fecha: 'max(f.fecha_pago)' },
});

export const agrupar = <T extends { idPlanilla: number }>(rows: T[]) => {
  const m = new Map<number, T[]>();
  for (const r of rows) {
    const l = m.get(r.idPlanilla);
    if (l) l.push(r);
    else m.set(r.idPlanilla, [r]);
  }
  return m;
};

/**
 * One batch of the procedure's active attentions after `despues` (keyset on number and id), with their
 * lines, the names of their diagnoses, the medical audit's reasons on their lines and their payments:
 * five queries. `soloEnviadas`: only observations already sent (what the provider may see, decision 45).
 */
export async function leerLote(
  db: Database,
  idTramite: number,
  despues: { numero: string; id: number },
  soloEnviadas: boolean,
) {
  const { numero, id } = despues;
  const atenciones = await consulta<Atencion>(
    db,
    sql`SELECT ${ATENCION_COLS}
       FROM planilla p
      WHERE p.id_tramite = ${idTramite} AND p.estado = 1 AND (p.numero, p.id_planilla) > (${numero}::text, ${id}::int)
      ORDER BY p.numero, p.id_planilla LIMIT ${sql.raw(String(LOTE))}`,
  );
  if (!atenciones.length) return { atenciones, lineas: [], diags: [], motivos: [], pagos: [] };
  const ids = sql.param(atenciones.map((a) => a.idPlanilla));
  const codigos = [...new Set(atenciones.flatMap((a) => a.diags.filter((d): d is string => !!d)))];
  const [lineas, diags, motivos, pagos] = await Promise.all([
    consulta<Linea>(
      db,
      sql`SELECT ${LINEA_COLS}
         FROM planilla_det d LEFT JOIN elemento e ON e.id_elemento = d.id_elemento
        WHERE d.id_planilla = ANY(${ids}::int[])
        ORDER BY d.id_planilla, d.fecha_atencion NULLS LAST, d.codigo, d.id_planilla_det`,
    ),
    consulta<{ codigo: string; code: string; nombre: string }>(
      db,
      sql`SELECT ${DIAG_COLS} FROM diagnostico dg WHERE dg.codigo = ANY(${sql.param(codigos)}::text[])`,
    ),
    consulta<Motivo & { idPlanilla: number }>(
      db,
      sql`SELECT ${MOTIVO_COLS}
         FROM pla_det_obs o JOIN observacion ob ON ob.id_observacion = o.id_observacion
        WHERE o.id_planilla = ANY(${ids}::int[]) AND o.observacion_tipo = 'M' AND o.estado = 1 ${soloEnviadas ? sql`AND o.ronda IS NOT NULL` : sql.empty()}
        ORDER BY o.id_pla_det_obs`,
    ),
    consulta<Pago>(
      db,
      sql`SELECT ${PAGO_COLS}
         FROM pago_fin_fila f WHERE f.id_planilla = ANY(${ids}::int[]) GROUP BY f.id_planilla`,
    ),
  ]);
  return { atenciones, lineas, diags, motivos, pagos };
}
