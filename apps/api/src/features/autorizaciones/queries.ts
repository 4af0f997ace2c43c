import {
  type AccionAutorizacion,
  ESTADOS_CARGA_AUTORIZACION,
  type EstadoAutorizacion,
  type EstadoTramite,
  PERFIL,
  puedeAnular,
  puedeCargarConAutorizacion,
  puedeResolver,
  puedeSolicitar,
  type SessionUser,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { autorizacion } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql, todas, una } from '../../lib/sql.ts';
import { getTramiteForUser, type TramiteRow } from '../tramites/access.ts';
import { TRAMITE_FROM_SQL, TRAMITE_VIEW_SQL } from '../tramites/queries.ts';

/** Reads of the authorizations of a procedure (routes.ts): the row, its actions, the list and the detail. */

export type Autorizacion = {
  idAutorizacion: number;
  idTramite: number;
  descripcion: string;
  observacion: string | null;
  estadoAut: EstadoAutorizacion;
  fechaDesde: string | null;
  fechaHasta: string | null;
  fechaReg: Date;
  fechaApr: Date | null;
  fechaAct: Date | null;
  usuarioSolicita: string | null;
  usuarioResuelve: string | null;
  numCargas: number;
  numPlanillas: number;
};

/** An authorization's procedure (alias a). */
const ID_TRAMITE = columnas(autorizacion, 'a', { solo: ['idTramite'] });

const AUT_SELECT = sql`SELECT ${columnas(autorizacion, 'a', {
  solo: [
    'idAutorizacion',
    'idTramite',
    'descripcion',
    'observacion',
    'estadoAut',
    'fechaDesde',
    'fechaHasta',
    'fechaReg',
    'fechaApr',
    'fechaAct',
  ],
  extra: {
    usuarioSolicita: 'us.nombre',
    usuarioResuelve: `CASE WHEN a.estado_aut IN ('APROBADA', 'RECHAZADA') THEN ur.nombre END`,
    numCargas:
      '(SELECT count(*)::int FROM carga c WHERE c.id_autorizacion = a.id_autorizacion AND c.estado = 1)',
    numPlanillas: `(SELECT count(*)::int FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
    WHERE c.id_autorizacion = a.id_autorizacion AND c.estado = 1 AND p.estado = 1)`,
  },
})}
  FROM autorizacion a
  LEFT JOIN usuario us ON us.id_usuario = a.id_usuario_reg
  LEFT JOIN usuario ur ON ur.id_usuario = a.id_usuario_act`;

/** The actions the user may take on an authorization now (the web shows the same buttons). */
function accionesAutorizacion(
  user: SessionUser,
  estadoTramite: string,
  a: { estadoAut: string },
): AccionAutorizacion[] {
  const out: AccionAutorizacion[] = [];
  if (puedeResolver(user.idPerfil, a)) {
    if (ESTADOS_CARGA_AUTORIZACION.includes(estadoTramite as EstadoTramite)) out.push('aprobar');
    out.push('rechazar');
  }
  if (puedeAnular(user.idPerfil, a)) out.push('anular');
  if (user.idPerfil === PERFIL.PRESTADOR && puedeCargarConAutorizacion(estadoTramite, a)) out.push('cargar');
  return out;
}

export const numCargasActivas = async (q: Queryable, idTramite: number) =>
  (
    await fila<{ n: number }>(
      q,
      sql`SELECT count(*)::int AS n FROM carga WHERE id_tramite = ${idTramite} AND estado = 1`,
    )
  ).n;

export const hayPendiente = async (q: Queryable, idTramite: number) =>
  (await una(
    q,
    sql`SELECT 1 FROM autorizacion WHERE id_tramite = ${idTramite} AND estado_aut = 'SOLICITADA'`,
  )) !== undefined;

/** The authorization if its procedure is in the user's tenant (else 404); optionally locked. */
export async function getAutorizacion(q: Queryable, user: SessionUser, id: number, lock = false) {
  const ref = await una<{ idTramite: number }>(
    q,
    sql`SELECT ${ID_TRAMITE} FROM autorizacion a WHERE a.id_autorizacion = ${id}`,
  );
  if (!ref) throw notFound();
  // Lock order everywhere: the procedure, then its authorization.
  const t = await getTramiteForUser(q, user, ref.idTramite, { lock });
  if (lock) await consulta(q, sql`SELECT 1 FROM autorizacion WHERE id_autorizacion = ${id} FOR UPDATE`);
  const a = (await una<Autorizacion>(q, sql`${AUT_SELECT} WHERE a.id_autorizacion = ${id}`)) as Autorizacion;
  return { t, a };
}

/** An authorization with its procedure's data and the actions available to the user. */
export async function detalleAutorizacion(q: Queryable, user: SessionUser, id: number) {
  const { t, a } = await getAutorizacion(q, user, id);
  const tramite = await una<Record<string, unknown>>(
    q,
    sql`SELECT ${TRAMITE_VIEW_SQL} ${TRAMITE_FROM_SQL} WHERE t.id_tramite = ${t.idTramite}`,
  );
  return { ...a, tramite, acciones: accionesAutorizacion(user, t.estadoTramite, a) };
}

/** A page of a procedure's authorizations (most recent first), and whether the user may request a new one. */
export async function listarAutorizaciones(
  q: Queryable,
  user: SessionUser,
  t: TramiteRow,
  query: { estadoAut?: string; page: number; pageSize: number },
) {
  const { estadoAut, page, pageSize } = query;
  const where = todas([
    sql`a.id_tramite = ${t.idTramite}`,
    estadoAut ? sql`a.estado_aut = ${estadoAut}` : undefined,
  ]);
  const { total } = await fila<{ total: number }>(
    q,
    sql`SELECT count(*)::int AS total FROM autorizacion a WHERE ${where}`,
  );
  const items = await consulta<Autorizacion>(
    q,
    sql`${AUT_SELECT} WHERE ${where} ORDER BY a.id_autorizacion DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return {
    items: items.map((a) => ({ ...a, acciones: accionesAutorizacion(user, t.estadoTramite, a) })),
    total,
    page,
    pageSize,
    // A new request: the state rule, and no request still waiting for an answer.
    puedeSolicitar:
      user.idPerfil === PERFIL.PRESTADOR &&
      puedeSolicitar({
        estadoTramite: t.estadoTramite,
        numCargas: await numCargasActivas(q, t.idTramite),
      }) &&
      !(await hayPendiente(q, t.idTramite)),
  };
}
