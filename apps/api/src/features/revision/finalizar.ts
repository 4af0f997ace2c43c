import {
  canFinalizeReview,
  idParams,
  MSG_PLANILLA,
  postCargasByIdRevisionFinalizarResponse,
  responses,
  revisionCierreBodySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { fila, sql } from '../../lib/sql.ts';
import { sinResponderSql } from '../observaciones/queries.ts';
import { assertEstadoTrabajo, getCargaForUser, perfilNoAutorizado } from '../planillas/access.ts';
import { writeBitacora } from '../tramites/access.ts';
import { COLS } from './aplicar.ts';

const tags = ['revisión'];

/** Finalise the reviews of a whole load at once (the supervisors). */
export async function finalizarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.post(
    '/api/v1/cargas/:id/revision/finalizar',
    {
      ...auth,
      schema: {
        response: responses({ 200: postCargasByIdRevisionFinalizarResponse }),
        tags,
        summary: 'Finalizar todas las revisiones REVISADAS de una carga (supervisor)',
        params: idParams,
        body: revisionCierreBodySchema.pick({ tipo: true }),
      },
    },
    async (req) => {
      const { tipo } = req.body;
      const c = COLS[tipo];
      const res = await db.transaction(async (tx) => {
        const { carga, tramite } = await getCargaForUser(tx, req.user, req.params.id, { lock: 'share' });
        if (!canFinalizeReview(req.user.idPerfil, tipo)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        // Set-based: every REVISADA of the load without an unanswered observation of this type.
        const estado = sql.raw(c.estado);
        const x = await fila<{ finalizadas: number; omitidas: number }>(
          tx,
          sql`WITH revisadas AS (
             SELECT p.id_planilla,
                    ${sinResponderSql('p', tipo)} AS pendiente
               FROM planilla p WHERE p.id_carga = ${carga.idCarga} AND p.estado = 1 AND p.${estado} = 'REVISADA'
                FOR UPDATE OF p
           ), cambio AS (
             UPDATE planilla p SET ${estado} = 'FINALIZADA', version = p.version + 1, fecha_act = now(),
                    id_usuario_act = ${req.user.idUsuario}
               FROM revisadas r WHERE p.id_planilla = r.id_planilla AND NOT r.pendiente
             RETURNING p.id_planilla
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_usuario, operacion, campo, antes, despues)
             SELECT id_planilla, ${req.user.idUsuario}::int, 'REVISION', ${c.campo}::text, 'REVISADA', 'FINALIZADA' FROM cambio
           )
           SELECT (SELECT count(*)::int FROM cambio) AS finalizadas,
                  (SELECT count(*)::int FROM revisadas WHERE pendiente) AS omitidas`,
        );
        if (x.finalizadas === 0) {
          throw new AppError(422, 'SIN_REVISADAS', MSG_PLANILLA.sinRevisadasCarga, {
            omitidas: String(x.omitidas),
          });
        }
        await writeBitacora(
          tx,
          tramite.idTramite,
          req.user.idUsuario,
          tipo,
          MSG_PLANILLA.bitacoraFinalizadasCarga(tipo, carga.idCarga, x.finalizadas),
        );
        return x;
      });
      return { mensaje: MSG_PLANILLA.revisionesFinalizadas(res.finalizadas), ...res };
    },
  );
}
