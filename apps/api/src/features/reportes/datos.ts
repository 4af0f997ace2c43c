import { formatDate } from '@app/domain/common/format';
import { REPORTES_PDF, type TipoReporte } from '@app/domain/reportes/pdf';
import type { Queryable } from '../../db/client.ts';
import { carga, planillaDet, planilla as planillaT, tramite } from '../../db/schema/index.ts';
import { parseIdList } from '../../lib/id-list-cache.ts';
import { logoDataUrl } from '../../lib/pdf.ts';
import { columnas, consulta, fila, lista, sql, una } from '../../lib/sql.ts';
import { APROBADO, RECLAMADO } from '../detalles/sql.ts';
import { alcanceP, etiquetaAlcance, LOTE, sumas } from './alcance.ts';
import { atenciones } from './datos-atenciones.ts';
import type {
  CierreReporte,
  FilaNovedad,
  FilaObs,
  InicioReporte,
  LoteReporte,
  TotalCarga,
} from './modelos-comun.ts';

/*
 * The data of the procedure reports, read on the event loop in batches (never the whole report in
 * one result) and handed to the report worker, which formats and draws them (hilo.ts).
 */

/**
 * Who reads: the provider ('P') sees only the observations sent to it (a draft, `ronda` NULL, is
 * the insurer's until it is sent: decision 45); the insurer's staff ('A') every active one. Reports
 * 10 and 11 are the same for both ('-').
 */
export type Vista = 'P' | 'A' | '-';

export type PeticionReporte = {
  reportId: number;
  idTramite: number;
  idCarga: number | null;
  idPlanilla: number | null;
  tipo: TipoReporte | null;
  vista: Vista;
};

/** Rows printed at most: beyond, a note says how many were left out (totals stay whole). */
export const MAX_FILAS = 60_000;

/**
 * The messages to the report worker, in this order: the loads' totals (10, 11), the summary (counts,
 * totals, rows left out), the rows in batches, the end. `enviar` resolves when the worker may take
 * another batch: the reading keeps pace with the drawing, so neither side holds the whole report.
 */
export type MensajeAlHilo =
  | { t: 'cargas'; cargas: TotalCarga[] }
  | { t: 'cierre'; cierre: CierreReporte }
  | { t: 'lote'; lote: LoteReporte }
  | { t: 'fin' };
export type Enviar = (m: MensajeAlHilo) => Promise<void> | void;

type Cabecera = {
  numero: string;
  descripcion: string;
  estado: string;
  fechaDesde: string;
  fechaHasta: string;
  prestador: string;
  aseguradora: string;
  idEmpresa: number;
  cargas: number;
  cargaDesde: string | null;
  cargaHasta: string | null;
  cargaOk: boolean;
  planillaNumero: string | null;
  planillaNombre: string | null;
  planillaOk: boolean;
};

/** The header's columns (aliases t procedure, pr provider, e insurer, ca load, pl attention). */
const CABECERA = columnas(tramite, 't', {
  solo: ['numero', 'descripcion'],
  extra: {
    estado: 't.estado_tramite',
    fechaDesde: 't.fecha_desde',
    fechaHasta: 't.fecha_hasta',
    prestador: 'pr.nombre_comercial',
    aseguradora: 'e.razon_social',
    idEmpresa: 'e.id_empresa',
  },
});
const CABECERA_CARGA = columnas(carga, 'ca', {
  solo: [],
  extra: { cargaDesde: 'ca.fecha_desde', cargaHasta: 'ca.fecha_hasta' },
});
const CABECERA_PLANILLA = columnas(planillaT, 'pl', {
  solo: [],
  extra: { planillaNumero: 'pl.numero', planillaNombre: 'pl.nombre' },
});

