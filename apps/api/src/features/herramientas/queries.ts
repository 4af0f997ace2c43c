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
import { elemento, planilla, tramite } from '../../db/schema/index.ts';
import {
  columnas,
  consulta,
  contiene,
  fila,
  likePattern,
  lista,
  type SQL,
  sql,
  todas,
} from '../../lib/sql.ts';
import { tramiteScopeSql } from '../tramites/access.ts';

/** The SQL of the user drawer's tools (routes.ts): the Vademecum and the coverage query. */

const MEDICAMENTO_COLS = columnas(elemento, 'e', {
  solo: ['idElemento', 'codigo', 'nombre'],
  extra: { valor: 'e.valor::text', clasificacion: 'c.nombre' },
});

/** The medicines (elements of tipo M) whose name or code holds the search, without accents or case; 10 per page. */
export async function vademecum(db: Queryable, query: z.infer<typeof vademecumQuerySchema>) {
  const { q: texto, page } = query;
  // Ordered as a reader expects: 'ÁCIDO FÓLICO' among the A, not after Z (the database may collate by byte).
  const w: SQL[] = [sql.raw(`t.codigo = 'M'`)];
  if (texto) {
    const patron = likePattern(foldText(texto));
    w.push(sql`(${contiene(sql.raw('e.nombre'), patron)} OR ${contiene(sql.raw('e.codigo'), patron)})`);
  }
  const from = sql`FROM elemento e JOIN tipo_elem t ON t.id_tipo_elem = e.id_tipo_elem
                LEFT JOIN clas_elem c ON c.id_clas_elem = e.id_clas_elem WHERE ${todas(w)}`;
  const { n } = await fila<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
  const items = await consulta<Medicamento>(
    db,
    sql`SELECT ${MEDICAMENTO_COLS}
       ${from} ORDER BY f_unaccent(lower(e.nombre)), e.nombre, e.id_elemento LIMIT ${VADEMECUM_PAGE_SIZE} OFFSET ${(page - 1) * VADEMECUM_PAGE_SIZE}`,
  );
  return { items, total: n, page, pageSize: VADEMECUM_PAGE_SIZE };
}

const RECIENTE_COLS = lista([
  columnas(planilla, 'p', { solo: ['idPlanilla', 'numero', 'nombre', 'fechaDesde', 'fechaHasta', 'diag1'] }),
  columnas(tramite, 't', { solo: [], extra: { prestador: 'pr.nombre_comercial', tramite: 't.numero' } }),
]);

/** A patient's attentions the user may see: how many, the last one and the 10 most recent. */
export async function cobertura(db: Queryable, user: SessionUser, cedula: string): Promise<Cobertura> {
  const visibles = sql`FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
                    JOIN prestador pr ON pr.id_prestador = p.id_prestador
                    WHERE p.cedula = ${cedula} AND p.estado = 1 AND ${tramiteScopeSql(user)}`;
  const resumen = await fila<{ n: number; ultima: string | null }>(
    db,
    sql`SELECT count(*)::int AS n, max(p.fecha_desde) AS ultima ${visibles}`,
  );
  const recientes = await consulta<Cobertura['recientes'][number] & { nombre: string }>(
    db,
    sql`SELECT ${RECIENTE_COLS}
       ${visibles}
      ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT 10`,
  );
  return {
    cedula,
    nombre: recientes[0]?.nombre ?? null,
    numeroAtenciones: resumen.n,
    ultimaAtencion: resumen.ultima,
    recientes: recientes.map(({ nombre: _n, ...rest }) => rest),
  };
}

const ATENCION_COLS = lista([
  columnas(planilla, 'p', { solo: ['idPlanilla', 'idTramite'], extra: { tramite: 't.numero' } }),
  columnas(tramite, 't', { solo: ['estadoTramite'] }),
  columnas(planilla, 'p', {
    solo: ['numero', 'nombre', 'fechaDesde', 'fechaHasta', 'nombreMedico', 'diag1'],
    extra: { prestador: 'pr.nombre_comercial' },
  }),
]);

/** All the patient's attentions the user may see, optionally of doctors of one specialty; 10 per page. */
export async function atencionesCobertura(
  db: Queryable,
  user: SessionUser,
  cedula: string,
  query: z.infer<typeof consultaCoberturaQuerySchema>,
) {
  const { idEspecialidad, page } = query;
  const where = [sql`p.cedula = ${cedula}`, sql.raw('p.estado = 1'), tramiteScopeSql(user)];
  if (user.idPerfil === PERFIL.PRESTADOR) {
    // The provider's own attentions, read through planilla_dup_idx (id_prestador, cedula, fecha_desde).
    where.push(
      sql`p.id_prestador IN (SELECT id_prestador FROM prestador WHERE id_empresa = ${user.idEmpresa})`,
    );
  }
  if (idEspecialidad) {
    where.push(
      sql`EXISTS (SELECT 1 FROM medico m WHERE m.documento = p.cedula_medico AND m.id_especialidad = ${idEspecialidad})`,
    );
  }
  const from = sql`FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
                JOIN prestador pr ON pr.id_prestador = p.id_prestador WHERE ${todas(where)}`;
  const { n } = await fila<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
  const items = await consulta<AtencionCobertura>(
    db,
    sql`SELECT ${ATENCION_COLS}
       ${from}
      ORDER BY p.fecha_desde DESC, p.id_planilla DESC LIMIT ${CONSULTA_COBERTURA_PAGE_SIZE} OFFSET ${(page - 1) * CONSULTA_COBERTURA_PAGE_SIZE}`,
  );
  return { items, total: n, page, pageSize: CONSULTA_COBERTURA_PAGE_SIZE };
}
