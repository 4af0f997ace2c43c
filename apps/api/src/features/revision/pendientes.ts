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
import { AppError, badRequest } from '../../lib/errors.ts';
import { Params, visibilitySql } from '../planillas/queries.ts';
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
  params: Params,
): string[] {
  const w = [`p.id_tramite = ${params.add(tramite.idTramite)}`, 'p.estado = 1'];
  w.push(tipo === 'M' ? `p.estado_aud = 'PENDIENTE'` : `p.estado_doc = 'PENDIENTE'`);
  if (idCarga) w.push(`p.id_carga = ${params.add(idCarga)}`);
  const vis = visibilitySql(user, tramite, params);
  if (vis) w.push(vis);
  if (tipo === 'M' && user.idPerfil === PERFIL.AUDITOR_AM)
    w.push(`p.id_usuario_med = ${params.add(user.idUsuario)}`);
  if (tipo === 'D' && user.idPerfil === PERFIL.GESTOR_GD)
    w.push(`p.id_usuario_doc = ${params.add(user.idUsuario)}`);
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
  const params = new Params();
  const w = pendientesWhere(user, tramite, tipo, idCarga, params);
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM planilla p WHERE ${w.join(' AND ')}`,
    params.values,
  );
  return n;
}

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
  const params = new Params();
  const w = pendientesWhere(user, tramite, tipo, idCarga, params);
  const dir = anterior ? 'DESC' : 'ASC';
  const order = `ORDER BY p.numero ${dir}, p.id_planilla ${dir} LIMIT 1`;
  const sel = `SELECT p.id_planilla AS "idPlanilla", p.numero FROM planilla p WHERE`;
  type Row = { idPlanilla: number; numero: string };
  if (despuesDe) {
    const [pivot] = await q.query<{ numero: string }>(
      'SELECT numero FROM planilla WHERE id_planilla = $1 AND id_tramite = $2',
      [despuesDe, tramite.idTramite],
    );
    if (pivot) {
      const vals = [...params.values, pivot.numero, despuesDe];
      const a = `$${vals.length - 1}`;
      const b = `$${vals.length}`;
      const [next] = await q.query<Row>(
        `${sel} ${w.join(' AND ')} AND (p.numero, p.id_planilla) ${anterior ? '<' : '>'} (${a}, ${b}) ${order}`,
        vals,
      );
      if (next) return next;
      w.push(`p.id_planilla <> ${params.add(despuesDe)}`);
    }
  }
  const [first] = await q.query<Row>(`${sel} ${w.join(' AND ')} ${order}`, params.values);
  return first ?? null;
}
