import {
  ESTADOS_PROCESADOS,
  ESTADOS_TRABAJO,
  PERFIL,
  type SessionUser,
  type tramiteListQuerySchema,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { likePattern } from '../../lib/sql.ts';
import { tramiteScope } from './access.ts';
import { TRAMITE_FROM, TRAMITE_VIEW } from './queries.ts';

/** The procedures' list (GET /tramites, routes.ts): its views by profile, filters and page; the visible providers. */

/** Which list views a profile may open (docs/spec-summary.md 000 §2 and §6). */
const VISTAS: Record<string, readonly number[]> = {
  carga: [PERFIL.PRESTADOR],
  todos: [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD],
  procesados: [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD],
  asignados: [
    PERFIL.REVISOR,
    PERFIL.SUPERVISOR_AM,
    PERFIL.AUDITOR_AM,
    PERFIL.SUPERVISOR_GD,
    PERFIL.GESTOR_GD,
  ],
};

function vistaCondition(vista: string, user: SessionUser, n: number): { sql: string; params: unknown[] } {
  if (vista === 'procesados')
    return { sql: `t.estado_tramite = ANY($${n}::text[])`, params: [ESTADOS_PROCESADOS] };
  if (vista !== 'asignados') return { sql: 'TRUE', params: [] };
  const trabajo = [...ESTADOS_TRABAJO, 'OBSERVACIONES'];
  if (user.idPerfil === PERFIL.AUDITOR_AM || user.idPerfil === PERFIL.GESTOR_GD) {
    const colUser = user.idPerfil === PERFIL.AUDITOR_AM ? 'id_usuario_med' : 'id_usuario_doc';
    return {
      sql: `t.estado_tramite = ANY($${n}::text[]) AND (t.tipo_asignacion = 'T' OR EXISTS (
              SELECT 1 FROM planilla pl WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1 AND pl.${colUser} = $${n + 1}))`,
      params: [trabajo, user.idUsuario],
    };
  }
  return { sql: `t.estado_tramite = ANY($${n}::text[])`, params: [trabajo] };
}

/**
 * For the auditor (18) and the operative (20) in 'Trámites Asignados': how many active attentions of
 * each procedure still wait for their review (theirs, or all of them when the procedure is assigned
 * to everybody, tipo T). Counted on the (id_tramite, id_usuario_med|doc, estado_aud|doc) index.
 */
function misPendientes(user: SessionUser, params: unknown[]): string {
  if (user.idPerfil !== PERFIL.AUDITOR_AM && user.idPerfil !== PERFIL.GESTOR_GD) return '';
  const am = user.idPerfil === PERFIL.AUDITOR_AM;
  const [usuario, estado] = am ? ['id_usuario_med', 'estado_aud'] : ['id_usuario_doc', 'estado_doc'];
  params.push(user.idUsuario);
  return `, (SELECT count(*)::int FROM planilla pl
             WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1 AND pl.${estado} = 'PENDIENTE'
               AND (t.tipo_asignacion = 'T' OR pl.${usuario} = $${params.length})) AS "misPendientes"`;
}

/** A page of the procedures of a list view the user may open (else 403), most recent first. */
export async function listarTramites(
  db: Queryable,
  user: SessionUser,
  query: z.infer<typeof tramiteListQuerySchema>,
) {
  const { vista, estado, idPrestador, idServicio, desde, hasta, numero, q, page, pageSize } = query;
  if (!VISTAS[vista].includes(user.idPerfil)) throw forbidden();
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (c: { sql: string; params: unknown[] }) => {
    where.push(c.sql);
    params.push(...c.params);
  };
  // Headers only: supervisors list procedures not sent yet too (docs/spec-summary.md 000 '/tramite'), never their content.
  add(tramiteScope(user, params.length + 1, { cabecera: true }));
  add(vistaCondition(vista, user, params.length + 1));
  const eq = (sqlCol: string, v: unknown) => {
    if (v === undefined || v === '') return;
    params.push(v);
    where.push(`${sqlCol} = $${params.length}`);
  };
  eq('t.estado_tramite', estado);
  // An annulled procedure leaves the lists (decision 50); asked for by its state, it is still there.
  if (estado !== 'ANULADO') where.push(`t.estado_tramite <> 'ANULADO'`);
  eq('t.id_prestador', idPrestador);
  eq('t.id_servicio', idServicio);
  if (desde) {
    params.push(desde);
    where.push(`t.fecha_hasta >= $${params.length}`);
  }
  if (hasta) {
    params.push(hasta);
    where.push(`t.fecha_desde <= $${params.length}`);
  }
  if (numero) {
    params.push(likePattern(numero.toUpperCase()));
    where.push(`(t.numero LIKE $${params.length} OR t.id_tramite::text = $${params.length + 1})`);
    params.push(numero);
  }
  if (q) {
    params.push(
      likePattern(
        q
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      ),
    );
    where.push(
      `(f_unaccent(lower(t.descripcion)) LIKE $${params.length} OR f_unaccent(lower(p.nombre_comercial)) LIKE $${params.length})`,
    );
  }
  const w = where.join(' AND ');
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n ${TRAMITE_FROM} WHERE ${w}`,
    params,
  );
  const pendientes = vista === 'asignados' ? misPendientes(user, params) : '';
  params.push(pageSize, (page - 1) * pageSize);
  const items = await db.query(
    `SELECT ${TRAMITE_VIEW}${pendientes} ${TRAMITE_FROM} WHERE ${w} ORDER BY t.id_tramite DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { items, total: n, page, pageSize };
}

type PrestadorVisible = { idPrestador: number; nombreComercial: string; ruc: string };

/** The providers the user sees (for forms and filters): the provider's own company's, or its subscription's. */
export async function prestadoresVisibles(db: Queryable, user: SessionUser) {
  if (user.idPerfil === PERFIL.PRESTADOR) {
    return db.query<PrestadorVisible>(
      `SELECT id_prestador AS "idPrestador", nombre_comercial AS "nombreComercial", ruc
         FROM prestador WHERE id_empresa = $1 ORDER BY nombre_comercial`,
      [user.idEmpresa],
    );
  }
  return db.query<PrestadorVisible>(
    `SELECT p.id_prestador AS "idPrestador", p.nombre_comercial AS "nombreComercial", p.ruc
       FROM prestador p JOIN empresa e ON e.id_empresa = p.id_empresa
      WHERE e.id_empresa_suscriptora = (SELECT s.id_empresa FROM suscripcion s WHERE s.id_suscripcion = $1)
      ORDER BY p.nombre_comercial`,
    [user.idSuscripcion ?? -1],
  );
}
