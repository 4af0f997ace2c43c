import {
  canProcessAM,
  deletePlanillasByIdPlantillaResponse,
  getPlantillasResponse,
  idParams,
  MSG_PLANILLA,
  plantillaBodySchema,
  postPlanillasByIdPlantillaResponse,
  responses,
  type SessionUser,
  versionBodySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getPlanillaForUser,
  perfilNoAutorizado,
  recordChanges,
} from './access.ts';

const tags = ['plantillas'];

/** Recomputes an attention's total from its active line items; returns the new total and version. */
async function recalcular(tx: Queryable, idPlanilla: number, idPlantilla: number | null, idUsuario: number) {
  const [u] = await tx.query<{ total: string; version: number }>(
    `UPDATE planilla SET id_plantilla = $2, version = version + 1, fecha_act = now(), id_usuario_act = $3,
            total = (SELECT COALESCE(round(sum(d.cantidad * d.valor_uni), 2), 0) FROM planilla_det d
                      WHERE d.id_planilla = $1 AND d.estado = 1)
      WHERE id_planilla = $1 RETURNING total, version`,
    [idPlanilla, idPlantilla, idUsuario],
  );
  return u;
}

/**
 * The attention a template is applied to or removed from, share-locked: the user processes it (AM), its
 * procedure is in a working state and `version` (when given) is current.
 */
async function planillaEnTrabajoAM(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  version: number | undefined,
) {
  const { planilla: p, tramite } = await getPlanillaForUser(tx, user, idPlanilla, { lock: 'share' });
  if (!canProcessAM(user, p)) throw perfilNoAutorizado();
  assertEstadoTrabajo(tramite);
  assertVersion(p, version);
  return p;
}

/**
 * Templates (plantillas) of the company: applied only to an attention without one (adding the
 * template's line items), removed only from one that has one (retiring those items). AM processing.
 */
