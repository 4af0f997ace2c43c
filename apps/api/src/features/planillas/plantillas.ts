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
import { plantilla } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getPlanillaForUser,
  perfilNoAutorizado,
  recordChanges,
} from './access.ts';

const tags = ['plantillas'];

/** A template of the company and how many elements it adds (alias pl). */
const PLANTILLA = columnas(plantilla, 'pl', {
  solo: ['idPlantilla', 'nombre', 'descripcion'],
  extra: {
    numElementos: '(SELECT count(*)::int FROM plantilla_det d WHERE d.id_plantilla = pl.id_plantilla)',
  },
});

/** Recomputes an attention's total from its active line items; returns the new total and version. */
async function recalcular(tx: Queryable, idPlanilla: number, idPlantilla: number | null, idUsuario: number) {
  return fila<{ total: string; version: number }>(
    tx,
    sql`UPDATE planilla SET id_plantilla = ${idPlantilla}, version = version + 1, fecha_act = now(),
            id_usuario_act = ${idUsuario},
            total = (SELECT COALESCE(round(sum(d.cantidad * d.valor_uni), 2), 0) FROM planilla_det d
                      WHERE d.id_planilla = ${idPlanilla} AND d.estado = 1)
      WHERE id_planilla = ${idPlanilla} RETURNING total, version`,
  );
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
      consulta(
        db,
        sql`SELECT ${PLANTILLA}
         FROM plantilla pl WHERE pl.id_empresa = ${req.user.idEmpresa} ORDER BY pl.nombre, pl.id_plantilla`,
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
        const pl = await una<{ nombre: string }>(
          tx,
          sql`SELECT nombre FROM plantilla WHERE id_plantilla = ${req.body.idPlantilla} AND id_empresa = ${req.user.idEmpresa}`,
        );
        if (!pl) throw notFound();
        const idPlanilla = sql`${p.idPlanilla}::int`;
        const idUsuario = sql`${req.user.idUsuario}::int`;
        const ins = await fila<{ n: number }>(
          tx,
          sql`WITH nuevo AS (
             INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo,
                                       laboratorio, imagen, id_usuario_reg)
             SELECT ${idPlanilla}, e.id_elemento, e.codigo, left(e.nombre, 400), ${p.fechaDesde}::date, pd.cantidad,
                    COALESCE(e.valor, 0), left(COALESCE(te.codigo, 'P'), 1), COALESCE(te.codigo = 'L', false)::int,
                    COALESCE(te.codigo = 'X', false)::int, ${idUsuario}
               FROM plantilla_det pd
               JOIN elemento e ON e.id_elemento = pd.id_elemento
               LEFT JOIN tipo_elem te ON te.id_tipo_elem = e.id_tipo_elem
              WHERE pd.id_plantilla = ${req.body.idPlantilla}
              ORDER BY pd.id_plantilla_det
             RETURNING id_planilla_det, codigo, descripcion, cantidad, valor_uni
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_planilla_det, id_usuario, operacion, campo, antes, despues)
             SELECT ${idPlanilla}, id_planilla_det, ${idUsuario}, 'AGREGAR', 'elemento', NULL,
                    codigo || ' - ' || COALESCE(descripcion, '') || ' (' || cantidad || ' x ' || valor_uni || ')'
               FROM nuevo
           )
           SELECT count(*)::int AS n FROM nuevo`,
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
        const pl = await una<{ nombre: string }>(
          tx,
          sql`SELECT nombre FROM plantilla WHERE id_plantilla = ${p.idPlantilla}`,
        );
        // Items the template added: not from the data file (no row number) and of the template's elements.
        const idPlanilla = sql`${p.idPlanilla}::int`;
        const idUsuario = sql`${req.user.idUsuario}::int`;
        const del = await fila<{ n: number }>(
          tx,
          sql`WITH quitado AS (
             UPDATE planilla_det d SET estado = 0, fecha_act = now(), id_usuario_act = ${idUsuario}
              WHERE d.id_planilla = ${idPlanilla} AND d.estado = 1 AND d.fila IS NULL
                AND d.id_elemento IN (SELECT pd.id_elemento FROM plantilla_det pd WHERE pd.id_plantilla = ${p.idPlantilla})
             RETURNING d.id_planilla_det, d.codigo, d.descripcion, d.cantidad, d.valor_uni
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_planilla_det, id_usuario, operacion, campo, antes, despues)
             SELECT ${idPlanilla}, id_planilla_det, ${idUsuario}, 'QUITAR', 'elemento',
                    codigo || ' - ' || COALESCE(descripcion, '') || ' (' || cantidad || ' x ' || valor_uni || ')', NULL
               FROM quitado
           )
           SELECT count(*)::int AS n FROM quitado`,
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
