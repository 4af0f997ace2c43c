import {
  formatDate,
  formatDateTime,
  idParams,
  type ObservacionFila,
  type ObservacionTramiteFila,
  observacionesTramiteQuerySchema,
  observacionQuerySchema,
  PERFILES_SUPERVISION,
  pageQuerySchema,
} from '@app/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/storage/index.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { Params } from '../planillas/queries.ts';
import { getTramiteForUser } from '../tramites/access.ts';

const CSV_COLUMNAS = [
  'Número',
  'Cédula',
  'Paciente',
  'Fecha de atención',
  'Nivel',
  'Código detalle',
  'Tipo',
  'Observación',
  'Observación complementaria',
  'Respuesta',
  'Respuesta complementaria',
  'Respondida',
  'Fecha',
  'Usuario',
];

const tags = ['observaciones'];

/**
 * Observations of one attention, read-only, as the record page's 'Observaciones de Auditoría Médica'
 * (M) and 'Observaciones de Gestión Documental' (D) tabs show them: those on the attention and those
 * on its line items, with their answers. Writing observations and answers belongs to their feature.
 */
export async function observacionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/v1/planillas/:id/observaciones',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Observaciones (y respuestas) de una atención y de sus detalles, por tipo M o D',
        params: idParams,
        querystring: observacionQuerySchema.extend(pageQuerySchema.shape),
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      const { tipo, page, pageSize } = req.query;
      const rows = await db.query<ObservacionFila & { n: number }>(
        `WITH obs AS (
           SELECT o.id_pla_obs AS id, 'PLANILLA' AS nivel, NULL::text AS "codigoDetalle", o.observacion_tipo AS tipo,
                  o.id_observacion, o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.id_usuario_reg
             FROM pla_obs o WHERE o.id_planilla = $1 AND o.observacion_tipo = $2 AND o.estado = 1
           UNION ALL
           SELECT o.id_pla_det_obs, 'DETALLE', d.codigo, o.observacion_tipo,
                  o.id_observacion, o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.id_usuario_reg
             FROM pla_det_obs o JOIN planilla_det d ON d.id_planilla_det = o.id_planilla_det
            WHERE o.id_planilla = $1 AND o.observacion_tipo = $2 AND o.estado = 1
         )
         SELECT x.id, x.nivel, x."codigoDetalle", x.tipo, ob.descripcion AS "observacionEstandar",
                x.descripcion AS "observacionComplementaria", re.descripcion AS "respuestaEstandar",
                x.respuesta AS "respuestaComplementaria",
                (x.id_respuesta IS NOT NULL OR x.respuesta IS NOT NULL) AS respondida,
                x.fecha_reg AS "fechaReg", u.nombre AS usuario, count(*) OVER ()::int AS n
           FROM obs x
           JOIN observacion ob ON ob.id_observacion = x.id_observacion
           LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
           LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg
          ORDER BY x.nivel DESC, x.fecha_reg DESC, x.id DESC
          LIMIT $3 OFFSET $4`,
        [planilla.idPlanilla, tipo, pageSize, (page - 1) * pageSize],
      );
      let total = rows[0]?.n ?? 0;
      if (rows.length === 0 && page > 1) {
        const [c] = await db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM pla_obs WHERE id_planilla = $1 AND observacion_tipo = $2 AND estado = 1)
                + (SELECT count(*) FROM pla_det_obs WHERE id_planilla = $1 AND observacion_tipo = $2 AND estado = 1) AS n`,
          [planilla.idPlanilla, tipo],
        );
        total = Number(c.n);
      }
      return { items: rows.map(({ n: _n, ...o }) => o), total, page, pageSize };
    },
  );

  r.get(
    '/api/v1/tramites/:id/observaciones',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(...PERFILES_SUPERVISION)],
      schema: {
        tags,
        summary:
          'Observaciones del trámite (ObservacionesTramite): de sus atenciones y detalles, con respuestas; formato=csv exporta',
        params: idParams,
        querystring: observacionesTramiteQuerySchema,
      },
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const { tipo, respondida, idCarga, page, pageSize, formato } = req.query;
      const params = new Params();
      // Conditions on the attention (alias p) and on the observation (alias o), in each branch.
      // Supervision sees every attention of the procedure (no assignment limits: spec 000 §6).
      const wp = [`p.id_tramite = ${params.add(t.idTramite)}`, 'p.estado = 1'];
      if (idCarga) wp.push(`p.id_carga = ${params.add(idCarga)}`);
      const wo = ['o.estado = 1'];
      if (tipo) wo.push(`o.observacion_tipo = ${params.add(tipo)}`);
      if (respondida === 'si') wo.push('(o.id_respuesta IS NOT NULL OR o.respuesta IS NOT NULL)');
      if (respondida === 'no') wo.push('o.id_respuesta IS NULL AND o.respuesta IS NULL');
      const where = [...wp, ...wo].join(' AND ');
      const limit =
        formato === 'json' ? `LIMIT ${params.add(pageSize)} OFFSET ${params.add((page - 1) * pageSize)}` : '';
      const rows = await db.query<ObservacionTramiteFila & { n: number }>(
        `WITH obs AS (
           SELECT o.id_pla_obs AS id, 'PLANILLA' AS nivel, NULL::text AS "codigoDetalle", o.observacion_tipo AS tipo,
                  o.id_planilla, o.id_observacion, o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.id_usuario_reg
             FROM pla_obs o JOIN planilla p ON p.id_planilla = o.id_planilla
            WHERE ${where}
           UNION ALL
           SELECT o.id_pla_det_obs, 'DETALLE', d.codigo, o.observacion_tipo,
                  o.id_planilla, o.id_observacion, o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.id_usuario_reg
             FROM pla_det_obs o JOIN planilla p ON p.id_planilla = o.id_planilla
             JOIN planilla_det d ON d.id_planilla_det = o.id_planilla_det
            WHERE ${where}
         )
         SELECT x.id, x.nivel, x."codigoDetalle", x.tipo, ob.descripcion AS "observacionEstandar",
                x.descripcion AS "observacionComplementaria", re.descripcion AS "respuestaEstandar",
                x.respuesta AS "respuestaComplementaria",
                (x.id_respuesta IS NOT NULL OR x.respuesta IS NOT NULL) AS respondida,
                x.fecha_reg AS "fechaReg", u.nombre AS usuario,
                p.id_planilla AS "idPlanilla", p.id_carga AS "idCarga", p.numero, p.cedula, p.nombre,
                p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", count(*) OVER ()::int AS n
           FROM obs x
           JOIN planilla p ON p.id_planilla = x.id_planilla
           JOIN observacion ob ON ob.id_observacion = x.id_observacion
           LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
           LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg
          ORDER BY p.numero, p.id_planilla, x.nivel DESC, x.fecha_reg, x.id
          ${limit}`,
        params.values,
      );
      const items = rows.map(({ n: _n, ...o }) => o);
      if (formato === 'json') {
        let total = rows[0]?.n ?? 0;
        if (rows.length === 0 && page > 1) {
          // Past the last page: the count alone (the same query without its page).
          const [c] = await db.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM pla_obs o JOIN planilla p ON p.id_planilla = o.id_planilla WHERE ${where})
                  + (SELECT count(*) FROM pla_det_obs o JOIN planilla p ON p.id_planilla = o.id_planilla WHERE ${where}) AS n`,
            params.values.slice(0, -2),
          );
          total = Number(c.n);
        }
        return { items, total, page, pageSize };
      }
      const csv = stringify(
        items.map((o) => [
          o.numero,
          o.cedula,
          o.nombre,
          formatDate(o.fechaDesde),
          o.nivel === 'PLANILLA' ? 'Atención' : 'Detalle',
          o.codigoDetalle ?? '',
          o.tipo,
          o.observacionEstandar,
          o.observacionComplementaria ?? '',
          o.respuestaEstandar ?? '',
          o.respuestaComplementaria ?? '',
          o.respondida ? 'Sí' : 'No',
          formatDateTime(o.fechaReg),
          o.usuario ?? '',
        ]),
        { delimiter: ';', bom: true, header: true, columns: CSV_COLUMNAS },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`Observaciones_tramite_${t.idTramite}.csv`, false))
        .send(csv);
    },
  );
}
