import { PERFIL, type SessionUser } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * SQL condition limiting procedures (alias `t`) to the user's tenant: a provider sees the procedures
 * of its company's providers; insurer staff and the administrator those of their subscription.
 * Returns the condition with its parameters starting at `$n`.
 */
export function tramiteScope(user: SessionUser, n: number, opts: { sandbox?: boolean } = {}) {
  const sandbox = opts.sandbox ? 't.sandbox' : 'NOT t.sandbox';
  if (user.idPerfil === PERFIL.PRESTADOR) {
    return {
      sql: `${sandbox} AND t.id_prestador IN (SELECT p.id_prestador FROM prestador p WHERE p.id_empresa = $${n})`,
      params: [user.idEmpresa],
    };
  }
  return { sql: `${sandbox} AND t.id_suscripcion = $${n}`, params: [user.idSuscripcion ?? -1] };
}

export type TramiteRow = {
  idTramite: number;
  idSuscripcion: number;
  idPrestador: number;
  idServicio: number;
  estadoTramite: string;
  frecuenciaCarga: string;
  numSemana: number;
  maxSemanas: number;
  tipoAsignacion: string;
  fechaDesde: string;
  fechaHasta: string;
  descripcion: string;
  version: number;
  sandbox: boolean;
  tieneApr: number;
};

const BASE = `SELECT t.id_tramite AS "idTramite", t.id_suscripcion AS "idSuscripcion", t.id_prestador AS "idPrestador",
  t.id_servicio AS "idServicio", t.estado_tramite AS "estadoTramite", t.frecuencia_carga AS "frecuenciaCarga",
  t.num_semana AS "numSemana", t.max_semanas AS "maxSemanas", t.tipo_asignacion AS "tipoAsignacion",
  t.fecha_desde AS "fechaDesde", t.fecha_hasta AS "fechaHasta", t.descripcion, t.version, t.sandbox,
  t.tiene_apr AS "tieneApr"`;

/** Revisions of a procedure's attentions (table planilla_rev, migration 0007), as decimal text. */
export type PlanillaRevs = { datos: string; revision: string; nivel: string; archivos: string };

/**
 * The procedure if the user may see it, else 404 (never 403: ids cannot be probed).
 * With `lock`, the row is locked FOR UPDATE (call inside a transaction).
 */
export async function getTramiteForUser(
  q: Queryable,
  user: SessionUser,
  idTramite: number,
  opts: { lock?: boolean; sandbox?: boolean } = {},
): Promise<TramiteRow> {
  const scope = tramiteScope(user, 2, opts);
  const rows = await q.query<TramiteRow>(
    `${BASE} FROM tramite t WHERE t.id_tramite = $1 AND ${scope.sql}${opts.lock ? ' FOR UPDATE' : ''}`,
    [idTramite, ...scope.params],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * The procedure as `getTramiteForUser` finds it, with the revisions of its attentions read in the
 * same statement (the attentions list: one round trip less per page).
 */
export async function getTramiteConRevisiones(
  q: Queryable,
  user: SessionUser,
  idTramite: number,
): Promise<TramiteRow & { revs: PlanillaRevs }> {
  const scope = tramiteScope(user, 2);
  const rows = await q.query<TramiteRow & { revs: PlanillaRevs | null }>(
    `${BASE}, (SELECT json_build_object('datos', r.datos::text, 'revision', r.revision::text,
                                        'nivel', r.nivel::text, 'archivos', r.archivos::text)
                 FROM planilla_rev r WHERE r.id_tramite = t.id_tramite) AS revs
       FROM tramite t WHERE t.id_tramite = $1 AND ${scope.sql}`,
    [idTramite, ...scope.params],
  );
  const t = rows[0];
  if (!t) throw notFound();
  return { ...t, revs: t.revs ?? { datos: '0', revision: '0', nivel: '0', archivos: '0' } };
}

/** Writes one bitácora entry (inside the caller's transaction). */
export async function writeBitacora(
  q: Queryable,
  idTramite: number,
  idUsuario: number,
  tipo: string,
  observacion: string,
) {
  await q.query(
    'INSERT INTO bitacora_tra (id_tramite, id_usuario, tipo, observacion) VALUES ($1, $2, $3, $4)',
    [idTramite, idUsuario, tipo, observacion],
  );
}
