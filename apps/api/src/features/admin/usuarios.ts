import {
  type Flags,
  getUsuariosByIdResponse,
  getUsuariosResponse,
  idParams,
  idSchema,
  MSG,
  MSG_ADMIN,
  mensajeSchema,
  pageQuery,
  pickFlags,
  postUsuariosResponse201,
  putUsuariosByIdResponse,
  responses,
  USER_FLAGS,
  type UsuarioView,
  uncheckedResponses,
  usuarioCreateSchema,
  usuarioUpdateSchema,
} from '@app/domain';
import argon2 from 'argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { col } from '../../lib/sql.ts';
import { assertConcesion, assertUsuarioGestionable } from './concesion.ts';
import {
  empresaScope,
  isUniqueViolation,
  one,
  Params,
  pagedList,
  STAMP_COLUMNS,
  usuarioScope,
} from './sql.ts';

const flagSelect = (a: string) => USER_FLAGS.map((f) => `${a}.${col(f)} AS "${f}"`).join(', ');

/** A user as the API shows it: the password hash and the 2FA secret are never selected. */
export const USUARIO_SELECT = `u.id_usuario AS "idUsuario", u.id_empresa AS "idEmpresa", e.nombre_corto AS "empresaNombre",
  u.id_perfil AS "idPerfil", pf.nombre AS "perfilNombre", u.id_suscripcion AS "idSuscripcion", u.id_persona AS "idPersona",
  pe.documento AS "personaDocumento",
  NULLIF(concat_ws(' ', pe.primer_nombre, pe.segundo_nombre, pe.primer_apellido, pe.segundo_apellido), '') AS "personaNombre",
  u.nombre, u.activo, ${flagSelect('u')}, ${STAMP_COLUMNS('u')}`;

export const USUARIO_FROM = `usuario u JOIN empresa e ON e.id_empresa = u.id_empresa JOIN perfil pf ON pf.id_perfil = u.id_perfil
  LEFT JOIN persona pe ON pe.id_persona = u.id_persona`;

const usuarioListQuery = z.object({
  ...pageQuery,
  idPerfil: idSchema.optional(),
  idPersona: idSchema.optional(),
  idSuscripcion: idSchema.optional(),
  idEmpresa: idSchema.optional(),
});

export async function getUsuario(db: Queryable, req: FastifyRequest, id: number): Promise<UsuarioView> {
  const p = new Params();
  const scope = usuarioScope(req.user, 'u', p);
  return one<UsuarioView>(
    db,
    `SELECT ${USUARIO_SELECT} FROM ${USUARIO_FROM} WHERE u.id_usuario = ${p.add(id)} AND ${scope}`,
    p.values,
  );
}

type UsuarioBody = z.output<typeof usuarioUpdateSchema>;

/**
 * The profile, subscription and person of a user must exist and be the administrator's own
 * (a subscription of its companies or its own, a person of its companies): 400 under the field.
 */
