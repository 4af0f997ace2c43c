import {
  binaryResponse,
  ESTADO_VIGENTE,
  getEmpresasByIdSuscripcionVigenteResponse,
  IMAGEN_MAX_BYTES,
  idParams,
  idSchema,
  imagenNombreSchema,
  MSG_ADMIN,
  noContent,
  postEmpresasByIdImagenesResponse201,
  responses,
  sniffImagen,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { suscripcion } from '../../db/schema/index.ts';
import type { CrudResource } from '../../lib/crud.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { columnas, fila, lista, sql, una } from '../../lib/sql.ts';

const r_ = sql.raw;

const subParams = z.object({
  id: idSchema,
  idDetalle: idSchema,
});

const SUSCRIPCION_SELECT = lista([
  columnas(suscripcion, 's', { solo: ['idSuscripcion', 'idPlan'], extra: { planNombre: 'pl.nombre' } }),
  columnas(suscripcion, 's', { solo: ['idFormaPago'], extra: { formaPagoNombre: 'fp.nombre' } }),
  columnas(suscripcion, 's', { solo: ['idEmpresa'], extra: { empresaNombre: 'em.nombre_corto' } }),
  columnas(suscripcion, 's', { solo: ['idUsuario'], extra: { usuarioNombre: 'us.nombre' } }),
  columnas(suscripcion, 's', {
    solo: [
      'numero',
      'estado',
      'fechaDesde',
      'fechaHasta',
      'fechaReg',
      'fechaAct',
      'idUsuarioReg',
      'idUsuarioAct',
    ],
  }),
]);
const SUSCRIPCION_FROM =
  r_(`suscripcion s JOIN plan pl ON pl.id_plan = s.id_plan JOIN forma_pago fp ON fp.id_forma_pago = s.id_forma_pago
  JOIN empresa em ON em.id_empresa = s.id_empresa LEFT JOIN usuario us ON us.id_usuario = s.id_usuario`);

/** The current subscription (VIGENTE, the one that ends last) of a company, or null. */
export async function suscripcionVigente(db: Queryable, idEmpresa: number) {
  const s = await una<
    Record<string, unknown> & { idSuscripcion: number; fechaHasta: string; fechaDesde: string }
  >(
    db,
    sql`SELECT ${SUSCRIPCION_SELECT} FROM ${SUSCRIPCION_FROM} WHERE s.id_empresa = ${idEmpresa} AND s.estado = ${ESTADO_VIGENTE}
      ORDER BY s.fecha_hasta DESC, s.id_suscripcion DESC LIMIT 1`,
  );
  return s ?? null;
}

/** Reads the multipart upload of an image: the `imagen` file (≤ 2 MB, PNG/JPEG by content) and an optional `nombre`. */
async function readImagen(
  req: FastifyRequest,
): Promise<{ buffer: Buffer; nombre: string | null; archivo: string }> {
  let buffer: Buffer | null = null;
  let archivo = '';
  let nombre: string | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: IMAGEN_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'imagen' || buffer) {
          await part.toBuffer();
          continue;
        }
        archivo = part.filename;
        buffer = await part.toBuffer();
      } else if (part.fieldname === 'nombre' && typeof part.value === 'string') {
        nombre = part.value;
      }
    }
  } catch (e) {
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413)
      throw new AppError(413, 'ARCHIVO_MUY_GRANDE', MSG_ADMIN.imagenMuyGrande);
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest(MSG_ADMIN.imagenRequerida, { imagen: MSG_ADMIN.imagenRequerida });
    throw e;
  }
  if (!buffer || buffer.length === 0)
    throw badRequest(MSG_ADMIN.imagenRequerida, { imagen: MSG_ADMIN.imagenRequerida });
  return { buffer, nombre, archivo };
}

/**
 * What a company (a declared resource, `empresas`: its scope answers 404 for another's) has besides its
 * record (docs/spec-summary.md 002 "Company detail"): the upload and the bytes of its images (`imagenes`, a
 * declared resource, lists and deletes them), its logo, and its current subscription.
 */
