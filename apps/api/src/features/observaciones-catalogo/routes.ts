import { idParams, PERFIL, responses, respuestasEstandarSchema } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { respuesta } from '../../db/schema/index.ts';
import { columnas, consulta, sql } from '../../lib/sql.ts';
import { getTramiteForUser } from '../tramites/access.ts';

const RESPUESTA_COLS = columnas(respuesta, 're', { solo: ['idRespuesta', 'descripcion'] });

/**
 * The insurer's standard answers for one procedure (docs/spec-summary.md 001 §2.7 answer screens, catalogue
 * `respuesta`). The provider (15) belongs to another company, so the tenant-scoped catalogue
 * `/catalogos/respuesta` shows it nothing: this reads the answers of the procedure's insurer, the
 * same rows the answer write accepts (observaciones/service.ts checkRespuesta).
 */
export async function respuestasEstandarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  r.get(
    '/api/v1/tramites/:id/respuestas-estandar',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR, 16, 17, 18, 19, 20)],
      schema: {
        tags: ['observaciones'],
        summary:
          'Respuestas estándar de la aseguradora del trámite (lista desplegable de las pantallas de respuesta)',
        params: idParams,
        response: responses({ 200: respuestasEstandarSchema }),
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const items = await consulta<{ idRespuesta: number; descripcion: string }>(
        db,
        sql`SELECT ${RESPUESTA_COLS}
           FROM respuesta re, tramite t
          WHERE t.id_tramite = ${t.idTramite}
            AND (re.id_empresa = t.id_empresa_aseguradora
                 OR re.id_empresa = (SELECT s.id_empresa FROM suscripcion s WHERE s.id_suscripcion = t.id_suscripcion))
          ORDER BY re.descripcion, re.id_respuesta
          LIMIT 500`,
      );
      return { items };
    },
  );
}