async function checkUsuarioRefs(db: Queryable, req: FastifyRequest, body: UsuarioBody): Promise<Flags> {
  const fields: Record<string, string> = {};
  const perfil = await db.query<Flags>(`SELECT ${flagSelect('p')} FROM perfil p WHERE p.id_perfil = $1`, [
    body.idPerfil,
  ]);
  if (!perfil[0]) fields.idPerfil = MSG_ADMIN.perfilNoExiste;
  const ps = new Params();
  const id = ps.add(body.idSuscripcion);
  const own =
    req.user.idSuscripcion !== null ? ` OR s.id_suscripcion = ${ps.add(req.user.idSuscripcion)}` : '';
  const susc = await db.query(
    `SELECT 1 FROM suscripcion s WHERE s.id_suscripcion = ${id} AND (${empresaScope(req.user, 's.id_empresa', ps)}${own})`,
    ps.values,
  );
  if (!susc[0]) fields.idSuscripcion = MSG_ADMIN.suscripcionNoPermitida;
  if (body.idPersona) {
    const pp = new Params();
    const idp = pp.add(body.idPersona);
    const per = await db.query(
      `SELECT 1 FROM persona pe WHERE pe.id_persona = ${idp} AND ${empresaScope(req.user, 'pe.id_empresa', pp)}`,
      pp.values,
    );
    if (!per[0]) fields.idPersona = MSG_ADMIN.personaNoPermitida;
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  return perfil[0];
}

const duplicate = (nombre: string) =>
  new AppError(409, 'DUPLICADO', MSG.correoRegistrado(nombre), { nombre: MSG.correoRegistrado(nombre) });

/** Users of the administrator's companies (profile 1: of its subscription) — docs/spec-summary.md 002 "User administration". */
export async function usuarioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['administración'];
  const guard = { onRequest: [app.authenticate], preValidation: [app.requireFlag('moduloAdministracion')] };

  r.get(
    '/api/v1/usuarios',
    {
      ...guard,
      schema: {
        response: uncheckedResponses({ 200: getUsuariosResponse }),
        tags,
        summary: 'Usuarios',
        querystring: usuarioListQuery,
      },
    },
    async (req) => {
      const { idPerfil, idPersona, idSuscripcion, idEmpresa, ...query } = req.query;
      const p = new Params();
      const where = [usuarioScope(req.user, 'u', p)];
      if (idPerfil) where.push(`u.id_perfil = ${p.add(idPerfil)}`);
      if (idPersona) where.push(`u.id_persona = ${p.add(idPersona)}`);
      if (idSuscripcion) where.push(`u.id_suscripcion = ${p.add(idSuscripcion)}`);
      if (idEmpresa) where.push(`u.id_empresa = ${p.add(idEmpresa)}`);
      return pagedList<UsuarioView>(
        db,
        {
          select: USUARIO_SELECT,
          from: USUARIO_FROM,
          where,
          params: p,
          search: [
            'u.nombre',
            'pf.nombre',
            'pe.documento',
            "concat_ws(' ', pe.primer_nombre, pe.segundo_nombre, pe.primer_apellido, pe.segundo_apellido)",
            'e.nombre_corto',
          ],
          sorts: {
            nombre: 'u.nombre',
            perfilNombre: 'pf.nombre',
            personaNombre: 'pe.primer_apellido',
            personaDocumento: 'pe.documento',
            empresaNombre: 'e.nombre_corto',
            fechaReg: 'u.fecha_reg',
            fechaAct: 'u.fecha_act',
          },
          defaultSort: '-fechaReg',
          tiebreak: 'u.id_usuario',
        },
        query,
      );
    },
  );

  r.get(
    '/api/v1/usuarios/:id',
    {
      ...guard,
      schema: {
        response: uncheckedResponses({ 200: getUsuariosByIdResponse }),
        tags,
        summary: 'Un usuario',
        params: idParams,
      },
    },
    async (req) => getUsuario(db, req, req.params.id),
  );

  r.post(
    '/api/v1/usuarios',
    {
      ...guard,
      schema: {
        response: uncheckedResponses({ 201: postUsuariosResponse201 }),
        tags,
        summary: 'Crear usuario',
        body: usuarioCreateSchema,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const perfil = await checkUsuarioRefs(db, req, body);
      // The profile's flags, then the ones the administrator toggled in the form.
      const flags: Flags = { ...perfil, ...pickFlags(body) };
      // The new user is of the administrator's company: a profile it may hold, not above the administrator's.
      await assertConcesion(db, req.user, {
        idEmpresa: req.user.idEmpresa,
        idPerfil: body.idPerfil,
        flags,
        permitidos: [perfil],
      });
      const hash = await argon2.hash(body.clave, { type: argon2.argon2id });
      const cols = [
        'id_empresa',
        'id_perfil',
        'id_suscripcion',
        'id_persona',
        'nombre',
        'clave',
        'id_usuario_reg',
        ...USER_FLAGS.map(col),
      ];
      const values = [
        req.user.idEmpresa,
        body.idPerfil,
        body.idSuscripcion,
        body.idPersona ?? null,
        body.nombre,
        hash,
        req.user.idUsuario,
        ...USER_FLAGS.map((f) => flags[f]),
      ];
      let id: number;
      try {
        const rows = await db.query<{ id: number }>(
          `INSERT INTO usuario (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id_usuario AS id`,
          values,
        );
        id = rows[0].id;
      } catch (e) {
        if (isUniqueViolation(e)) throw duplicate(body.nombre);
        throw e;
      }
      reply.code(201);
      return { mensaje: MSG_ADMIN.creado('Usuario'), item: await getUsuario(db, req, id) };
    },
  );

  r.put(
    '/api/v1/usuarios/:id',
    {
      ...guard,
      schema: {
        response: uncheckedResponses({ 200: putUsuariosByIdResponse }),
        tags,
        summary: 'Actualizar usuario',
        params: idParams,
        body: usuarioUpdateSchema,
      },
    },
    async (req) => {
      const current = await getUsuario(db, req, req.params.id);
      assertUsuarioGestionable(req.user, current.idPerfil);
      const body = req.body;
      const perfil = await checkUsuarioRefs(db, req, body);
      const actuales = Object.fromEntries(USER_FLAGS.map((f) => [f, current[f]])) as Flags;
      const flags: Flags = { ...actuales, ...pickFlags(body) };
      await assertConcesion(db, req.user, {
        idEmpresa: current.idEmpresa,
        idPerfil: body.idPerfil,
        flags,
        permitidos: [perfil, actuales],
      });
      const sets = ['id_perfil', 'id_suscripcion', 'id_persona', 'nombre', ...USER_FLAGS.map(col)];
      const values: unknown[] = [
        body.idPerfil,
        body.idSuscripcion,
        body.idPersona ?? null,
        body.nombre,
        ...USER_FLAGS.map((f) => flags[f]),
      ];
      if (body.clave) {
        sets.push('clave');
        values.push(await argon2.hash(body.clave, { type: argon2.argon2id }));
      }
      values.push(req.user.idUsuario, req.params.id);
      try {
        await db.query(
          `UPDATE usuario SET ${sets.map((s, i) => `${s} = $${i + 1}`).join(', ')}, fecha_act = now(), id_usuario_act = $${values.length - 1}
            WHERE id_usuario = $${values.length}`,
          values,
        );
      } catch (e) {
        if (isUniqueViolation(e)) throw duplicate(body.nombre);
        throw e;
      }
      return { mensaje: MSG.registroActualizado, item: await getUsuario(db, req, req.params.id) };
    },
  );

  r.delete(
    '/api/v1/usuarios/:id',
    {
      ...guard,
      schema: {
        response: responses({ 200: mensajeSchema }),
        tags,
        summary: 'Eliminar usuario',
        params: idParams,
      },
    },
    async (req) => {
      const u = await getUsuario(db, req, req.params.id);
      assertUsuarioGestionable(req.user, u.idPerfil);
      if (req.params.id === req.user.idUsuario) throw conflict('No puede eliminar su propio usuario.');
      await db.query('DELETE FROM usuario WHERE id_usuario = $1', [req.params.id]);
      return { mensaje: MSG.registroEliminado };
    },
  );
}
