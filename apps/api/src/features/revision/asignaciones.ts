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
import { carga, planilla } from '../../db/schema/index.ts';
import { columnas, consulta, prefixPattern, type SQL, sql, todas, una } from '../../lib/sql.ts';
import { perfilNoAutorizado } from '../planillas/access.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { COLS as NOMBRES } from './aplicar.ts';

/*
 * What the assignment tabs read (issue 5 item 7): the loads of a procedure with their counts for one
 * review type, and the attentions with who holds them, paged in SQL. The writes are in routes.ts
 * (POST /tramites/:id/asignaciones).
 */

const COLS = {
  M: { estado: sql.raw(NOMBRES.M.estado), usuario: sql.raw(NOMBRES.M.usuario) },
  D: { estado: sql.raw(NOMBRES.D.estado), usuario: sql.raw(NOMBRES.D.usuario) },
} as const;

/** A load's columns in the loads tab (alias c) with its counts (x). */
const CARGA = columnas(carga, 'c', {
  solo: ['idCarga', 'tipoCarga', 'numSemana', 'fechaDesde', 'fechaHasta'],
  extra: { total: 'x.total', pendientes: 'x.pendientes', sinAsignar: 'x.sin_asignar' },
});
/** An attention's columns in the attentions tab (alias p): the state and holder (u) of the type. */
const planillaDe = (t: 'M' | 'D') =>
  columnas(planilla, 'p', {
    solo: ['idPlanilla', 'idCarga', 'numero', 'cedula', 'nombre', 'fechaDesde', 'fechaHasta'],
    extra: {
      estado: `p.${NOMBRES[t].estado}`,
      idUsuario: `p.${NOMBRES[t].usuario}`,
      usuarioNombre: 'u.nombre',
    },
  });
const PLANILLA = { M: planillaDe('M'), D: planillaDe('D') };

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
      const items = await consulta(
        db,
        sql`SELECT ${CARGA}
           FROM carga c
           JOIN LATERAL (
             SELECT count(*)::int AS total,
                    count(*) FILTER (WHERE p.${c.estado} = 'PENDIENTE')::int AS pendientes,
                    count(*) FILTER (WHERE p.${c.estado} = 'PENDIENTE' AND p.${c.usuario} IS NULL)::int AS sin_asignar
               FROM planilla p WHERE p.id_carga = c.id_carga AND p.estado = 1
           ) x ON x.total > 0
          WHERE c.id_tramite = ${tramite.idTramite} AND c.estado = 1
          ORDER BY c.fecha_desde, c.id_carga`,
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
      const w: SQL[] = [sql`p.id_tramite = ${tramite.idTramite}`, sql.raw('p.estado = 1')];
      if (q.idCarga) w.push(sql`p.id_carga = ${q.idCarga}`);
      if (q.asignado === 'sin') w.push(sql`p.${c.usuario} IS NULL`);
      else if (q.asignado) w.push(sql`p.${c.usuario} = ${q.asignado}`);
      if (q.estado) w.push(sql`p.${c.estado} = ${q.estado}`);
      if (q.numero) w.push(sql`p.numero ILIKE ${prefixPattern(q.numero)}`);
      const where = todas(w);
      const n =
        (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM planilla p WHERE ${where}`))?.n ?? 0;
      const offset = (q.page - 1) * q.pageSize;
      let items: unknown[] = [];
      if (offset < n) {
        items = await consulta(
          db,
          sql`WITH pagina AS (
             SELECT p.id_planilla FROM planilla p WHERE ${where}
              ORDER BY p.numero, p.id_planilla LIMIT ${q.pageSize} OFFSET ${offset})
           SELECT ${PLANILLA[q.tipo]}
             FROM pagina JOIN planilla p ON p.id_planilla = pagina.id_planilla
             LEFT JOIN usuario u ON u.id_usuario = p.${c.usuario}
            ORDER BY p.numero, p.id_planilla`,
        );
      }
      return { items, total: n, page: q.page, pageSize: q.pageSize };
    },
  );
}
