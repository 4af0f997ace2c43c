import { ESTADOS_PRESTADOR, type EstadoTramite, PERFIL, type SessionUser } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { tramite } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { columnas, consulta, type SQL, sql } from '../../lib/sql.ts';

export type TramiteScopeOpts = {
  sandbox?: boolean;
  /**
   * Only the procedure's header in the supervisors' lists (docs/spec-summary.md 000 '/tramite'): insurer staff also
   * see procedures the provider has not sent yet. Never for anything read by id.
   */
  cabecera?: boolean;
  /**
   * The caller reads content of every attention at once (raw rows, data files, load errors): the
   * operatives 18 and 20 only when the procedure is assigned to everybody (tipoAsignacion T).
   */
  completo?: boolean;
};

/**
 * SQL condition limiting procedures (alias `t`) to what the user may see (docs/design-summary.md §4, issue 11 item 4):
 * - a provider: the procedures of its company's providers, in every state;
 * - the insurer side (the administrator and 16–20): procedures of their subscription once sent
 *   (ENVIADO onwards): a provider's data becomes the insurer's when it is sent. With `cabecera`
 *   (the list of headers) earlier states too;
 * - the operatives 18 and 20 besides: only procedures assigned to everybody (T) or with an attention
 *   assigned to them (with `completo`: only T).
 */
export function tramiteScopeSql(user: SessionUser, opts: TramiteScopeOpts = {}): SQL {
  const sandbox = sql.raw(opts.sandbox ? 't.sandbox' : 'NOT t.sandbox');
  if (user.idPerfil === PERFIL.PRESTADOR) {
    return sql`${sandbox} AND t.id_prestador IN (SELECT p.id_prestador FROM prestador p WHERE p.id_empresa = ${user.idEmpresa})`;
  }
  const w = [sandbox, sql`t.id_suscripcion = ${user.idSuscripcion ?? -1}`];
  if (!opts.cabecera) {
    w.push(sql`t.estado_tramite <> ALL(${sql.param([...ESTADOS_PRESTADOR])}::text[])`);
    const operativo = OPERATIVOS[user.idPerfil];
    if (operativo && opts.completo) w.push(sql.raw(`t.tipo_asignacion = 'T'`));
    else if (operativo) {
      w.push(sql`(t.tipo_asignacion = 'T' OR EXISTS (SELECT 1 FROM planilla pa
                  WHERE pa.id_tramite = t.id_tramite AND pa.${sql.raw(operativo)} = ${user.idUsuario}))`);
    }
  }
  return sql.join(w, sql.raw(' AND '));
}

/** The assignment column of the operatives: 18 (AM) and 20 (GD) see what is assigned to them. */
const OPERATIVOS: Record<number, string> = {
  [PERFIL.AUDITOR_AM]: 'id_usuario_med',
  [PERFIL.GESTOR_GD]: 'id_usuario_doc',
};

export type TramiteRow = {
  idTramite: number;
  idSuscripcion: number;
  idPrestador: number;
  idServicio: number;
  estadoTramite: EstadoTramite;
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

const BASE = sql`SELECT ${columnas(tramite, 't', {
  solo: [
    'idTramite',
    'idSuscripcion',
    'idPrestador',
    'idServicio',
    'estadoTramite',
    'frecuenciaCarga',
    'numSemana',
    'maxSemanas',
    'tipoAsignacion',
    'fechaDesde',
    'fechaHasta',
    'descripcion',
    'version',
    'sandbox',
    'tieneApr',
  ],
})}`;

const FOR_UPDATE = sql.raw(' FOR UPDATE');

/**
 * Revisions of a procedure's attentions (table planilla_rev, migration 0007) and of its observations
 * (column observaciones, migration 0014), as decimal text.
 */
export type PlanillaRevs = {
  datos: string;
  revision: string;
  nivel: string;
  archivos: string;
  observaciones: string;
};

/**
 * The procedure if the user may see it, else 404 (never 403: ids cannot be probed).
 * With `lock`, the row is locked FOR UPDATE (call inside a transaction).
 */
export async function getTramiteForUser(
  q: Queryable,
  user: SessionUser,
  idTramite: number,
  opts: { lock?: boolean } & Omit<TramiteScopeOpts, 'cabecera'> = {},
): Promise<TramiteRow> {
  const scope = tramiteScopeSql(user, { sandbox: opts.sandbox, completo: opts.completo });
  const rows = await consulta<TramiteRow>(
    q,
    sql`${BASE} FROM tramite t WHERE t.id_tramite = ${idTramite} AND ${scope}${opts.lock ? FOR_UPDATE : sql.empty()}`,
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
  const rows = await consulta<TramiteRow & { revs: PlanillaRevs | null }>(
    q,
    sql`${BASE}, (SELECT json_build_object('datos', r.datos::text, 'revision', r.revision::text,
                                        'nivel', r.nivel::text, 'archivos', r.archivos::text,
                                        'observaciones', r.observaciones::text)
                 FROM planilla_rev r WHERE r.id_tramite = t.id_tramite) AS revs
       FROM tramite t WHERE t.id_tramite = ${idTramite} AND ${tramiteScopeSql(user)}`,
  );
  const t = rows[0];
  if (!t) throw notFound();
  return {
    ...t,
    revs: t.revs ?? { datos: '0', revision: '0', nivel: '0', archivos: '0', observaciones: '0' },
  };
}

/** Writes one bitácora entry (inside the caller's transaction): declared beside the workflow. */
export { writeBitacora } from '../workflow/bitacora.ts';
