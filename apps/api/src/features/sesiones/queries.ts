import {
  type accesosSesionPageSchema,
  MESES,
  type SessionUser,
  type sandboxLogPageSchema,
  type sesionesDiaQuerySchema,
  type sesionesErroresPageSchema,
  type sesionesMesQuerySchema,
  type sesionesPageSchema,
  type sesionesQuerySchema,
  todayIso,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { Params, pagedList, usuarioScope } from '../admin/sql.ts';

/** The session reports' SQL (routes.ts), always limited to the users the administrator may audit. */

/** A row of a paged response schema. */
type Fila<S extends z.ZodType> = z.input<S> extends { items: (infer R)[] } ? R : never;

const TZ = `'America/Guayaquil'`;

/** Day filters on an instant column, as calendar days in America/Guayaquil. */
function rango(expr: string, q: { desde?: string; hasta?: string }, p: Params, where: string[]) {
  if (q.desde) where.push(`(${expr} AT TIME ZONE ${TZ})::date >= ${p.add(q.desde)}::date`);
  if (q.hasta) where.push(`(${expr} AT TIME ZONE ${TZ})::date <= ${p.add(q.hasta)}::date`);
}

/** Users the administrator may audit: those of its companies and its subscription. */
function usuariosVisibles(user: SessionUser, p: Params, column: string): string {
  return `${column} IN (SELECT u.id_usuario FROM usuario u WHERE ${usuarioScope(user, 'u', p)})`;
}

/** Sessions of the users the administrator may audit, paged. */
export async function listarSesiones(
  db: Queryable,
  user: SessionUser,
  q: z.infer<typeof sesionesQuerySchema>,
) {
  const { desde, hasta, ...query } = q;
  const p = new Params();
  const where = [usuariosVisibles(user, p, 's.id_usuario')];
  rango('s.fecha_inicio', { desde, hasta }, p, where);
  return pagedList<Fila<typeof sesionesPageSchema>>(
    db,
    {
      select: `s.id_sesion AS "idSesion", s.id_usuario AS "idUsuario", u.nombre AS "usuarioNombre", s.fecha_inicio AS "fechaInicio",
      s.fecha_fin AS "fechaFin", s.expira, CASE WHEN s.fecha_fin IS NULL AND s.expira < now() THEN 'EXPIRADA' ELSE s.motivo_fin END AS "motivoFin",
      (s.fecha_fin IS NULL AND s.expira > now()) AS "activa", s.ip, s.agente`,
      from: 'sesion s JOIN usuario u ON u.id_usuario = s.id_usuario',
      where,
      params: p,
      search: ['u.nombre', 's.ip', 's.motivo_fin'],
      sorts: {
        fechaInicio: 's.fecha_inicio',
        fechaFin: 's.fecha_fin',
        usuarioNombre: 'u.nombre',
        ip: 's.ip',
      },
      defaultSort: '-fechaInicio',
      tiebreak: 's.id_sesion',
    },
    query,
  );
}

/** Failed logins and session errors of those users, paged. */
export async function listarErrores(
  db: Queryable,
  user: SessionUser,
  q: z.infer<typeof sesionesQuerySchema>,
) {
  const { desde, hasta, ...query } = q;
  const p = new Params();
  // Failures of the administrator's users: by id, or by the name typed when the password was wrong.
  const visibles = `SELECT u.id_usuario FROM usuario u WHERE ${usuarioScope(user, 'u', p)}`;
  const where = [
    `(e.id_usuario IN (${visibles}) OR lower(e.usuario) IN (SELECT lower(u2.nombre) FROM usuario u2 WHERE u2.id_usuario IN (${visibles})))`,
  ];
  rango('e.fecha', { desde, hasta }, p, where);
  return pagedList<Fila<typeof sesionesErroresPageSchema>>(
    db,
    {
      select: `e.id_sesion_err AS "idSesionErr", e.fecha, e.usuario, e.id_usuario AS "idUsuario", e.ip, e.tipo, e.motivo`,
      from: 'sesion_err e',
      where,
      params: p,
      search: ['e.usuario', 'e.ip', 'e.motivo', 'e.tipo'],
      sorts: { fecha: 'e.fecha', usuario: 'e.usuario', ip: 'e.ip', tipo: 'e.tipo' },
      defaultSort: '-fecha',
      tiebreak: 'e.id_sesion_err',
    },
    query,
  );
}

/** Route accesses per session of those users, paged. */
export async function listarAccesos(
  db: Queryable,
  user: SessionUser,
  q: z.infer<typeof sesionesQuerySchema>,
) {
  const { desde, hasta, ...query } = q;
  const p = new Params();
  const where = [usuariosVisibles(user, p, 'a.id_usuario')];
  rango('a.fecha', { desde, hasta }, p, where);
  return pagedList<Fila<typeof accesosSesionPageSchema>>(
    db,
    {
      select: `a.id_acceso_sesion AS "idAccesoSesion", a.id_sesion AS "idSesion", a.id_usuario AS "idUsuario",
        u.nombre AS "usuarioNombre", a.ruta, a.fecha`,
      from: 'acceso_sesion a JOIN usuario u ON u.id_usuario = a.id_usuario',
      where,
      params: p,
      search: ['u.nombre', 'a.ruta'],
      sorts: { fecha: 'a.fecha', usuarioNombre: 'u.nombre', ruta: 'a.ruta' },
      defaultSort: '-fecha',
      tiebreak: 'a.id_acceso_sesion',
    },
    query,
  );
}

/** Sessions and distinct users per month of a year (this year by default). */
export async function sesionesPorMes(
  db: Queryable,
  user: SessionUser,
  q: z.infer<typeof sesionesMesQuerySchema>,
) {
  const anio = q.anio ?? Number(todayIso().slice(0, 4));
  const p = new Params();
  const scope = usuariosVisibles(user, p, 's.id_usuario');
  const rows = await db.query<{ mes: number; sesiones: number; usuarios: number }>(
    `SELECT extract(month FROM s.fecha_inicio AT TIME ZONE ${TZ})::int AS mes, count(*)::int AS sesiones,
            count(DISTINCT s.id_usuario)::int AS usuarios
       FROM sesion s
      WHERE ${scope} AND extract(year FROM s.fecha_inicio AT TIME ZONE ${TZ}) = ${p.add(anio)}
      GROUP BY 1 ORDER BY 1`,
    p.values,
  );
  const items = MESES.map((nombre, i) => {
    const r = rows.find((x) => x.mes === i + 1);
    return { mes: i + 1, nombre, sesiones: r?.sesiones ?? 0, usuarios: r?.usuarios ?? 0 };
  });
  return { anio, items, total: items.reduce((a, b) => a + b.sesiones, 0) };
}

/** Sessions and distinct users per day of a month (this month by default). */
export async function sesionesPorDia(
  db: Queryable,
  user: SessionUser,
  q: z.infer<typeof sesionesDiaQuerySchema>,
) {
  const mes = q.mes ?? todayIso().slice(0, 7);
  const [y, m] = mes.split('-').map(Number);
  const dias = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const p = new Params();
  const scope = usuariosVisibles(user, p, 's.id_usuario');
  const rows = await db.query<{ dia: number; sesiones: number; usuarios: number }>(
    `SELECT extract(day FROM s.fecha_inicio AT TIME ZONE ${TZ})::int AS dia, count(*)::int AS sesiones,
            count(DISTINCT s.id_usuario)::int AS usuarios
       FROM sesion s
      WHERE ${scope} AND to_char(s.fecha_inicio AT TIME ZONE ${TZ}, 'YYYY-MM') = ${p.add(mes)}
      GROUP BY 1 ORDER BY 1`,
    p.values,
  );
  const items = Array.from({ length: dias }, (_, i) => {
    const r = rows.find((x) => x.dia === i + 1);
    return {
      dia: i + 1,
      fecha: `${mes}-${String(i + 1).padStart(2, '0')}`,
      sesiones: r?.sesiones ?? 0,
      usuarios: r?.usuarios ?? 0,
    };
  });
  return { mes, items, total: items.reduce((a, b) => a + b.sesiones, 0) };
}

/** Integration API calls in sandbox mode of those users, paged. */
export async function listarSandboxLog(
  db: Queryable,
  user: SessionUser,
  q: z.infer<typeof sesionesQuerySchema>,
) {
  const { desde, hasta, ...query } = q;
  const p = new Params();
  const where = [usuariosVisibles(user, p, 'l.id_usuario')];
  rango('l.fecha', { desde, hasta }, p, where);
  return pagedList<Fila<typeof sandboxLogPageSchema>>(
    db,
    {
      select: `l.id_sandbox_log AS "idSandboxLog", l.id_usuario AS "idUsuario", u.nombre AS "usuarioNombre", l.fecha, l.endpoint,
        l.estado, l.mensaje, l.id_tramite AS "idTramite", l.id_carga AS "idCarga"`,
      from: 'sandbox_log l LEFT JOIN usuario u ON u.id_usuario = l.id_usuario',
      where,
      params: p,
      search: ['u.nombre', 'l.endpoint', 'l.mensaje'],
      sorts: { fecha: 'l.fecha', endpoint: 'l.endpoint', estado: 'l.estado', usuarioNombre: 'u.nombre' },
      defaultSort: '-fecha',
      tiebreak: 'l.id_sandbox_log',
    },
    query,
  );
}
