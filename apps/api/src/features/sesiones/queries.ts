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
import { accesoSesion, sandboxLog, sesion, sesionErr } from '../../db/schema/index.ts';
import { usuariosAdministradosSql } from '../../lib/admin-scope.ts';
import { columnas, consulta, type ListaPaginada, lista, paginada, type SQL, sql } from '../../lib/sql.ts';

/**
 * The session reports' SQL (routes.ts), always limited to the users the administrator may audit.
 * Hand-written rather than a catalogue declaration: decision 94.
 */

/** A row of a paged response schema. */
type Fila<S extends z.ZodType> = z.input<S> extends { items: (infer R)[] } ? R : never;

type Consulta = z.infer<typeof sesionesQuerySchema>;

const TZ = sql.raw(`'America/Guayaquil'`);
const r = sql.raw;

/** Day filters on an instant column, as calendar days in America/Guayaquil. */
function rango(expr: SQL, q: { desde?: string; hasta?: string }): (SQL | undefined)[] {
  return [
    q.desde ? sql`(${expr} AT TIME ZONE ${TZ})::date >= ${q.desde}::date` : undefined,
    q.hasta ? sql`(${expr} AT TIME ZONE ${TZ})::date <= ${q.hasta}::date` : undefined,
  ];
}

/** The users the administrator may audit. */
const visibles = (user: SessionUser) =>
  sql`SELECT u.id_usuario FROM usuario u WHERE ${usuariosAdministradosSql(user, 'u')}`;

/** Rows of the users the administrator may audit (`column` is their user id). */
const deUsuariosVisibles = (user: SessionUser, column: string) => sql`${r(column)} IN (${visibles(user)})`;

/** A list of the reports: the page asked for, filtered by the day range and `where`. */
function listar<T extends Record<string, unknown>>(
  db: Queryable,
  l: Omit<ListaPaginada, 'where'>,
  fecha: string,
  where: SQL,
  q: Consulta,
) {
  const { desde, hasta, ...pedida } = q;
  return paginada<T>(db, { ...l, where: [where, ...rango(r(fecha), { desde, hasta })] }, pedida);
}

const SESIONES = {
  select: lista([
    columnas(sesion, 's', { solo: ['idSesion', 'idUsuario'], extra: { usuarioNombre: 'u.nombre' } }),
    columnas(sesion, 's', {
      solo: ['fechaInicio', 'fechaFin', 'expira'],
      extra: {
        motivoFin: `CASE WHEN s.fecha_fin IS NULL AND s.expira < now() THEN 'EXPIRADA' ELSE s.motivo_fin END`,
        activa: '(s.fecha_fin IS NULL AND s.expira > now())',
      },
    }),
    columnas(sesion, 's', { solo: ['ip', 'agente'] }),
  ]),
  from: r('sesion s JOIN usuario u ON u.id_usuario = s.id_usuario'),
  buscar: [r('u.nombre'), r('s.ip'), r('s.motivo_fin')],
  orden: {
    fechaInicio: r('s.fecha_inicio'),
    fechaFin: r('s.fecha_fin'),
    usuarioNombre: r('u.nombre'),
    ip: r('s.ip'),
  },
  ordenInicial: '-fechaInicio',
  desempate: r('s.id_sesion'),
};

/** Sessions of the users the administrator may audit, paged. */
export const listarSesiones = (db: Queryable, user: SessionUser, q: Consulta) =>
  listar<Fila<typeof sesionesPageSchema>>(
    db,
    SESIONES,
    's.fecha_inicio',
    deUsuariosVisibles(user, 's.id_usuario'),
    q,
  );

const ERRORES = {
  select: columnas(sesionErr, 'e', {
    solo: ['idSesionErr', 'fecha', 'usuario', 'idUsuario', 'ip', 'tipo', 'motivo'],
  }),
  from: r('sesion_err e'),
  buscar: [r('e.usuario'), r('e.ip'), r('e.motivo'), r('e.tipo')],
  orden: { fecha: r('e.fecha'), usuario: r('e.usuario'), ip: r('e.ip'), tipo: r('e.tipo') },
  ordenInicial: '-fecha',
  desempate: r('e.id_sesion_err'),
};

