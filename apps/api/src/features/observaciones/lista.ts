import {
  formatDate,
  formatDateTime,
  type ObservacionTramiteItem,
  type observacionesListaQuerySchema,
  PERFIL,
  RESOLUCION_TEXTO,
  type Resolucion,
  type SessionUser,
  visibilityColumn,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { csvText } from '../../lib/csv.ts';
import { Params } from '../planillas/queries.ts';
import type { TramiteRow } from '../tramites/access.ts';
import { ITEM_COLS, ITEM_JOINS, union } from './queries.ts';

/*
 * The procedure's observations (the supervisors' report 'ObservacionesTramite', the
 * pending-observations review of 16–20, the provider's lists per load and type). Filters, order and
 * page run in the partial indexes pla_obs_tramite_idx / pla_det_obs_tramite_idx (attention number
 * order, no sort); the page's 10 rows alone are joined to the catalogues.
 */

type Query = z.infer<typeof observacionesListaQuerySchema>;

/** The condition of both branches (alias o), for the user. */
function condicion(user: SessionUser, t: TramiteRow, q: Query, params: Params): string {
  const w = [`o.id_tramite = ${params.add(t.idTramite)}`, 'o.estado = 1', 'o.planilla_estado = 1'];
  if (q.tipo) w.push(`o.observacion_tipo = ${params.add(q.tipo)}`);
  if (q.idCarga) w.push(`o.id_carga = ${params.add(q.idCarga)}`);
  if (q.respondida === 'si') w.push('o.respondida');
  if (q.respondida === 'no') w.push('NOT o.respondida');
  if (q.porResolver === 'si')
    w.push('o.respondida AND o.fecha_envio_resp IS NOT NULL AND o.resolucion IS NULL');
  if (q.porResolver === 'no') w.push('o.resolucion IS NOT NULL');
  // The provider sees what was sent to it; 18 and 20 the attentions assigned to them (unless T).
  if (user.idPerfil === PERFIL.PRESTADOR) w.push('o.ronda IS NOT NULL');
  const col = visibilityColumn(user, t);
  if (col) {
    const c = col === 'idUsuarioMed' ? 'id_usuario_med' : 'id_usuario_doc';
    w.push(
      `EXISTS (SELECT 1 FROM planilla pv WHERE pv.id_planilla = o.id_planilla AND pv.${c} = ${params.add(user.idUsuario)})`,
    );
  }
  return w.join(' AND ');
}

export async function listarObservacionesTramite(
  db: Queryable,
  user: SessionUser,
  t: TramiteRow,
  q: Query,
  paginar: boolean,
) {
  const params = new Params();
  const where = condicion(user, t, q, params);
  const dir = q.sort === '-numero' ? 'DESC' : 'ASC';
  const orden = `planilla_numero ${dir}, id_planilla ${dir}, nivel_orden ${dir}, id ${dir}`;
  const nivel = q.nivel as 'PLANILLA' | 'DETALLE' | undefined;
  const limit = paginar
    ? `LIMIT ${params.add(q.pageSize)} OFFSET ${params.add((q.page - 1) * q.pageSize)}`
    : '';
  const rows = await db.query<ObservacionTramiteItem>(
    `SELECT ${ITEM_COLS}, x.id_carga AS "idCarga", p.numero, p.cedula, p.nombre,
            p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta"
       FROM (SELECT * FROM (${union(where, nivel)}) y ORDER BY ${orden} ${limit}) x
       JOIN planilla p ON p.id_planilla = x.id_planilla
       ${ITEM_JOINS}
      ORDER BY x.${orden.replaceAll(', ', ', x.')}`,
    params.values,
  );
  if (!paginar) return { items: rows, total: rows.length };
  const cuenta = new Params();
  const w2 = condicion(user, t, q, cuenta);
  const ramas = [
    nivel !== 'DETALLE' ? `(SELECT count(*) FROM pla_obs o WHERE ${w2})` : '0',
    nivel !== 'PLANILLA' ? `(SELECT count(*) FROM pla_det_obs o WHERE ${w2})` : '0',
  ];
  const [c] = await db.query<{ n: number }>(`SELECT (${ramas.join(' + ')})::int AS n`, cuenta.values);
  return { items: rows, total: c.n };
}

const CSV_COLUMNAS = [
  'Número',
  'Cédula',
  'Paciente',
  'Fecha de atención',
  'Nivel',
  'Código detalle',
  'Tipo',
  'Observación',
  'Observación complementaria',
  'Respuesta',
  'Respuesta complementaria',
  'Respondida',
  'Fecha',
  'Usuario',
  'Ronda',
  'Decisión',
];

export function csvObservaciones(items: ObservacionTramiteItem[]) {
  return csvText(
    items.map((o) => [
      o.numero,
      o.cedula,
      o.nombre,
      formatDate(o.fechaDesde),
      o.nivel === 'PLANILLA' ? 'Atención' : 'Detalle',
      o.codigoDetalle ?? '',
      o.tipo,
      o.observacionEstandar,
      o.observacionComplementaria ?? '',
      o.respuestaEstandar ?? '',
      o.respuestaComplementaria ?? '',
      o.respondida ? 'Sí' : 'No',
      formatDateTime(o.fechaReg),
      o.usuario ?? '',
      o.ronda ?? '',
      o.resolucion ? RESOLUCION_TEXTO[o.resolucion as Resolucion] : '',
    ]),
    CSV_COLUMNAS,
  );
}
