import {
  canDeleteProfile,
  canSetNivel,
  estadoPlanillaResponse,
  idParams,
  isSupervision,
  MSG_PLANILLA,
  nivelBodySchema,
  putCargasByIdNivelResponse,
  putPlanillasByIdNivelResponse,
  responses,
  type SessionUser,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, forbidden } from '../../lib/errors.ts';
import { fila, sql } from '../../lib/sql.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getCargaForUser,
  getPlanillaForUser,
  perfilNoAutorizado,
  recordChanges,
} from './access.ts';

const tags = ['planillas'];

/** Annul and restore an attention; its level, and the level of every attention of a load. */
export async function estadoNivelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  /** Soft delete (ANULADAS) and restore: 16 or the supervisors, never in a FINALIZADO procedure. */
  const setEstado = (estado: 0 | 1) => async (req: { params: { id: number }; user: SessionUser }) => {
    const version = await db.transaction(async (tx) => {
      const { planilla: p, tramite } = await getPlanillaForUser(tx, req.user, req.params.id, {
        lock: 'share',
      });
      if (!canDeleteProfile(req.user.idPerfil)) throw forbidden();
      if (tramite.estadoTramite === 'FINALIZADO')
        throw conflict(MSG_PLANILLA.tramiteFinalizado, 'ESTADO_INVALIDO');
      if (p.estado === estado)
        throw conflict(estado === 0 ? MSG_PLANILLA.yaAnulada : MSG_PLANILLA.noAnulada, 'ESTADO_INVALIDO');
      const u = await fila<{ version: number }>(
        tx,
        sql`UPDATE planilla SET estado = ${estado}, version = version + 1, fecha_act = now(), id_usuario_act = ${req.user.idUsuario}
          WHERE id_planilla = ${p.idPlanilla} RETURNING version`,
      );
      await recordChanges(
        tx,
        { estado: p.estado },
        { estado },
        {
          idPlanilla: p.idPlanilla,
          idUsuario: req.user.idUsuario,
          operacion: estado === 0 ? 'ANULAR' : 'RESTAURAR',
        },
      );
      return u.version;
    });
    return {
      mensaje: estado === 0 ? MSG_PLANILLA.planillaEliminada : MSG_PLANILLA.planillaRestaurada,
      item: { idPlanilla: req.params.id, estado, version },
    };
  };

  r.delete(
    '/api/v1/planillas/:id',
    {
      ...auth,
      schema: {
        response: responses({ 200: estadoPlanillaResponse }),
        tags,
        summary: 'Anular una atención (pasa a ANULADAS)',
        params: idParams,
      },
    },
    async (req) => setEstado(0)(req),
  );
  r.post(
    '/api/v1/planillas/:id/restaurar',
    {
      ...auth,
      schema: {
        response: responses({ 200: estadoPlanillaResponse }),
        tags,
        summary: 'Restaurar una atención anulada',
        params: idParams,
      },
    },
    async (req) => setEstado(1)(req),
  );

  r.put(
    '/api/v1/planillas/:id/nivel',
    {
      ...auth,
      schema: {
        response: responses({ 200: putPlanillasByIdNivelResponse }),
        tags,
        summary: 'Nivel de la atención (1 o 2)',
        params: idParams,
        body: nivelBodySchema,
      },
    },
    async (req) => {
      const version = await db.transaction(async (tx) => {
        const { planilla: p, tramite } = await getPlanillaForUser(tx, req.user, req.params.id, {
          lock: 'share',
        });
        if (!canSetNivel(req.user, p)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        assertVersion(p, req.body.version);
        const u = await fila<{ version: number }>(
          tx,
          sql`UPDATE planilla SET nivel = ${req.body.nivel}, version = version + 1, fecha_act = now(),
                id_usuario_act = ${req.user.idUsuario}
            WHERE id_planilla = ${p.idPlanilla} RETURNING version`,
        );
        await recordChanges(
          tx,
          { nivel: p.nivel },
          { nivel: req.body.nivel },
          { idPlanilla: p.idPlanilla, idUsuario: req.user.idUsuario, operacion: 'NIVEL' },
        );
        return u.version;
      });
      return {
        mensaje: MSG_PLANILLA.nivelActualizado(req.body.nivel),
        item: { idPlanilla: req.params.id, nivel: req.body.nivel, version },
      };
    },
  );

  r.put(
    '/api/v1/cargas/:id/nivel',
    {
      ...auth,
      schema: {
        response: responses({ 200: putCargasByIdNivelResponse }),
        tags,
        summary: 'Marcar el nivel de todas las atenciones de una carga',
        params: idParams,
        body: nivelBodySchema,
      },
    },
    async (req) => {
      const nivel = req.body.nivel;
      const n = await db.transaction(async (tx) => {
        const { carga, tramite } = await getCargaForUser(tx, req.user, req.params.id, { lock: 'share' });
        if (!isSupervision(req.user.idPerfil)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        const c = await fila<{ n: number }>(
          tx,
          sql`WITH cambio AS (
             UPDATE planilla p SET nivel = ${nivel}, version = p.version + 1, fecha_act = now(),
                    id_usuario_act = ${req.user.idUsuario}
              WHERE p.id_carga = ${carga.idCarga} AND p.estado = 1 AND p.nivel <> ${nivel}
             RETURNING p.id_planilla, p.nivel
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_usuario, operacion, campo, antes, despues)
             SELECT id_planilla, ${req.user.idUsuario}::int, 'NIVEL', 'nivel',
                    CASE WHEN ${nivel}::int = 1 THEN '2' ELSE '1' END, ${nivel}::int::text FROM cambio
           )
           SELECT count(*)::int AS n FROM cambio`,
        );
        return c.n;
      });
      return { mensaje: MSG_PLANILLA.nivelesActualizados(nivel), actualizadas: n };
    },
  );
}