export function empresaRoutes(app: FastifyInstance, empresas: CrudResource, imagenes: CrudResource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['administración'];
  const admin = { onRequest: [app.authenticate], preValidation: [app.requireFlag('moduloAdministracion')] };
  const signedIn = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/empresas/:id/suscripcion-vigente',
    {
      ...signedIn,
      schema: {
        response: uncheckedResponses({ 200: getEmpresasByIdSuscripcionVigenteResponse }),
        tags,
        summary: 'Suscripción VIGENTE de la empresa',
        params: idParams,
      },
    },
    async (req) => {
      await empresas.findOne(req, req.params.id);
      const s = await suscripcionVigente(db, req.params.id);
      if (!s) throw new AppError(404, 'SIN_SUSCRIPCION_VIGENTE', MSG_ADMIN.sinSuscripcionVigente);
      return s;
    },
  );

  // Images (logos): checked by content, kept in empresa_img; the latest one is the company's logo. Their list
  // and delete are the declaration's (`imagenes`).
  r.post(
    '/api/v1/empresas/:id/imagenes',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 201: postEmpresasByIdImagenesResponse201 }),
        tags,
        summary: 'Subir una imagen (PNG o JPEG, máximo 2 MB)',
        description:
          'multipart/form-data: `imagen` (archivo) y `nombre` (opcional). El tipo se reconoce por el contenido.',
        params: idParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      await empresas.findOne(req, req.params.id);
      if (!req.isMultipart())
        throw badRequest(MSG_ADMIN.imagenRequerida, { imagen: MSG_ADMIN.imagenRequerida });
      const { buffer, nombre, archivo } = await readImagen(req);
      const tipo = sniffImagen(buffer.subarray(0, 16));
      if (!tipo)
        throw new AppError(415, 'TIPO_NO_PERMITIDO', MSG_ADMIN.imagenTipoInvalido, {
          imagen: MSG_ADMIN.imagenTipoInvalido,
        });
      const parsed = imagenNombreSchema.safeParse(nombre ?? archivo);
      const nombreFinal = (parsed.success && parsed.data) || `logo.${tipo === 'image/png' ? 'png' : 'jpg'}`;
      const row = await fila<{ id: number }>(
        db,
        sql`INSERT INTO empresa_img (id_empresa, nombre, tipo, tamano, imagen, id_usuario_reg)
             VALUES (${req.params.id}, ${nombreFinal.slice(0, 200)}, ${tipo}, ${buffer.length}, ${buffer}, ${req.user.idUsuario})
             RETURNING id_empresa_img AS id`,
      );
      reply.code(201);
      return { mensaje: MSG_ADMIN.creado('Imagen'), item: await imagenes.findOne(req, row.id) };
    },
  );

  async function sendImagen(
    reply: import('fastify').FastifyReply,
    row: { tipo: string; imagen: Uint8Array } | undefined,
  ) {
    if (!row) throw notFound();
    return reply
      .header('content-type', row.tipo)
      .header('cache-control', 'private, max-age=60')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(row.imagen));
  }

  r.get(
    '/api/v1/empresas/:id/imagenes/:idDetalle',
    {
      ...admin,
      schema: {
        response: responses({ 200: binaryResponse('image/png', 'image/jpeg') }),
        tags,
        summary: 'Una imagen de la empresa',
        params: subParams,
      },
    },
    async (req, reply) => {
      await empresas.findOne(req, req.params.id);
      const row = await una<{ tipo: string; imagen: Uint8Array }>(
        db,
        sql`SELECT tipo, imagen FROM empresa_img WHERE id_empresa_img = ${req.params.idDetalle} AND id_empresa = ${req.params.id}`,
      );
      return sendImagen(reply, row);
    },
  );

  // The logo every signed-in user of the company sees in the top bar (and reports use).
  r.get(
    '/api/v1/empresas/:id/logo',
    {
      ...signedIn,
      schema: {
        response: responses({ 200: binaryResponse('image/png', 'image/jpeg'), 204: noContent }),
        tags,
        summary: 'Logo de la empresa (su última imagen)',
        params: idParams,
      },
    },
    async (req, reply) => {
      if (req.params.id !== req.user.idEmpresa) await empresas.findOne(req, req.params.id);
      const row = await una<{ tipo: string; imagen: Uint8Array }>(
        db,
        sql`SELECT tipo, imagen FROM empresa_img WHERE id_empresa = ${req.params.id}
             ORDER BY fecha_reg DESC, id_empresa_img DESC LIMIT 1`,
      );
      // No logo yet is not an error for the top bar: 204, nothing to show.
      if (!row) return reply.code(204).send();
      return sendImagen(reply, row);
    },
  );
}