export async function plantillaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/plantillas',
    {
      ...auth,
      schema: {
        response: responses({ 200: getPlantillasResponse }),
        tags,
        summary: 'Plantillas de la empresa del usuario',
      },
    },
    async (req) =>
      db.query(
        `SELECT pl.id_plantilla AS "idPlantilla", pl.nombre, pl.descripcion,
              (SELECT count(*)::int FROM plantilla_det d WHERE d.id_plantilla = pl.id_plantilla) AS "numElementos"
         FROM plantilla pl WHERE pl.id_empresa = $1 ORDER BY pl.nombre, pl.id_plantilla`,
        [req.user.idEmpresa],
      ),
  );

  r.post(
    '/api/v1/planillas/:id/plantilla',
    {
      ...auth,
      schema: {
        response: responses({ 200: postPlanillasByIdPlantillaResponse }),
        tags,
        summary: 'Aplicar una plantilla a la atención',
        params: idParams,
        body: plantillaBodySchema,
      },
    },
    async (req) => {
      const out = await db.transaction(async (tx) => {
        const p = await planillaEnTrabajoAM(tx, req.user, req.params.id, req.body.version);
        if (p.idPlantilla !== null) throw conflict(MSG_PLANILLA.plantillaYaAsignada, 'PLANTILLA_ASIGNADA');
        const [pl] = await tx.query<{ nombre: string }>(
          'SELECT nombre FROM plantilla WHERE id_plantilla = $1 AND id_empresa = $2',
          [req.body.idPlantilla, req.user.idEmpresa],
        );
        if (!pl) throw notFound();
        const [ins] = await tx.query<{ n: number }>(
          `WITH nuevo AS (
             INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo,
                                       laboratorio, imagen, id_usuario_reg)
             SELECT $1, e.id_elemento, e.codigo, left(e.nombre, 400), $3::date, pd.cantidad, COALESCE(e.valor, 0),
                    left(COALESCE(te.codigo, 'P'), 1), COALESCE(te.codigo = 'L', false)::int, COALESCE(te.codigo = 'X', false)::int, $4
               FROM plantilla_det pd
               JOIN elemento e ON e.id_elemento = pd.id_elemento
               LEFT JOIN tipo_elem te ON te.id_tipo_elem = e.id_tipo_elem
              WHERE pd.id_plantilla = $2
              ORDER BY pd.id_plantilla_det
             RETURNING id_planilla_det, codigo, descripcion, cantidad, valor_uni
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_planilla_det, id_usuario, operacion, campo, antes, despues)
             SELECT $1, id_planilla_det, $4, 'AGREGAR', 'elemento', NULL,
                    codigo || ' - ' || COALESCE(descripcion, '') || ' (' || cantidad || ' x ' || valor_uni || ')'
               FROM nuevo
           )
           SELECT count(*)::int AS n FROM nuevo`,
          [p.idPlanilla, req.body.idPlantilla, p.fechaDesde, req.user.idUsuario],
        );
        const u = await recalcular(tx, p.idPlanilla, req.body.idPlantilla, req.user.idUsuario);
        await recordChanges(
          tx,
          { plantilla: null, total: p.total },
          { plantilla: pl.nombre, total: u.total },
          { idPlanilla: p.idPlanilla, idUsuario: req.user.idUsuario, operacion: 'PLANTILLA' },
        );
        return { mensaje: MSG_PLANILLA.plantillaAplicada(pl.nombre, ins.n), agregados: ins.n, ...u };
      });
      const { mensaje, agregados, total, version } = out;
      return {
        mensaje,
        agregados,
        item: { idPlanilla: req.params.id, idPlantilla: req.body.idPlantilla, total, version },
      };
    },
  );

  r.delete(
    '/api/v1/planillas/:id/plantilla',
    {
      ...auth,
      schema: {
        response: responses({ 200: deletePlanillasByIdPlantillaResponse }),
        tags,
        summary: 'Quitar la plantilla de la atención',
        params: idParams,
        body: versionBodySchema,
      },
    },
    async (req) => {
      const out = await db.transaction(async (tx) => {
        const p = await planillaEnTrabajoAM(tx, req.user, req.params.id, req.body?.version ?? undefined);
        if (p.idPlantilla === null) throw conflict(MSG_PLANILLA.plantillaNoAsignada, 'SIN_PLANTILLA');
        const [pl] = await tx.query<{ nombre: string }>(
          'SELECT nombre FROM plantilla WHERE id_plantilla = $1',
          [p.idPlantilla],
        );
        // Items the template added: not from the data file (no row number) and of the template's elements.
        const [del] = await tx.query<{ n: number }>(
          `WITH quitado AS (
             UPDATE planilla_det d SET estado = 0, fecha_act = now(), id_usuario_act = $3
              WHERE d.id_planilla = $1 AND d.estado = 1 AND d.fila IS NULL
                AND d.id_elemento IN (SELECT pd.id_elemento FROM plantilla_det pd WHERE pd.id_plantilla = $2)
             RETURNING d.id_planilla_det, d.codigo, d.descripcion, d.cantidad, d.valor_uni
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_planilla_det, id_usuario, operacion, campo, antes, despues)
             SELECT $1, id_planilla_det, $3, 'QUITAR', 'elemento',
                    codigo || ' - ' || COALESCE(descripcion, '') || ' (' || cantidad || ' x ' || valor_uni || ')', NULL
               FROM quitado
           )
           SELECT count(*)::int AS n FROM quitado`,
          [p.idPlanilla, p.idPlantilla, req.user.idUsuario],
        );
        const u = await recalcular(tx, p.idPlanilla, null, req.user.idUsuario);
        await recordChanges(
          tx,
          { plantilla: pl?.nombre ?? String(p.idPlantilla), total: p.total },
          { plantilla: null, total: u.total },
          { idPlanilla: p.idPlanilla, idUsuario: req.user.idUsuario, operacion: 'PLANTILLA' },
        );
        return { mensaje: MSG_PLANILLA.plantillaEliminada(del.n), retirados: del.n, ...u };
      });
      const { mensaje, retirados, total, version } = out;
      return { mensaje, retirados, item: { idPlanilla: req.params.id, idPlantilla: null, total, version } };
    },
  );
}