/** The procedure's header, or null when the load or attention asked for is not one of it. */
async function cabecera(db: Queryable, p: PeticionReporte): Promise<Cabecera | null> {
  const laCarga = sql`${p.idCarga}::int`;
  const laPlanilla = sql`${p.idPlanilla}::int`;
  const c = await una<Cabecera>(
    db,
    sql`SELECT ${CABECERA},
            (SELECT count(DISTINCT x.id_carga)::int FROM planilla x WHERE x.id_tramite = t.id_tramite AND x.estado = 1) AS cargas,
            ${CABECERA_CARGA},
            (${laCarga} IS NULL OR ca.id_carga IS NOT NULL) AS "cargaOk",
            ${CABECERA_PLANILLA},
            (${laPlanilla} IS NULL OR (pl.id_planilla IS NOT NULL AND (${laCarga} IS NULL OR pl.id_carga = ${laCarga}))) AS "planillaOk"
       FROM tramite t JOIN prestador pr ON pr.id_prestador = t.id_prestador
       JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
       LEFT JOIN carga ca ON ca.id_carga = ${laCarga} AND ca.id_tramite = t.id_tramite
       LEFT JOIN planilla pl ON pl.id_planilla = ${laPlanilla} AND pl.id_tramite = t.id_tramite
      WHERE t.id_tramite = ${p.idTramite}`,
  );
  return c?.cargaOk && c.planillaOk ? c : null;
}

/** The worker's first message and the download's file name; null: the load or attention is not the procedure's. */
export async function inicioReporte(
  db: Queryable,
  p: PeticionReporte,
  generado = new Date(),
): Promise<{ inicio: InicioReporte; nombre: string } | null> {
  const def = REPORTES_PDF[p.reportId];
  const c = await cabecera(db, p);
  if (!c) return null;
  const lineas = [
    `Prestador: ${c.prestador} · Período: ${formatDate(c.fechaDesde)} – ${formatDate(c.fechaHasta)} · Estado: ${c.estado}`,
    `Descripción: ${c.descripcion}`,
  ];
  if (c.cargaDesde) lineas.push(`Carga: ${formatDate(c.cargaDesde)} – ${formatDate(c.cargaHasta)}`);
  else lineas.push('Carga: todas las cargas del trámite');
  if (c.planillaNumero) lineas.push(`Atención: planilla ${c.planillaNumero} – ${c.planillaNombre}`);
  const partes = [
    `reporte${p.reportId}`,
    c.numero,
    p.tipo ?? '',
    p.idCarga ? `carga${p.idCarga}` : '',
    c.planillaNumero ? `planilla${c.planillaNumero}` : '',
  ].filter(Boolean);
  return {
    inicio: {
      reportId: p.reportId,
      tipo: p.tipo,
      titulo: `${def.titulo} – Trámite ${c.numero}`,
      empresa: c.aseguradora,
      logo: await logoDataUrl(db, c.idEmpresa),
      cabecera: lineas,
      variasCargas: p.idCarga === null && p.idPlanilla === null && c.cargas > 1,
      generado: generado.toISOString(),
    },
    nombre: `${partes.join('_').replace(/[^\w.-]+/g, '_')}.pdf`,
  };
}

/** Observations of the type in the scope (alias o, copies of migration 0011), sent ones only for 'P'. */
const alcanceObs = (p: PeticionReporte, tipo: TipoReporte) =>
  sql`o.id_tramite = ${p.idTramite} AND o.estado = 1 AND o.planilla_estado = 1 AND o.observacion_tipo = ${tipo}
   AND (${p.idCarga}::int IS NULL OR o.id_carga = ${p.idCarga}) AND (${p.idPlanilla}::int IS NULL OR o.id_planilla = ${p.idPlanilla})${
     p.vista === 'P' ? sql.raw(' AND o.ronda IS NOT NULL') : sql.empty()
   }`;

/** The money of a line (alias d), as detalles/sql.ts computes it. */
const RECLAMADO_D = sql.raw(RECLAMADO());
const APROBADO_D = sql.raw(APROBADO());

/**
 * Reads the report's data and hands it to `enviar` in order: the loads' totals (10, 11), the
 * summary, the rows in batches (at most `limite`), the end.
 */
