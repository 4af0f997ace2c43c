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
      const [u] = await tx.query<{ version: number }>(
        `UPDATE planilla SET estado = $2, version = version + 1, fecha_act = now(), id_usuario_act = $3
          WHERE id_planilla = $1 RETURNING version`,
        [p.idPlanilla, estado, req.user.idUsuario],
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
        const [u] = await tx.query<{ version: number }>(
          `UPDATE planilla SET nivel = $2, version = version + 1, fecha_act = now(), id_usuario_act = $3
            WHERE id_planilla = $1 RETURNING version`,
          [p.idPlanilla, req.body.nivel, req.user.idUsuario],
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
        const [c] = await tx.query<{ n: number }>(
          `WITH cambio AS (
             UPDATE planilla p SET nivel = $2, version = p.version + 1, fecha_act = now(), id_usuario_act = $3
              WHERE p.id_carga = $1 AND p.estado = 1 AND p.nivel <> $2
             RETURNING p.id_planilla, p.nivel
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_usuario, operacion, campo, antes, despues)
             SELECT id_planilla, $3, 'NIVEL', 'nivel', CASE WHEN $2 = 1 THEN '2' ELSE '1' END, $2::text FROM cambio
           )
           SELECT count(*)::int AS n FROM cambio`,
          [carga.idCarga, nivel, req.user.idUsuario],
        );
        return c.n;
      });
      return { mensaje: MSG_PLANILLA.nivelesActualizados(nivel), actualizadas: n };
    },
  );
}
