import { sumMoney } from '@app/domain/detalles/money';
import type { Queryable } from '../../db/client.ts';
import { carga, planillaDet, planilla as planillaT } from '../../db/schema/index.ts';
import { parseIdList } from '../../lib/id-list-cache.ts';
import { columnas, consulta, fila, lista, sql } from '../../lib/sql.ts';
import { APROBADO, RECLAMADO } from '../detalles/sql.ts';
import { alcanceP, etiquetaAlcance, LOTE, sumas } from './alcance.ts';
import type { Enviar, PeticionReporte } from './datos.ts';
import type { FilaAtencion, FilaLinea, Importes, TotalCarga } from './modelos-comun.ts';

/* Reports 10 and 11 (consolidated and detailed): the scope's attentions by load, with every line for 11. */

/** A load's totals row (alias c; the sums follow). */
const TOTAL_CARGA = columnas(carga, 'c', {
  solo: ['idCarga'],
  extra: { desde: 'c.fecha_desde', hasta: 'c.fecha_hasta' },
});
/** Report 11: the number of lines of each attention, in the attentions' order. */
const N_LINEAS =
  sql.raw(`string_agg((SELECT count(*) FROM planilla_det d WHERE d.id_planilla = p.id_planilla)::text, ','
                     ORDER BY c.fecha_desde, p.id_carga, p.numero, p.id_planilla)`);
/** An attention of reports 10 and 11 (alias p). */
const FILA_ATENCION = lista([
  columnas(planillaT, 'p', {
    solo: ['idPlanilla', 'idCarga', 'numero', 'cedula'],
    extra: { paciente: 'p.nombre' },
  }),
  columnas(planillaT, 'p', {
    solo: ['fechaDesde', 'fechaHasta'],
    extra: {
      diagnosticos: "concat_ws(', ', p.diag1, p.diag2, p.diag3, p.diag4, p.diag5)",
      medico: 'p.nombre_medico',
    },
  }),
  columnas(planillaT, 'p', {
    solo: ['nivel', 'estadoAud', 'estadoDoc'],
    extra: {
      lineas: '(SELECT count(*)::int FROM planilla_det d WHERE d.id_planilla = p.id_planilla)',
      reclamado: 'p.total_reclamado::text',
      aprobado: 'p.total_aprobado::text',
      glosa: 'p.total_glosa::text',
    },
  }),
]);
/** A line of report 11 (alias d). */
const FILA_LINEA = columnas(planillaDet, 'd', {
  solo: ['idPlanilla', 'fechaAtencion', 'codigo', 'descripcion', 'cantidad'],
  extra: {
    cantidadAprobada: 'CASE WHEN d.estado = 1 THEN COALESCE(d.cantidad_aprobada, d.cantidad) ELSE 0 END',
    valorUni: 'd.valor_uni::text',
    reclamado: `${RECLAMADO()}::text`,
    aprobado: `${APROBADO()}::text`,
    glosa: `(${RECLAMADO()} - ${APROBADO()})::text`,
    estado: 'd.estado',
  },
});

/** Reports 10 and 11: the scope's attentions by load and number, with (11) every line. */
export async function atenciones(
  db: Queryable,
  p: PeticionReporte,
  clase: 'consolidado' | 'detallado',
  enviar: Enviar,
  limite: number,
) {
  const cargas = await consulta<TotalCarga>(
    db,
    sql`SELECT ${TOTAL_CARGA}, ${sumas('p.total_')},
            (SELECT count(*)::int FROM planilla_det d JOIN planilla q ON q.id_planilla = d.id_planilla
              WHERE q.id_tramite = ${p.idTramite} AND q.estado = 1 AND q.id_carga = c.id_carga
                AND (${p.idPlanilla}::int IS NULL OR q.id_planilla = ${p.idPlanilla})) AS lineas
       FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
      WHERE ${alcanceP(p)}
      GROUP BY c.id_carga, c.fecha_desde, c.fecha_hasta
      ORDER BY c.fecha_desde, c.id_carga`,
  );
  await enviar({ t: 'cargas', cargas });
  // The attentions in order with (11) their number of lines: where the cap cuts is known before
  // the rows are read (whole attentions only), so the summary can say what is left out.
  const detallado = clase === 'detallado';
  const { ids, n_lineas: nLineas } = await fila<{ ids: string | null; n_lineas: string | null }>(
    db,
    sql`SELECT string_agg(p.id_planilla::text, ',' ORDER BY c.fecha_desde, p.id_carga, p.numero, p.id_planilla) AS ids,
            ${detallado ? N_LINEAS : sql.raw('NULL')} AS n_lineas
       FROM planilla p JOIN carga c ON c.id_carga = p.id_carga WHERE ${alcanceP(p)}`,
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
    const at = await consulta<FilaAtencion>(
      db,
      sql`SELECT ${FILA_ATENCION}
         FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
        WHERE p.id_planilla = ANY(${sql.param(lote)}::int[])
        ORDER BY c.fecha_desde, p.id_carga, p.numero, p.id_planilla`,
    );
    const lineas = detallado
      ? await consulta<FilaLinea>(
          db,
          sql`SELECT ${FILA_LINEA}
             FROM planilla_det d WHERE d.id_planilla = ANY(${sql.param(lote)}::int[])
            ORDER BY d.id_planilla, d.fecha_atencion NULLS LAST, d.codigo, d.id_planilla_det`,
        )
      : [];
    if (at.length > 0) await enviar({ t: 'lote', lote: { t: 'atenciones', atenciones: at, lineas } });
  }
  await enviar({ t: 'fin' });
}
