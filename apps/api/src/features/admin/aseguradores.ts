import {
  aseguradorSchema,
  getAseguradoresByIdResponse,
  getAseguradoresByIdTarifaDetalleResponse,
  getAseguradoresResponse,
  getPrestadoresByIdResponse,
  getPrestadoresResponse,
  idParams,
  idSchema,
  MSG,
  MSG_ADMIN,
  mensajeSchema,
  pageQuery,
  postAseguradoresResponse201,
  postPrestadoresResponse201,
  prestadorSchema,
  putAseguradoresByIdResponse,
  putPrestadoresByIdResponse,
  responses,
  rucCheck,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { empresaScope, isUniqueViolation, one, Params, pagedList, STAMP_COLUMNS } from './sql.ts';

const ASEG_SELECT = `a.id_asegurador AS "idAsegurador", a.nombre, a.tipo, a.id_empresa AS "idEmpresa", em.nombre_corto AS "empresaNombre",
  (SELECT count(*)::int FROM tarifario t WHERE t.id_asegurador = a.id_asegurador) AS "tarifariosCreados",
  (SELECT count(*)::int FROM tarifa_aseg ta WHERE ta.id_asegurador = a.id_asegurador) AS "tarifariosUsados",
  ${STAMP_COLUMNS('a')}`;
const ASEG_FROM = 'asegurador a LEFT JOIN empresa em ON em.id_empresa = a.id_empresa';

const PRES_SELECT = `p.id_prestador AS "idPrestador", p.id_empresa AS "idEmpresa", em.nombre_corto AS "empresaNombre",
  p.razon_social AS "razonSocial", p.nombre_comercial AS "nombreComercial", p.ruc, ${STAMP_COLUMNS('p')}`;
const PRES_FROM = 'prestador p JOIN empresa em ON em.id_empresa = p.id_empresa';

async function getAsegurador(db: Queryable, req: FastifyRequest, id: number) {
  const p = new Params();
  const scope = empresaScope(req.user, 'a.id_empresa', p);
  return one<Record<string, unknown>>(
    db,
    `SELECT ${ASEG_SELECT} FROM ${ASEG_FROM} WHERE a.id_asegurador = ${p.add(id)} AND ${scope}`,
    p.values,
  );
}

async function getPrestador(db: Queryable, req: FastifyRequest, id: number) {
  const p = new Params();
  const scope = empresaScope(req.user, 'p.id_empresa', p);
  return one<Record<string, unknown>>(
    db,
    `SELECT ${PRES_SELECT} FROM ${PRES_FROM} WHERE p.id_prestador = ${p.add(id)} AND ${scope}`,
    p.values,
  );
}

/** Insurers and providers of the administrator's companies (docs/spec-summary.md 002 "Insurer and provider detail"). */
export async function aseguradorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['administración'];
  const admin = { onRequest: [app.authenticate], preValidation: [app.requireFlag('moduloAdministracion')] };

  r.get(
    '/api/v1/aseguradores',
    {
      ...admin,
      schema: {
        response: responses({ 200: getAseguradoresResponse }),
        tags,
        summary: 'Aseguradores',
        querystring: z.object(pageQuery),
      },
    },
    async (req) => {
      const p = new Params();
      return pagedList(
        db,
        {
          select: ASEG_SELECT,
          from: ASEG_FROM,
          where: [empresaScope(req.user, 'a.id_empresa', p)],
          params: p,
          search: ['a.nombre', 'a.tipo'],
          sorts: { nombre: 'a.nombre', tipo: 'a.tipo', fechaReg: 'a.fecha_reg' },
          defaultSort: 'nombre',
          tiebreak: 'a.id_asegurador',
        },
        req.query,
      );
    },
  );
  r.get(
    '/api/v1/aseguradores/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: getAseguradoresByIdResponse }),
        tags,
        summary: 'Un asegurador',
        params: idParams,
      },
    },
    async (req) => getAsegurador(db, req, req.params.id),
  );
  r.post(
    '/api/v1/aseguradores',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 201: postAseguradoresResponse201 }),
        tags,
        summary: 'Crear asegurador',
        body: aseguradorSchema,
      },
    },
    async (req, reply) => {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO asegurador (nombre, tipo, id_empresa, id_usuario_reg) VALUES ($1, $2, $3, $4) RETURNING id_asegurador AS id`,
        [req.body.nombre, req.body.tipo, req.user.idEmpresa, req.user.idUsuario],
      );
      reply.code(201);
      return { mensaje: MSG_ADMIN.creado('Asegurador'), item: await getAsegurador(db, req, row.id) };
    },
  );
  r.put(
    '/api/v1/aseguradores/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: putAseguradoresByIdResponse }),
        tags,
        summary: 'Actualizar asegurador',
        params: idParams,
        body: aseguradorSchema,
      },
    },
    async (req) => {
      await getAsegurador(db, req, req.params.id);
      await db.query(
        'UPDATE asegurador SET nombre = $1, tipo = $2, fecha_act = now(), id_usuario_act = $3 WHERE id_asegurador = $4',
        [req.body.nombre, req.body.tipo, req.user.idUsuario, req.params.id],
      );
      return { mensaje: MSG.registroActualizado, item: await getAsegurador(db, req, req.params.id) };
    },
  );
  r.delete(
    '/api/v1/aseguradores/:id',
    {
      ...admin,
      schema: {
        response: responses({ 200: mensajeSchema }),
        tags,
        summary: 'Eliminar asegurador',
        params: idParams,
      },
    },
    async (req) => {
      await getAsegurador(db, req, req.params.id);
      await db.query('DELETE FROM asegurador WHERE id_asegurador = $1', [req.params.id]);
      return { mensaje: MSG.registroEliminado };
    },
  );

  // Tariff detail: the coded elements of the classes of the insurer's tariff sheets, with their reference value.
  r.get(
    '/api/v1/aseguradores/:id/tarifa-detalle',
    {
      ...admin,
      schema: {
        response: responses({ 200: getAseguradoresByIdTarifaDetalleResponse }),
        tags,
        summary: 'Detalle de tarifas del asegurador (o de uno de sus tarifarios)',
        params: idParams,
        querystring: z.object({ ...pageQuery, idTarifario: idSchema.optional() }),
      },
    },
    async (req) => {
      await getAsegurador(db, req, req.params.id);
      const { idTarifario, ...query } = req.query;
      const p = new Params();
      const where = [`t.id_asegurador = ${p.add(req.params.id)}`];
      if (idTarifario) where.push(`t.id_tarifario = ${p.add(idTarifario)}`);
      return pagedList(
        db,
        {
          select: `t.id_tarifario AS "idTarifario", t.descripcion AS "tarifarioDescripcion", el.id_elemento AS "idElemento",
            el.codigo, el.nombre, el.valor, ce.nombre AS "clasElemNombre"`,
          from: `tarifario t JOIN elemento el ON el.id_clas_elem = t.id_clas_elem JOIN clas_elem ce ON ce.id_clas_elem = t.id_clas_elem`,
          where,
          params: p,
          search: ['el.codigo', 'el.nombre', 't.descripcion'],
          sorts: {
            codigo: 'el.codigo',
            nombre: 'el.nombre',
            valor: 'el.valor',
            tarifarioDescripcion: 't.descripcion',
          },
          defaultSort: 'codigo',
          tiebreak: 't.id_tarifario, el.id_elemento',
        },
        query,
      );
    },
  );

  // Providers.
  async function savePrestador(
    req: FastifyRequest,
    b: z.output<typeof prestadorSchema>,
    id: number | null,
  ): Promise<number> {
    const idEmpresa = b.idEmpresa ?? (id === null ? req.user.idEmpresa : null);
    if (idEmpresa !== null) {
      const p = new Params();
      const ide = p.add(idEmpresa);
      const ok = await db.query(
        `SELECT 1 FROM empresa e WHERE e.id_empresa = ${ide} AND ${empresaScope(req.user, 'e.id_empresa', p)}`,
        p.values,
      );
      if (!ok[0])
        throw badRequest('Seleccione una empresa que usted administre.', {
          idEmpresa: 'Seleccione una empresa que usted administre.',
        });
    }
    try {
      if (id === null) {
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO prestador (id_empresa, razon_social, nombre_comercial, ruc, id_usuario_reg) VALUES ($1, $2, $3, $4, $5)
           RETURNING id_prestador AS id`,
          [idEmpresa, b.razonSocial, b.nombreComercial, b.ruc, req.user.idUsuario],
        );
        return row.id;
      }
      await db.query(
        `UPDATE prestador SET id_empresa = coalesce($1, id_empresa), razon_social = $2, nombre_comercial = $3, ruc = $4,
           fecha_act = now(), id_usuario_act = $5 WHERE id_prestador = $6`,
        [idEmpresa, b.razonSocial, b.nombreComercial, b.ruc, req.user.idUsuario, id],
      );
      return id;
    } catch (e) {
      if (isUniqueViolation(e)) {
        const m = MSG_ADMIN.rucPrestadorDuplicado(b.ruc);
        throw new AppError(409, 'DUPLICADO', m, { ruc: m });
      }
      throw e;
    }
  }

  r.get(
    '/api/v1/prestadores',
    {
      ...admin,
      schema: {
        response: responses({ 200: getPrestadoresResponse }),
        tags,
        summary: 'Prestadores',
        querystring: z.object({ ...pageQuery, idEmpresa: idSchema.optional() }),
      },
    },
    async (req) => {
      const { idEmpresa, ...query } = req.query;
      const p = new Params();
      const where = [empresaScope(req.user, 'p.id_empresa', p)];
      if (idEmpresa) where.push(`p.id_empresa = ${p.add(idEmpresa)}`);
      return pagedList(
        db,
        {
          select: PRES_SELECT,
          from: PRES_FROM,
          where,
          params: p,
          search: ['p.razon_social', 'p.nombre_comercial', 'p.ruc'],
          sorts: {
            razonSocial: 'p.razon_social',
            nombreComercial: 'p.nombre_comercial',
            ruc: 'p.ruc',
            empresaNombre: 'em.nombre_corto',
            fechaReg: 'p.fecha_reg',
          },
          defaultSort: 'nombreComercial',
          tiebreak: 'p.id_prestador',
        },
        query,
      );
    },
  );
  r.get(
    '/api/v1/prestadores/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: getPrestadoresByIdResponse }),
        tags,
        summary: 'Un prestador',
        params: idParams,
      },
    },
    async (req) => getPrestador(db, req, req.params.id),
  );
  r.post(
    '/api/v1/prestadores',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 201: postPrestadoresResponse201 }),
        tags,
        summary: 'Crear prestador',
        body: prestadorSchema,
      },
    },
    async (req, reply) => {
      const id = await savePrestador(req, req.body, null);
      reply.code(201);
      return {
        mensaje: MSG_ADMIN.creado('Prestador'),
        aviso: rucCheck(req.body.ruc).warning ?? null,
        item: await getPrestador(db, req, id),
      };
    },
  );
  r.put(
    '/api/v1/prestadores/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: putPrestadoresByIdResponse }),
        tags,
        summary: 'Actualizar prestador',
        params: idParams,
        body: prestadorSchema,
      },
    },
    async (req) => {
      await getPrestador(db, req, req.params.id);
      await savePrestador(req, req.body, req.params.id);
      return {
        mensaje: MSG.registroActualizado,
        aviso: rucCheck(req.body.ruc).warning ?? null,
        item: await getPrestador(db, req, req.params.id),
      };
    },
  );
  r.delete(
    '/api/v1/prestadores/:id',
    {
      ...admin,
      schema: {
        response: responses({ 200: mensajeSchema }),
        tags,
        summary: 'Eliminar prestador',
        params: idParams,
      },
    },
    async (req) => {
      await getPrestador(db, req, req.params.id);
      await db.query('DELETE FROM prestador WHERE id_prestador = $1', [req.params.id]);
      return { mensaje: MSG.registroEliminado };
    },
  );
}