/** Failed logins and session errors of those users, paged. */
export function listarErrores(db: Queryable, user: SessionUser, q: Consulta) {
  // Failures of the administrator's users: by id, or by the name typed when the password was wrong.
  const where = sql`(e.id_usuario IN (${visibles(user)}) OR lower(e.usuario) IN (SELECT lower(u2.nombre) FROM usuario u2 WHERE u2.id_usuario IN (${visibles(user)})))`;
  return listar<Fila<typeof sesionesErroresPageSchema>>(db, ERRORES, 'e.fecha', where, q);
}

const ACCESOS = {
  select: lista([
    columnas(accesoSesion, 'a', {
      solo: ['idAccesoSesion', 'idSesion', 'idUsuario'],
      extra: { usuarioNombre: 'u.nombre' },
    }),
    columnas(accesoSesion, 'a', { solo: ['ruta', 'fecha'] }),
  ]),
  from: r('acceso_sesion a JOIN usuario u ON u.id_usuario = a.id_usuario'),
  buscar: [r('u.nombre'), r('a.ruta')],
  orden: { fecha: r('a.fecha'), usuarioNombre: r('u.nombre'), ruta: r('a.ruta') },
  ordenInicial: '-fecha',
  desempate: r('a.id_acceso_sesion'),
};

/** Route accesses per session of those users, paged. */
export const listarAccesos = (db: Queryable, user: SessionUser, q: Consulta) =>
  listar<Fila<typeof accesosSesionPageSchema>>(
    db,
    ACCESOS,
    'a.fecha',
    deUsuariosVisibles(user, 'a.id_usuario'),
    q,
  );

/** Sessions and distinct users per month of a year (this year by default). */
export async function sesionesPorMes(
  db: Queryable,
  user: SessionUser,
  q: z.infer<typeof sesionesMesQuerySchema>,
) {
  const anio = q.anio ?? Number(todayIso().slice(0, 4));
  const rows = await consulta<{ mes: number; sesiones: number; usuarios: number }>(
    db,
    sql`SELECT extract(month FROM s.fecha_inicio AT TIME ZONE ${TZ})::int AS mes, count(*)::int AS sesiones,
            count(DISTINCT s.id_usuario)::int AS usuarios
       FROM sesion s
      WHERE ${deUsuariosVisibles(user, 's.id_usuario')} AND extract(year FROM s.fecha_inicio AT TIME ZONE ${TZ}) = ${anio}
      GROUP BY 1 ORDER BY 1`,
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
  const rows = await consulta<{ dia: number; sesiones: number; usuarios: number }>(
    db,
    sql`SELECT extract(day FROM s.fecha_inicio AT TIME ZONE ${TZ})::int AS dia, count(*)::int AS sesiones,
            count(DISTINCT s.id_usuario)::int AS usuarios
       FROM sesion s
      WHERE ${deUsuariosVisibles(user, 's.id_usuario')} AND to_char(s.fecha_inicio AT TIME ZONE ${TZ}, 'YYYY-MM') = ${mes}
      GROUP BY 1 ORDER BY 1`,
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

const SANDBOX = {
  select: lista([
    columnas(sandboxLog, 'l', {
      solo: ['idSandboxLog', 'idUsuario'],
      extra: { usuarioNombre: 'u.nombre' },
    }),
    columnas(sandboxLog, 'l', { solo: ['fecha', 'endpoint', 'estado', 'mensaje', 'idTramite', 'idCarga'] }),
  ]),
  from: r('sandbox_log l LEFT JOIN usuario u ON u.id_usuario = l.id_usuario'),
  buscar: [r('u.nombre'), r('l.endpoint'), r('l.mensaje')],
  orden: {
    fecha: r('l.fecha'),
    endpoint: r('l.endpoint'),
    estado: r('l.estado'),
    usuarioNombre: r('u.nombre'),
  },
  ordenInicial: '-fecha',
  desempate: r('l.id_sandbox_log'),
};

/** Integration API calls in sandbox mode of those users, paged. */
export const listarSandboxLog = (db: Queryable, user: SessionUser, q: Consulta) =>
  listar<Fila<typeof sandboxLogPageSchema>>(
    db,
    SANDBOX,
    'l.fecha',
    deUsuariosVisibles(user, 'l.id_usuario'),
    q,
  );
