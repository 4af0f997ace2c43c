import {
  getPlanillasPendientesResponse,
  getPlanillasSiguientePendienteResponse,
  MSG_PLANILLA,
  PERFIL,
  pendientesQuerySchema,
  responses,
  reviewType,
  type SessionUser,
  siguientePendienteQuerySchema,
  type TipoRevision,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client.ts';
import { planilla } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { columnas, consulta, type SQL, sql, todas, una } from '../../lib/sql.ts';
import { visibilitySql } from '../planillas/queries.ts';
import { getTramiteForUser, type TramiteRow } from '../tramites/access.ts';

const tags = ['planillas'];

/**
 * The pending-attention navigation of the review (issue 12 §4: it belongs to revision): the next or previous
 * attention still pending for the user's review, and how many are left. Paths stay under /planillas.
 */
export async function pendientesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/siguiente-pendiente',
    {
      ...auth,
      schema: {
        response: responses({ 200: getPlanillasSiguientePendienteResponse }),
        tags,
        summary:
          'La siguiente (o anterior, con anterior=1) atención pendiente de revisión del trámite y la carga',
        querystring: siguientePendienteQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteForUser(db, req.user, q.idTramite);
      const tipo = tipoPedido(req.user, q.tipo);
      const id = await siguientePendiente(db, req.user, tramite, tipo, q.idCarga, q.despuesDe, q.anterior);
      if (!id) {
        throw new AppError(404, 'SIN_PENDIENTES', MSG_PLANILLA.sinPendientesTitulo, {
          detalle: MSG_PLANILLA.sinPendientes,
        });
      }
      return id;
    },
  );

  r.get(
    '/api/v1/planillas/pendientes',
    {
      ...auth,
      schema: {
        response: responses({ 200: getPlanillasPendientesResponse }),
        tags,
        summary: 'Cuántas atenciones del trámite (y la carga) esperan todavía la revisión del usuario',
        querystring: pendientesQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteForUser(db, req.user, q.idTramite);
      const tipo = tipoPedido(req.user, q.tipo);
      return { pendientes: await contarPendientes(db, req.user, tramite, tipo, q.idCarga) };
    },
  );
}

/** The review type asked for, else the one of the user's profile; 400 when neither says (the reviewer, 16). */
function tipoPedido(user: SessionUser, tipo: TipoRevision | undefined): TipoRevision {
  const t = tipo ?? reviewType(user.idPerfil);
  if (!t) throw badRequest(MSG_PLANILLA.tipoRevisionRequerido, { tipo: MSG_PLANILLA.tipoRevisionRequerido });
  return t;
}

/** The active attentions of a procedure (and load) still pending for this user's review of this type. */
function pendientesWhere(
  user: SessionUser,
  tramite: TramiteRow,
  tipo: TipoRevision,
  idCarga: number | undefined,
): (SQL | undefined)[] {
  const w: (SQL | undefined)[] = [sql`p.id_tramite = ${tramite.idTramite}`, sql.raw('p.estado = 1')];
  w.push(sql.raw(tipo === 'M' ? `p.estado_aud = 'PENDIENTE'` : `p.estado_doc = 'PENDIENTE'`));
  if (idCarga) w.push(sql`p.id_carga = ${idCarga}`);
  w.push(visibilitySql(user, tramite));
  if (tipo === 'M' && user.idPerfil === PERFIL.AUDITOR_AM) w.push(sql`p.id_usuario_med = ${user.idUsuario}`);
  if (tipo === 'D' && user.idPerfil === PERFIL.GESTOR_GD) w.push(sql`p.id_usuario_doc = ${user.idUsuario}`);
  return w;
}

/** How many attentions `siguientePendiente` can still reach. */
export async function contarPendientes(
  q: Queryable,
  user: SessionUser,
  tramite: TramiteRow,
  tipo: TipoRevision,
  idCarga: number | undefined,
): Promise<number> {
  const w = todas(pendientesWhere(user, tramite, tipo, idCarga));
  const r = await una<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM planilla p WHERE ${w}`);
  return r?.n ?? 0;
}

const SEL = sql`SELECT ${columnas(planilla, 'p', { solo: ['idPlanilla', 'numero'] })} FROM planilla p WHERE`;
const ORDEN = {
  ASC: sql.raw('ORDER BY p.numero ASC, p.id_planilla ASC LIMIT 1'),
  DESC: sql.raw('ORDER BY p.numero DESC, p.id_planilla DESC LIMIT 1'),
};

/**
 * The next (or previous) pending attention for review type `tipo`, in list order (numero, id),
 * after `despuesDe`, wrapping around. An operative (18/20) only gets the attentions assigned to it:
 * the ones it can review.
 */
export async function siguientePendiente(
  q: Queryable,
  user: SessionUser,
  tramite: TramiteRow,
  tipo: TipoRevision,
  idCarga: number | undefined,
  despuesDe: number | undefined,
  anterior = false,
): Promise<{ idPlanilla: number; numero: string } | null> {
  const w = pendientesWhere(user, tramite, tipo, idCarga);
  const order = ORDEN[anterior ? 'DESC' : 'ASC'];
  type Row = { idPlanilla: number; numero: string };
  if (despuesDe) {
    const pivot = await una<{ numero: string }>(
      q,
      sql`SELECT numero FROM planilla WHERE id_planilla = ${despuesDe} AND id_tramite = ${tramite.idTramite}`,
    );
    if (pivot) {
      const cmp = sql.raw(anterior ? '<' : '>');
      const [next] = await consulta<Row>(
        q,
        sql`${SEL} ${todas(w)} AND (p.numero, p.id_planilla) ${cmp} (${pivot.numero}, ${despuesDe}) ${order}`,
      );
      if (next) return next;
      w.push(sql`p.id_planilla <> ${despuesDe}`);
    }
  }
  const first = await una<Row>(q, sql`${SEL} ${todas(w)} ${order}`);
  return first ?? null;
}