export async function alimentar(
  db: Queryable,
  p: PeticionReporte,
  enviar: Enviar,
  limite = MAX_FILAS,
): Promise<void> {
  const clase = REPORTES_PDF[p.reportId].clase;
  if (clase === 'consolidado' || clase === 'detallado') return atenciones(db, p, clase, enviar, limite);
  const tipo = p.tipo ?? 'M';
  let novedades: number | undefined;
  if (clase === 'novedades') {
    const { total } = await fila<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM carga_error e JOIN carga c ON c.id_carga = e.id_carga
        WHERE c.id_tramite = ${p.idTramite} AND c.estado = 1 AND e.tipo = 'N'
          AND (${p.idCarga}::int IS NULL OR c.id_carga = ${p.idCarga})`,
    );
    novedades = total;
  }
  // The summary first: the novelties shown (up to the cap), then as many observations as still fit.
  const obs = await totalesObs(db, p, tipo);
  const novedadesVistas = Math.min(novedades ?? 0, limite);
  const omitidas =
    (novedades ?? 0) - novedadesVistas + Math.max(0, obs.observaciones - (limite - novedadesVistas));
  await enviar({ t: 'cierre', cierre: { omitidas, limite, novedades, obs } });
  let filas = novedades ? await loteNovedades(db, p, novedadesVistas, enviar) : 0;
  const { ids } = await fila<{ ids: string | null }>(
    db,
    sql`SELECT string_agg(id_planilla::text, ',' ORDER BY planilla_numero, id_planilla) AS ids
       FROM (SELECT o.id_planilla, o.planilla_numero FROM pla_obs o WHERE ${alcanceObs(p, tipo)}
             UNION
             SELECT o.id_planilla, o.planilla_numero FROM pla_det_obs o WHERE ${alcanceObs(p, tipo)}) x`,
  );
  const lista = parseIdList(ids);
  for (let i = 0; i < lista.length && filas < limite; i += LOTE) {
    const lote = await filasObs(db, p, tipo, Array.from(lista.subarray(i, i + LOTE)));
    const caben = lote.slice(0, limite - filas);
    filas += caben.length;
    if (caben.length) await enviar({ t: 'lote', lote: { t: 'obs', filas: caben } });
  }
  await enviar({ t: 'fin' });
}

/** A novelty's load period (alias c). */
const NOVEDAD = columnas(carga, 'c', {
  solo: [],
  extra: { cargaDesde: 'c.fecha_desde', cargaHasta: 'c.fecha_hasta' },
});

/** The load's novelties in row order, `limite` at most; returns how many were sent. */
async function loteNovedades(db: Queryable, p: PeticionReporte, limite: number, enviar: Enviar) {
  let enviadas = 0;
  let desde: [string, number, number, number] | null = null;
  type FilaClave = FilaNovedad & { k1: string; k2: number; k3: number; k4: number };
  while (enviadas < limite) {
    const [k1, k2, k3, k4] = desde ?? [null, null, null, null];
    const filas: FilaClave[] = await consulta<FilaClave>(
      db,
      sql`SELECT ${NOVEDAD}, e.fila, e.columna, e.valor, e.mensaje,
              c.fecha_desde AS k1, c.id_carga AS k2, coalesce(e.fila, 0) AS k3, e.id_carga_error AS k4
         FROM carga_error e JOIN carga c ON c.id_carga = e.id_carga
        WHERE c.id_tramite = ${p.idTramite} AND c.estado = 1 AND e.tipo = 'N'
          AND (${p.idCarga}::int IS NULL OR c.id_carga = ${p.idCarga})
          AND (${k1}::date IS NULL
               OR (c.fecha_desde, c.id_carga, coalesce(e.fila, 0), e.id_carga_error) > (${k1}::date, ${k2}::int, ${k3}::int, ${k4}::int))
        ORDER BY c.fecha_desde, c.id_carga, coalesce(e.fila, 0), e.id_carga_error
        LIMIT ${Math.min(2000, limite - enviadas)}`,
    );
    if (filas.length === 0) break;
    const u: FilaClave = filas[filas.length - 1];
    desde = [u.k1, u.k2, u.k3, u.k4];
    enviadas += filas.length;
    await enviar({
      t: 'lote',
      lote: {
        t: 'novedades',
        filas: filas.map(({ k1: _a, k2: _b, k3: _c, k4: _d, ...f }) => f),
      },
    });
  }
  return enviadas;
}

/** A row of an observations table (x the observation, p its attention, d its line, ob, re, u). */
const FILA_OBS = lista([
  sql.raw('x.nivel'),
  columnas(planillaT, 'p', {
    solo: ['numero', 'cedula'],
    extra: { paciente: 'p.nombre', fechaAtencion: 'p.fecha_desde' },
  }),
  columnas(planillaDet, 'd', {
    solo: ['codigo'],
    extra: {
      detalle: 'd.descripcion',
      observacion: 'ob.descripcion',
      complementaria: 'x.descripcion',
      respuestaEstandar: 're.descripcion',
      respuesta: 'x.respuesta',
      respondida: 'x.respondida',
      fechaReg: 'x.fecha_reg',
      fechaAct: 'x.fecha_act',
      usuario: 'u.nombre',
      reclamado: `(CASE WHEN d.id_planilla_det IS NULL THEN p.total_reclamado ELSE ${RECLAMADO()} END)::text`,
      aprobado: `(CASE WHEN d.id_planilla_det IS NULL THEN p.total_aprobado ELSE ${APROBADO()} END)::text`,
      glosa: `(CASE WHEN d.id_planilla_det IS NULL THEN p.total_glosa ELSE ${RECLAMADO()} - ${APROBADO()} END)::text`,
    },
  }),
]);

/** The observations of the type on these attentions, in the report's order, with the amounts they concern. */
function filasObs(db: Queryable, p: PeticionReporte, tipo: TipoReporte, ids: number[]) {
  const sent = p.vista === 'P' ? sql.raw(' AND o.ronda IS NOT NULL') : sql.empty();
  const de = sql`o.id_planilla = ANY(${sql.param(ids)}::int[]) AND o.estado = 1 AND o.observacion_tipo = ${tipo}${sent}`;
  return consulta<FilaObs>(
    db,
    sql`WITH obs AS (
       SELECT 'PLANILLA' AS nivel, o.id_pla_obs AS id, o.id_planilla, NULL::int AS id_det, o.id_observacion,
              o.descripcion, o.id_respuesta, o.respuesta, o.respondida, o.fecha_reg, o.fecha_act, o.id_usuario_reg
         FROM pla_obs o WHERE ${de}
       UNION ALL
       SELECT 'DETALLE', o.id_pla_det_obs, o.id_planilla, o.id_planilla_det, o.id_observacion,
              o.descripcion, o.id_respuesta, o.respuesta, o.respondida, o.fecha_reg, o.fecha_act, o.id_usuario_reg
         FROM pla_det_obs o WHERE ${de}
     )
     SELECT ${FILA_OBS}
       FROM obs x
       JOIN planilla p ON p.id_planilla = x.id_planilla
       JOIN observacion ob ON ob.id_observacion = x.id_observacion
       LEFT JOIN planilla_det d ON d.id_planilla_det = x.id_det
       LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
       LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg
      ORDER BY p.numero, p.id_planilla, x.nivel DESC, d.codigo NULLS FIRST, x.id`,
  );
}

type FilaImportes = { n: number; reclamado: string; aprobado: string; glosa: string };

/**
 * The totals under an observations table, in SQL on numeric: the observed lines (each once,
 * however many observations it has), the observed attentions, and the whole scope.
 */
async function totalesObs(db: Queryable, p: PeticionReporte, tipo: TipoReporte) {
  const obs = alcanceObs(p, tipo);
  const c = await fila<{ observaciones: number; respondidas: number }>(
    db,
    sql`SELECT count(*)::int AS observaciones, count(*) FILTER (WHERE respondida)::int AS respondidas
       FROM (SELECT o.respondida FROM pla_obs o WHERE ${obs}
             UNION ALL SELECT o.respondida FROM pla_det_obs o WHERE ${obs}) x`,
  );
  const detalles = await fila<FilaImportes>(
    db,
    sql`SELECT ${sumas('x.')} FROM (
       SELECT ${RECLAMADO_D} AS reclamado, ${APROBADO_D} AS aprobado, ${RECLAMADO_D} - ${APROBADO_D} AS glosa
         FROM planilla_det d
        WHERE d.id_planilla_det IN (SELECT o.id_planilla_det FROM pla_det_obs o WHERE ${obs})) x`,
  );
  const atenciones = await fila<FilaImportes>(
    db,
    sql`SELECT ${sumas('p.total_')} FROM planilla p
      WHERE p.id_planilla IN (SELECT o.id_planilla FROM pla_obs o WHERE ${obs}
                              UNION SELECT o.id_planilla FROM pla_det_obs o WHERE ${obs})`,
  );
  const alcance = await fila<FilaImportes>(
    db,
    sql`SELECT ${sumas('p.total_')} FROM planilla p WHERE ${alcanceP(p)}`,
  );
  return {
    ...c,
    detalles,
    atenciones,
    alcance: { ...alcance, etiqueta: etiquetaAlcance(p) },
  };
}
