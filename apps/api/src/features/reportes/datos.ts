import { formatDate } from '@app/domain/common/format';
import { sumMoney } from '@app/domain/detalles/money';
import { REPORTES_PDF, type TipoReporte } from '@app/domain/reportes/pdf';
import type { Queryable } from '../../db/client.ts';
import { parseIdList } from '../../lib/id-list-cache.ts';
import { logoDataUrl } from '../../lib/pdf.ts';
import { APROBADO, RECLAMADO } from '../detalles/sql.ts';
import type {
  CierreReporte,
  FilaAtencion,
  FilaLinea,
  FilaNovedad,
  FilaObs,
  Importes,
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
/** Attentions read per batch. */
const LOTE = 500;

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

/** The procedure's header, or null when the load or attention asked for is not one of it. */
async function cabecera(db: Queryable, p: PeticionReporte): Promise<Cabecera | null> {
  const [c] = await db.query<Cabecera>(
    `SELECT t.numero, t.descripcion, t.estado_tramite AS estado, t.fecha_desde AS "fechaDesde", t.fecha_hasta AS "fechaHasta",
            pr.nombre_comercial AS prestador, e.razon_social AS aseguradora, e.id_empresa AS "idEmpresa",
            (SELECT count(DISTINCT x.id_carga)::int FROM planilla x WHERE x.id_tramite = t.id_tramite AND x.estado = 1) AS cargas,
            ca.fecha_desde AS "cargaDesde", ca.fecha_hasta AS "cargaHasta",
            ($2::int IS NULL OR ca.id_carga IS NOT NULL) AS "cargaOk",
            pl.numero AS "planillaNumero", pl.nombre AS "planillaNombre",
            ($3::int IS NULL OR (pl.id_planilla IS NOT NULL AND ($2::int IS NULL OR pl.id_carga = $2))) AS "planillaOk"
       FROM tramite t JOIN prestador pr ON pr.id_prestador = t.id_prestador
       JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
       LEFT JOIN carga ca ON ca.id_carga = $2 AND ca.id_tramite = t.id_tramite
       LEFT JOIN planilla pl ON pl.id_planilla = $3 AND pl.id_tramite = t.id_tramite
      WHERE t.id_tramite = $1`,
    [p.idTramite, p.idCarga, p.idPlanilla],
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

/** Placeholders for the scope: $1 procedure, $2 load, $3 attention. */
const ALCANCE_P = `p.id_tramite = $1 AND p.estado = 1 AND ($2::int IS NULL OR p.id_carga = $2) AND ($3::int IS NULL OR p.id_planilla = $3)`;
/** Observations of the type ($4) in the scope (alias o, copies of migration 0011), sent ones only for 'P'. */
const alcanceObs = (vista: Vista) =>
  `o.id_tramite = $1 AND o.estado = 1 AND o.planilla_estado = 1 AND o.observacion_tipo = $4
   AND ($2::int IS NULL OR o.id_carga = $2) AND ($3::int IS NULL OR o.id_planilla = $3)${vista === 'P' ? ' AND o.ronda IS NOT NULL' : ''}`;

const base = (p: PeticionReporte) => [p.idTramite, p.idCarga, p.idPlanilla];

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
    const [{ total }] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM carga_error e JOIN carga c ON c.id_carga = e.id_carga
        WHERE c.id_tramite = $1 AND c.estado = 1 AND e.tipo = 'N' AND ($2::int IS NULL OR c.id_carga = $2)`,
      [p.idTramite, p.idCarga],
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
  const [{ ids }] = await db.query<{ ids: string | null }>(
    `SELECT string_agg(id_planilla::text, ',' ORDER BY planilla_numero, id_planilla) AS ids
       FROM (SELECT o.id_planilla, o.planilla_numero FROM pla_obs o WHERE ${alcanceObs(p.vista)}
             UNION
             SELECT o.id_planilla, o.planilla_numero FROM pla_det_obs o WHERE ${alcanceObs(p.vista)}) x`,
    [...base(p), tipo],
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

/** The load's novelties in row order, `limite` at most; returns how many were sent. */
async function loteNovedades(db: Queryable, p: PeticionReporte, limite: number, enviar: Enviar) {
  let enviadas = 0;
  let desde: [string, number, number, number] | null = null;
  type FilaClave = FilaNovedad & { k1: string; k2: number; k3: number; k4: number };
  while (enviadas < limite) {
    const filas: FilaClave[] = await db.query<FilaClave>(
      `SELECT c.fecha_desde AS "cargaDesde", c.fecha_hasta AS "cargaHasta", e.fila, e.columna, e.valor, e.mensaje,
              c.fecha_desde AS k1, c.id_carga AS k2, coalesce(e.fila, 0) AS k3, e.id_carga_error AS k4
         FROM carga_error e JOIN carga c ON c.id_carga = e.id_carga
        WHERE c.id_tramite = $1 AND c.estado = 1 AND e.tipo = 'N' AND ($2::int IS NULL OR c.id_carga = $2)
          AND ($3::date IS NULL OR (c.fecha_desde, c.id_carga, coalesce(e.fila, 0), e.id_carga_error) > ($3::date, $4::int, $5::int, $6::int))
        ORDER BY c.fecha_desde, c.id_carga, coalesce(e.fila, 0), e.id_carga_error
        LIMIT $7`,
      [p.idTramite, p.idCarga, ...(desde ?? [null, null, null, null]), Math.min(2000, limite - enviadas)],
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

/** The observations of the type on these attentions, in the report's order, with the amounts they concern. */
function filasObs(db: Queryable, p: PeticionReporte, tipo: TipoReporte, ids: number[]) {
  const sent = p.vista === 'P' ? ' AND o.ronda IS NOT NULL' : '';
  return db.query<FilaObs>(
    `WITH obs AS (
       SELECT 'PLANILLA' AS nivel, o.id_pla_obs AS id, o.id_planilla, NULL::int AS id_det, o.id_observacion,
              o.descripcion, o.id_respuesta, o.respuesta, o.respondida, o.fecha_reg, o.fecha_act, o.id_usuario_reg
         FROM pla_obs o WHERE o.id_planilla = ANY($1::int[]) AND o.estado = 1 AND o.observacion_tipo = $2${sent}
       UNION ALL
       SELECT 'DETALLE', o.id_pla_det_obs, o.id_planilla, o.id_planilla_det, o.id_observacion,
              o.descripcion, o.id_respuesta, o.respuesta, o.respondida, o.fecha_reg, o.fecha_act, o.id_usuario_reg
         FROM pla_det_obs o WHERE o.id_planilla = ANY($1::int[]) AND o.estado = 1 AND o.observacion_tipo = $2${sent}
     )
     SELECT x.nivel, p.numero, p.cedula, p.nombre AS paciente, p.fecha_desde AS "fechaAtencion",
            d.codigo, d.descripcion AS detalle, ob.descripcion AS observacion, x.descripcion AS complementaria,
            re.descripcion AS "respuestaEstandar", x.respuesta, x.respondida,
            x.fecha_reg AS "fechaReg", x.fecha_act AS "fechaAct", u.nombre AS usuario,
            (CASE WHEN d.id_planilla_det IS NULL THEN p.total_reclamado ELSE ${RECLAMADO()} END)::text AS reclamado,
            (CASE WHEN d.id_planilla_det IS NULL THEN p.total_aprobado ELSE ${APROBADO()} END)::text AS aprobado,
            (CASE WHEN d.id_planilla_det IS NULL THEN p.total_glosa ELSE ${RECLAMADO()} - ${APROBADO()} END)::text AS glosa
       FROM obs x
       JOIN planilla p ON p.id_planilla = x.id_planilla
       JOIN observacion ob ON ob.id_observacion = x.id_observacion
       LEFT JOIN planilla_det d ON d.id_planilla_det = x.id_det
       LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
       LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg
      ORDER BY p.numero, p.id_planilla, x.nivel DESC, d.codigo NULLS FIRST, x.id`,
    [ids, tipo],
  );
}

type FilaImportes = { n: number; reclamado: string; aprobado: string; glosa: string };
const sumas = (r: string) =>
  `count(*)::int AS n, COALESCE(sum(${r}reclamado), 0)::numeric(16, 2)::text AS reclamado,
   COALESCE(sum(${r}aprobado), 0)::numeric(16, 2)::text AS aprobado, COALESCE(sum(${r}glosa), 0)::numeric(16, 2)::text AS glosa`;

/**
 * The totals under an observations table, in SQL on numeric: the observed lines (each once,
 * however many observations it has), the observed attentions, and the whole scope.
 */
async function totalesObs(db: Queryable, p: PeticionReporte, tipo: TipoReporte) {
  const params = [...base(p), tipo];
  const [c] = await db.query<{ observaciones: number; respondidas: number }>(
    `SELECT count(*)::int AS observaciones, count(*) FILTER (WHERE respondida)::int AS respondidas
       FROM (SELECT o.respondida FROM pla_obs o WHERE ${alcanceObs(p.vista)}
             UNION ALL SELECT o.respondida FROM pla_det_obs o WHERE ${alcanceObs(p.vista)}) x`,
    params,
  );
  const [detalles] = await db.query<FilaImportes>(
    `SELECT ${sumas('x.')} FROM (
       SELECT ${RECLAMADO()} AS reclamado, ${APROBADO()} AS aprobado, ${RECLAMADO()} - ${APROBADO()} AS glosa
         FROM planilla_det d
        WHERE d.id_planilla_det IN (SELECT o.id_planilla_det FROM pla_det_obs o WHERE ${alcanceObs(p.vista)})) x`,
    params,
  );
  const [atenciones] = await db.query<FilaImportes>(
    `SELECT ${sumas('p.total_')} FROM planilla p
      WHERE p.id_planilla IN (SELECT o.id_planilla FROM pla_obs o WHERE ${alcanceObs(p.vista)}
                              UNION SELECT o.id_planilla FROM pla_det_obs o WHERE ${alcanceObs(p.vista)})`,
    params,
  );
  const [alcance] = await db.query<FilaImportes>(
    `SELECT ${sumas('p.total_')} FROM planilla p WHERE ${ALCANCE_P}`,
    base(p),
  );
  return {
    ...c,
    detalles,
    atenciones,
    alcance: { ...alcance, etiqueta: etiquetaAlcance(p) },
  };
}

const etiquetaAlcance = (p: PeticionReporte) =>
  p.idPlanilla ? 'Total de la atención' : p.idCarga ? 'Total de la carga' : 'Total del trámite';

/** Reports 10 and 11: the scope's attentions by load and number, with (11) every line. */
async function atenciones(
  db: Queryable,
  p: PeticionReporte,
  clase: 'consolidado' | 'detallado',
  enviar: Enviar,
  limite: number,
) {
  const cargas = await db.query<TotalCarga>(
    `SELECT c.id_carga AS "idCarga", c.fecha_desde AS desde, c.fecha_hasta AS hasta, ${sumas('p.total_')},
            (SELECT count(*)::int FROM planilla_det d JOIN planilla q ON q.id_planilla = d.id_planilla
              WHERE q.id_tramite = $1 AND q.estado = 1 AND q.id_carga = c.id_carga
                AND ($3::int IS NULL OR q.id_planilla = $3)) AS lineas
       FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
      WHERE ${ALCANCE_P}
      GROUP BY c.id_carga, c.fecha_desde, c.fecha_hasta
      ORDER BY c.fecha_desde, c.id_carga`,
    base(p),
  );
  await enviar({ t: 'cargas', cargas });
  // The attentions in order with (11) their number of lines: where the cap cuts is known before
  // the rows are read (whole attentions only), so the summary can say what is left out.
  const detallado = clase === 'detallado';
  const [{ ids, nLineas }] = await db.query<{ ids: string | null; nLineas: string | null }>(
    `SELECT string_agg(p.id_planilla::text, ',' ORDER BY c.fecha_desde, p.id_carga, p.numero, p.id_planilla) AS ids,
            ${
              detallado
                ? `string_agg((SELECT count(*) FROM planilla_det d WHERE d.id_planilla = p.id_planilla)::text, ','
                     ORDER BY c.fecha_desde, p.id_carga, p.numero, p.id_planilla)`
                : 'NULL'
            } AS "nLineas"
       FROM planilla p JOIN carga c ON c.id_carga = p.id_carga WHERE ${ALCANCE_P}`,
    base(p),
  );
  const lista = parseIdList(ids);
  const porAtencion = detallado ? parseIdList(nLineas) : null;
  let corte = 0;
  let filas = 0;
  for (; corte < lista.length; corte++) {
    const n = 1 + (porAtencion?.[corte] ?? 0);
    if (filas + n > limite) break;
    filas += n;
  }
  let omitidas = 0;
  for (let i = corte; i < lista.length; i++) omitidas += 1 + (porAtencion?.[i] ?? 0);
  const total = cargas.reduce(
    (a, c) => ({
      n: a.n + c.n,
      lineas: a.lineas + c.lineas,
      reclamado: sumMoney([a.reclamado, c.reclamado]),
      aprobado: sumMoney([a.aprobado, c.aprobado]),
      glosa: sumMoney([a.glosa, c.glosa]),
    }),
    { n: 0, lineas: 0, reclamado: '0.00', aprobado: '0.00', glosa: '0.00' } as Importes & { lineas: number },
  );
  await enviar({
    t: 'cierre',
    cierre: { omitidas, limite, atenciones: { total, cargas, etiqueta: etiquetaAlcance(p) } },
  });
  for (let i = 0; i < corte; i += LOTE) {
    const lote = Array.from(lista.subarray(i, Math.min(i + LOTE, corte)));
    const at = await db.query<FilaAtencion>(
      `SELECT p.id_planilla AS "idPlanilla", p.id_carga AS "idCarga", p.numero, p.cedula, p.nombre AS paciente,
              p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta",
              concat_ws(', ', p.diag1, p.diag2, p.diag3, p.diag4, p.diag5) AS diagnosticos,
              p.nombre_medico AS medico, p.nivel, p.estado_aud AS "estadoAud", p.estado_doc AS "estadoDoc",
              (SELECT count(*)::int FROM planilla_det d WHERE d.id_planilla = p.id_planilla) AS lineas,
              p.total_reclamado::text AS reclamado, p.total_aprobado::text AS aprobado, p.total_glosa::text AS glosa
         FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
        WHERE p.id_planilla = ANY($1::int[])
        ORDER BY c.fecha_desde, p.id_carga, p.numero, p.id_planilla`,
      [lote],
    );
    const lineas = detallado
      ? await db.query<FilaLinea>(
          `SELECT d.id_planilla AS "idPlanilla", d.fecha_atencion AS "fechaAtencion", d.codigo, d.descripcion,
                  d.cantidad, CASE WHEN d.estado = 1 THEN COALESCE(d.cantidad_aprobada, d.cantidad) ELSE 0 END AS "cantidadAprobada",
                  d.valor_uni::text AS "valorUni", ${RECLAMADO()}::text AS reclamado, ${APROBADO()}::text AS aprobado,
                  (${RECLAMADO()} - ${APROBADO()})::text AS glosa, d.estado
             FROM planilla_det d WHERE d.id_planilla = ANY($1::int[])
            ORDER BY d.id_planilla, d.fecha_atencion NULLS LAST, d.codigo, d.id_planilla_det`,
          [lote],
        )
      : [];
    if (at.length > 0) await enviar({ t: 'lote', lote: { t: 'atenciones', atenciones: at, lineas } });
  }
  await enviar({ t: 'fin' });
}
