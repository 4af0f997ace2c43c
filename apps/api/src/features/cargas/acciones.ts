import {
  binaryResponse,
  deleteCargasByIdResponse,
  filasQuerySchema,
  getCargasByIdEliminacionResponse,
  getTramitesByIdFilasResponse,
  idParams,
  PERFIL,
  postCargasByIdOrganizarResponse,
  responses,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storageFor } from '../../lib/storage/index.ts';
import { type FormatoExport, formatoExportSchema, respuestaExport } from '../../lib/tabla-export.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { archivoDatos, listarFilas } from './downloads.ts';
import type { CargaRoutesOpts } from './routes.ts';
import { eliminarCarga, organizar, resumenEliminacion } from './service.ts';

const tags = ['cargas'];

/** What is done to a load: delete it (after naming what is lost), organise it; the procedure's rows. */
export async function accionesRoutes(app: FastifyInstance, _opts: CargaRoutesOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.delete(
    '/api/v1/cargas/:id',
    {
      schema: {
        response: responses({ 200: deleteCargasByIdResponse }),
        tags,
        summary: 'Eliminar una carga (con errores en cualquier momento; válida, antes de enviar el trámite)',
        description:
          'Una carga válida se elimina con sus atenciones médicas, sus líneas y sus archivos de sustento; el trámite ' +
          'vuelve al paso que corresponda a lo que quede (REGISTRADO, CARGADO o ESTRUCTURADO). 409 si el trámite ya fue enviado.',
        params: idParams,
      },
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
    },
    async (req) =>
      eliminarCarga(db, req.user, req.params.id, { storage: storageFor(app.config), log: req.log }),
  );

  r.get(
    '/api/v1/cargas/:id/eliminacion',
    {
      schema: {
        response: responses({ 200: getCargasByIdEliminacionResponse }),
        tags,
        summary: 'Qué se perdería al eliminar una carga (para la confirmación) y si puede eliminarse',
        params: idParams,
      },
      onRequest: [app.authenticate],
    },
    async (req) => resumenEliminacion(db, req.user, req.params.id),
  );

  r.post(
    '/api/v1/cargas/:id/organizar',
    {
      schema: {
        response: responses({ 200: postCargasByIdOrganizarResponse }),
        tags,
        summary: 'Organizar las atenciones médicas de una carga',
        params: idParams,
      },
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
    },
    async (req) => organizar(db, req.user, req.params.id, req.log),
  );

  for (const formato of ['json', 'csv'] as const) {
    for (const soloErrores of [false, true]) {
      r.get(
        `/api/v1/tramites/:id/archivos-datos/${formato}${soloErrores ? '/errores' : ''}`,
        {
          schema: {
            tags,
            summary:
              `Datos del trámite en ${formato.toUpperCase()}${soloErrores ? ' (filas con errores)' : ''}` +
              (formato === 'csv' ? '; con formato=xlsx, en Excel' : ''),
            response: responses({
              200: formato === 'json' ? binaryResponse('application/json') : respuestaExport(),
            }),
            params: idParams,
            querystring: formato === 'csv' ? z.object({ formato: formatoExportSchema }) : z.object({}),
          },
          onRequest: [app.authenticate],
        },
        async (req, reply) => {
          const t = await getTramiteForUser(db, req.user, req.params.id, { completo: true });
          const pedido =
            formato === 'csv' ? ((req.query as { formato?: FormatoExport }).formato ?? 'csv') : formato;
          const f = await archivoDatos(db, t.idTramite, pedido, soloErrores);
          reply.header('content-type', f.contentType);
          reply.header('content-disposition', `attachment; filename="${f.nombre}"`);
          return reply.send(f.stream);
        },
      );
    }
  }

  r.get(
    '/api/v1/tramites/:id/filas',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdFilasResponse }),
        tags,
        summary: 'Filas de datos del trámite (todas o con novedades)',
        params: idParams,
        querystring: filasQuerySchema,
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      return listarFilas(db, t.idTramite, req.query);
    },
  );
}
