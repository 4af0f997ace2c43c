import {
  getTramitesByIdCargaambByIdCargaAmbResponse,
  getTramitesByIdCargaambResponse,
  idParams,
  idSchema,
  MSG_CARGA_AMB,
  PERFIL,
  pageQuery,
  postTramitesByIdCargaambResponse201,
  responses,
  uncheckedResponses,
} from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { porFila, rechazoDeArchivo } from '../../lib/csv-entrada.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { codigosDiagnostico, diagnosticosDesconocidos, leerFormulario, parseCargaAmb } from './lectura.ts';
import {
  detalleCargaAmb,
  diagnosticosExistentes,
  esCargaDelTramite,
  listarCargaAmb,
  reemplazarCargaAmb,
} from './queries.ts';

/**
 * Ambulatory loads of a procedure (docs/spec-summary.md 002 "Ambulatory load list", decision 96): a
 * view-only list, filled by a supervisor's CSV. Procedure data only through getTramiteForUser: another
 * tenant's procedure answers 404.
 */
export async function cargaAmbRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['cargas ambulatorias'];

  r.get(
    '/api/v1/tramites/:id/cargaamb',
    {
      onRequest: [app.authenticate],
      schema: {
        response: responses({ 200: getTramitesByIdCargaambResponse }),
        tags,
        summary: 'Atenciones ambulatorias de un trámite (y carga)',
        params: idParams,
        querystring: z.object({ ...pageQuery, idCarga: idSchema.optional() }),
      },
    },
    async (req) => {
      // Every patient of the procedure: 18 and 20 only under tipoAsignacion T (issue 11 item 4).
      await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      const { idCarga, ...query } = req.query;
      return listarCargaAmb(db, req.params.id, idCarga, query);
    },
  );

  r.get(
    '/api/v1/tramites/:id/cargaamb/:idCargaAmb',
    {
      onRequest: [app.authenticate],
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdCargaambByIdCargaAmbResponse }),
        tags,
        summary: 'Una atención ambulatoria',
        params: z.object({ id: idSchema, idCargaAmb: idSchema }),
      },
    },
    async (req) => {
      await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      const row = await detalleCargaAmb(db, req.params.id, req.params.idCargaAmb);
      if (!row) throw notFound();
      return row;
    },
  );

  r.post(
    '/api/v1/tramites/:id/cargaamb',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD)],
      schema: {
        response: responses({ 201: postTramitesByIdCargaambResponse201 }),
        tags,
        summary: 'Cargar atenciones ambulatorias desde un .csv',
        description:
          'multipart/form-data: `archivo` (.csv separado por ; o ,, con encabezado) y `idCarga` (opcional). Todo o nada: con una ' +
          'fila con errores no se guarda ninguna y la respuesta 400 trae `error.detalles` por fila. Reemplaza las atenciones ' +
          'ambulatorias anteriores de la misma carga.',
        params: idParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const idTramite = req.params.id;
      await getTramiteForUser(db, req.user, idTramite);
      const { texto, idCarga } = await leerFormulario(req);
      if (idCarga !== null && !(await esCargaDelTramite(db, idCarga, idTramite)))
        throw badRequest(MSG_CARGA_AMB.cargaAjena, { idCarga: MSG_CARGA_AMB.cargaAjena });
      const { filas, errores } = parseCargaAmb(texto);
      // Diagnoses must exist in the CIE-10 catalogue: one query for the whole file.
      const existentes = await diagnosticosExistentes(db, codigosDiagnostico(filas));
      errores.push(...diagnosticosDesconocidos(filas, existentes));
      if (errores.length)
        return reply.code(400).send(rechazoDeArchivo(porFila(errores), MSG_CARGA_AMB.csvConErrores));
      await db.transaction((tx) =>
        reemplazarCargaAmb(
          tx,
          idTramite,
          idCarga,
          filas.map((f) => f.fila),
          req.user.idUsuario,
        ),
      );
      reply.code(201);
      return { mensaje: MSG_CARGA_AMB.csvCargado(filas.length), registros: filas.length };
    },
  );
}
