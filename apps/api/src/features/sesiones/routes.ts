import {
  accesosSesionPageSchema,
  MESES,
  PERFIL,
  responses,
  sandboxLogPageSchema,
  sesionesDiaQuerySchema,
  sesionesErroresPageSchema,
  sesionesMesQuerySchema,
  sesionesPageSchema,
  sesionesPorDiaSchema,
  sesionesPorMesSchema,
  sesionesQuerySchema,
  todayIso,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Params, pagedList, usuarioScope } from '../admin/sql.ts';

const TZ = `'America/Guayaquil'`;

/** Day filters on an instant column, as calendar days in America/Guayaquil. */
function rango(expr: string, q: { desde?: string; hasta?: string }, p: Params, where: string[]) {
  if (q.desde) where.push(`(${expr} AT TIME ZONE ${TZ})::date >= ${p.add(q.desde)}::date`);
  if (q.hasta) where.push(`(${expr} AT TIME ZONE ${TZ})::date <= ${p.add(q.hasta)}::date`);
}

/** Users the administrator may audit: those of its companies and its subscription. */
function usuariosVisibles(req: FastifyRequest, p: Params, column: string): string {
  return `${column} IN (SELECT u.id_usuario FROM usuario u WHERE ${usuarioScope(req.user, 'u', p)})`;
}

/**
 * Session administration of docs/spec-summary.md 002 (menu Reportes of the administration area, profile 1):
 * sessions, failed logins, route accesses, sessions per month and per day, sandbox calls.
 */
export async function sesionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['sesiones'];
  const guard = { onRequest: [app.authenticate], preValidation: [app.requireProfile(PERFIL.ADMINISTRADOR)] };

  r.get(
    '/api/v1/sesiones',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Sesiones',
        querystring: sesionesQuerySchema,
        response: responses({ 200: sesionesPageSchema }),
      },
    },
    async (req) => {
      const { desde, hasta, ...query } = req.query;
      const p = new Params();
      const where = [usuariosVisibles(req, p, 's.id_usuario')];
      rango('s.fecha_inicio', { desde, hasta }, p, where);
      return pagedList(
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
    },
  );

  r.get(
    '/api/v1/sesiones/errores',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Ingresos fallidos y errores de sesión',
        querystring: sesionesQuerySchema,
        response: responses({ 200: sesionesErroresPageSchema }),
      },
    },
    async (req) => {
      const { desde, hasta, ...query } = req.query;
      const p = new Params();
      // Failures of the administrator's users: by id, or by the name typed when the password was wrong.
      const visibles = `SELECT u.id_usuario FROM usuario u WHERE ${usuarioScope(req.user, 'u', p)}`;
      const where = [
        `(e.id_usuario IN (${visibles}) OR lower(e.usuario) IN (SELECT lower(u2.nombre) FROM usuario u2 WHERE u2.id_usuario IN (${visibles})))`,
      ];
      rango('e.fecha', { desde, hasta }, p, where);
      return pagedList(
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
    },
  );

  r.get(
    '/api/v1/sesiones/accesos',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Accesos a rutas por sesión',
        querystring: sesionesQuerySchema,
        response: responses({ 200: accesosSesionPageSchema }),
      },
    },
    async (req) => {
      const { desde, hasta, ...query } = req.query;
      const p = new Params();
      const where = [usuariosVisibles(req, p, 'a.id_usuario')];
      rango('a.fecha', { desde, hasta }, p, where);
      return pagedList(
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
    },
  );

  r.get(
    '/api/v1/sesiones/por-mes',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Sesiones por mes de un año',
        querystring: sesionesMesQuerySchema,
        response: responses({ 200: sesionesPorMesSchema }),
      },
    },
    async (req) => {
      const anio = req.query.anio ?? Number(todayIso().slice(0, 4));
      const p = new Params();
      const scope = usuariosVisibles(req, p, 's.id_usuario');
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
    },
  );

  r.get(
    '/api/v1/sesiones/por-dia',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Sesiones por día de un mes',
        querystring: sesionesDiaQuerySchema,
        response: responses({ 200: sesionesPorDiaSchema }),
      },
    },
    async (req) => {
      const mes = req.query.mes ?? todayIso().slice(0, 7);
      const [y, m] = mes.split('-').map(Number);
      const dias = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const p = new Params();
      const scope = usuariosVisibles(req, p, 's.id_usuario');
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
    },
  );

  r.get(
    '/api/v1/sandbox-log',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Llamadas de la API de integración en modo sandbox',
        querystring: sesionesQuerySchema,
        response: responses({ 200: sandboxLogPageSchema }),
      },
    },
    async (req) => {
      const { desde, hasta, ...query } = req.query;
      const p = new Params();
      const where = [usuariosVisibles(req, p, 'l.id_usuario')];
      rango('l.fecha', { desde, hasta }, p, where);
      return pagedList(
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
    },
  );
}
