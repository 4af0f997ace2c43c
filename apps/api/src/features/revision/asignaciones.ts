import {
  assignProfiles,
  ESTADOS_REVISION,
  getTramitesByIdAsignacionesCargasResponse,
  getTramitesByIdAsignacionesPlanillasResponse,
  idParams,
  idSchema,
  type SessionUser,
  tipoRevisionSchema,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { perfilNoAutorizado } from '../planillas/access.ts';
import { Params } from '../planillas/queries.ts';
import { getTramiteForUser } from '../tramites/access.ts';

/*
 * What the assignment tabs read (issue 5 item 7): the loads of a procedure with their counts for one
 * review type, and the attentions with who holds them, paged in SQL. The writes are in routes.ts
 * (POST /tramites/:id/asignaciones).
 */

const COLS = {
  M: { estado: 'estado_aud', usuario: 'id_usuario_med' },
  D: { estado: 'estado_doc', usuario: 'id_usuario_doc' },
} as const;

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

const planillasQuery = z.object({
  tipo: tipoRevisionSchema,
  idCarga: z.preprocess(empty, idSchema.optional()),
  /** 'sin': nobody holds it yet; a user id: that user's attentions. */
  asignado: z.preprocess(
    empty,
    z
      .union([z.literal('sin'), idSchema], {
        error: "Indique 'sin' o el identificador de un usuario.",
      })
      .optional(),
  ),
  estado: z.preprocess(empty, z.enum(ESTADOS_REVISION).optional()),
  /** Beginning of the attention number. */
  numero: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(40).optional(),
  ),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

async function tramiteAsignable(db: Queryable, user: SessionUser, idTramite: number, t: 'M' | 'D') {
  const tramite = await getTramiteForUser(db, user, idTramite);
  if (!assignProfiles(t).includes(user.idPerfil)) throw perfilNoAutorizado();
  return tramite;
}

export async function asignacionConsultaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };
  const tags = ['revisión'];

  r.get(
    '/api/v1/tramites/:id/asignaciones/cargas',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdAsignacionesCargasResponse }),
        tags,
        summary:
          'Cargas activas del trámite con sus atenciones: total, pendientes y pendientes sin asignar del tipo (M o D)',
        params: idParams,
        querystring: z.object({ tipo: tipoRevisionSchema }),
      },
    },
    async (req) => {
      const { tipo: t } = req.query;
      const tramite = await tramiteAsignable(db, req.user, req.params.id, t);
      const c = COLS[t];
      const items = await db.query(
        `SELECT c.id_carga AS "idCarga", c.tipo_carga AS "tipoCarga", c.num_semana AS "numSemana",
                c.fecha_desde AS "fechaDesde", c.fecha_hasta AS "fechaHasta",
                x.total, x.pendientes, x.sin_asignar AS "sinAsignar"
           FROM carga c
           JOIN LATERAL (
             SELECT count(*)::int AS total,
                    count(*) FILTER (WHERE p.${c.estado} = 'PENDIENTE')::int AS pendientes,
                    count(*) FILTER (WHERE p.${c.estado} = 'PENDIENTE' AND p.${c.usuario} IS NULL)::int AS sin_asignar
               FROM planilla p WHERE p.id_carga = c.id_carga AND p.estado = 1
           ) x ON x.total > 0
          WHERE c.id_tramite = $1 AND c.estado = 1
          ORDER BY c.fecha_desde, c.id_carga`,
        [tramite.idTramite],
      );
      return { items };
    },
  );

  r.get(
    '/api/v1/tramites/:id/asignaciones/planillas',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdAsignacionesPlanillasResponse }),
        tags,
        summary: 'Atenciones del trámite con quién las tiene asignadas (M o D), filtradas y paginadas',
        params: idParams,
        querystring: planillasQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await tramiteAsignable(db, req.user, req.params.id, q.tipo);
      const c = COLS[q.tipo];
      const params = new Params();
      const w = [`p.id_tramite = ${params.add(tramite.idTramite)}`, 'p.estado = 1'];
      if (q.idCarga) w.push(`p.id_carga = ${params.add(q.idCarga)}`);
      if (q.asignado === 'sin') w.push(`p.${c.usuario} IS NULL`);
      else if (q.asignado) w.push(`p.${c.usuario} = ${params.add(q.asignado)}`);
      if (q.estado) w.push(`p.${c.estado} = ${params.add(q.estado)}`);
      if (q.numero) {
        w.push(`p.numero ILIKE ${params.add(`${q.numero.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)}`);
      }
      const where = w.join(' AND ');
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM planilla p WHERE ${where}`,
        params.values,
      );
      const offset = (q.page - 1) * q.pageSize;
      let items: unknown[] = [];
      if (offset < n) {
        const limit = params.add(q.pageSize);
        const skip = params.add(offset);
        items = await db.query(
          `WITH pagina AS (
             SELECT p.id_planilla FROM planilla p WHERE ${where}
              ORDER BY p.numero, p.id_planilla LIMIT ${limit} OFFSET ${skip})
           SELECT p.id_planilla AS "idPlanilla", p.id_carga AS "idCarga", p.numero, p.cedula, p.nombre,
                  p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", p.${c.estado} AS estado,
                  p.${c.usuario} AS "idUsuario", u.nombre AS "usuarioNombre"
             FROM pagina JOIN planilla p ON p.id_planilla = pagina.id_planilla
             LEFT JOIN usuario u ON u.id_usuario = p.${c.usuario}
            ORDER BY p.numero, p.id_planilla`,
          params.values,
        );
      }
      return { items, total: n, page: q.page, pageSize: q.pageSize };
    },
  );
}
