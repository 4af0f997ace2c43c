import {
  type AtencionCobertura,
  CONSULTA_COBERTURA_PAGE_SIZE,
  type Cobertura,
  type consultaCoberturaQuerySchema,
  foldText,
  type Medicamento,
  PERFIL,
  type SessionUser,
  VADEMECUM_PAGE_SIZE,
  type vademecumQuerySchema,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { foldedLike, likePattern } from '../../lib/sql.ts';
import { tramiteScope } from '../tramites/access.ts';

/** The SQL of the user drawer's tools (routes.ts): the Vademecum and the coverage query. */

/** The medicines (elements of tipo M) whose name or code holds the search, without accents or case; 10 per page. */
export async function vademecum(db: Queryable, query: z.infer<typeof vademecumQuerySchema>) {
  const { q: texto, page } = query;
  // Ordered as a reader expects: 'ÁCIDO FÓLICO' among the A, not after Z (the database may collate by byte).
  const params: unknown[] = [];
  let where = `t.codigo = 'M'`;
  if (texto) {
    params.push(likePattern(foldText(texto)));
    where += ` AND (${foldedLike('e.nombre', `$${params.length}`)} OR ${foldedLike('e.codigo', `$${params.length}`)})`;
  }
  const from = `FROM elemento e JOIN tipo_elem t ON t.id_tipo_elem = e.id_tipo_elem
                LEFT JOIN clas_elem c ON c.id_clas_elem = e.id_clas_elem WHERE ${where}`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  const items = await db.query<Medicamento>(
    `SELECT e.id_elemento AS "idElemento", e.codigo, e.nombre, e.valor::text AS valor, c.nombre AS clasificacion
       ${from} ORDER BY f_unaccent(lower(e.nombre)), e.nombre, e.id_elemento LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, VADEMECUM_PAGE_SIZE, (page - 1) * VADEMECUM_PAGE_SIZE],
  );
  return { items, total: n, page, pageSize: VADEMECUM_PAGE_SIZE };
}

/** A patient's attentions the user may see: how many, the last one and the 10 most recent. */
export async function cobertura(db: Queryable, user: SessionUser, cedula: string): Promise<Cobertura> {
  const scope = tramiteScope(user, 2);
  const visibles = `FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
                    JOIN prestador pr ON pr.id_prestador = p.id_prestador
                    WHERE p.cedula = $1 AND p.estado = 1 AND ${scope.sql}`;
  const params = [cedula, ...scope.params];
  const [resumen] = await db.query<{ n: number; ultima: string | null }>(
    `SELECT count(*)::int AS n, max(p.fecha_desde) AS ultima ${visibles}`,
    params,
  );
  const recientes = await db.query<Cobertura['recientes'][number] & { nombre: string }>(
    `SELECT p.id_planilla AS "idPlanilla", p.numero, p.nombre, p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta",
            p.diag1, pr.nombre_comercial AS prestador, t.numero AS tramite
       ${visibles}
      ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT 10`,
    params,
  );
  return {
    cedula,
    nombre: recientes[0]?.nombre ?? null,
    numeroAtenciones: resumen.n,
    ultimaAtencion: resumen.ultima,
    recientes: recientes.map(({ nombre: _n, ...rest }) => rest),
  };
}

/** All the patient's attentions the user may see, optionally of doctors of one specialty; 10 per page. */
export async function atencionesCobertura(
  db: Queryable,
  user: SessionUser,
  cedula: string,
  query: z.infer<typeof consultaCoberturaQuerySchema>,
) {
  const { idEspecialidad, page } = query;
  const scope = tramiteScope(user, 2);
  const params: unknown[] = [cedula, ...scope.params];
  const where = [`p.cedula = $1`, `p.estado = 1`, scope.sql];
  if (user.idPerfil === PERFIL.PRESTADOR) {
    // The provider's own attentions, read through planilla_dup_idx (id_prestador, cedula, fecha_desde).
    params.push(user.idEmpresa);
    where.push(`p.id_prestador IN (SELECT id_prestador FROM prestador WHERE id_empresa = $${params.length})`);
  }
  if (idEspecialidad) {
    params.push(idEspecialidad);
    where.push(
      `EXISTS (SELECT 1 FROM medico m WHERE m.documento = p.cedula_medico AND m.id_especialidad = $${params.length})`,
    );
  }
  const from = `FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
                JOIN prestador pr ON pr.id_prestador = p.id_prestador WHERE ${where.join(' AND ')}`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  const items = await db.query<AtencionCobertura>(
    `SELECT p.id_planilla AS "idPlanilla", p.id_tramite AS "idTramite", t.numero AS tramite,
            t.estado_tramite AS "estadoTramite", p.numero, p.nombre, p.fecha_desde AS "fechaDesde",
            p.fecha_hasta AS "fechaHasta", p.nombre_medico AS "nombreMedico", p.diag1, pr.nombre_comercial AS prestador
       ${from}
      ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, CONSULTA_COBERTURA_PAGE_SIZE, (page - 1) * CONSULTA_COBERTURA_PAGE_SIZE],
  );
  return { items, total: n, page, pageSize: CONSULTA_COBERTURA_PAGE_SIZE };
}
