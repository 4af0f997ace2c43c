import {
  binaryResponse,
  deleteCargasByIdResponse,
  filasQuerySchema,
  getCargasByIdEliminacionResponse,
  getTramitesByIdFilasResponse,
  idParams,
  MSG_CARGA,
  MSG_TRAMITE,
  PERFIL,
  postCargasByIdOrganizarResponse,
  postCargasByIdOrganizarResponse202,
  responses,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { storageFor } from '../../lib/storage/index.ts';
import { type FormatoExport, formatoExportSchema, respuestaExport } from '../../lib/tabla-export.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { archivoDatos, listarFilas } from './downloads.ts';
import { encolarOrganizacion, esperarOrganizacion } from './organizar-job.ts';
import { conteoOrganizada, solicitarOrganizacion } from './organize.ts';
import type { CargaRoutesOpts } from './routes.ts';
import { eliminarCarga, resumenEliminacion } from './service.ts';

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
        response: responses({
          200: postCargasByIdOrganizarResponse,
          202: postCargasByIdOrganizarResponse202,
        }),
        tags,
        summary: 'Organizar las atenciones médicas de una carga (en segundo plano)',
        description:
          'Responde 202 con `Retry-After` y organiza la carga en segundo plano, una vez aunque se pida de nuevo: su avance y ' +
          'su resultado están en la carga (`organizacion`, `organizacionObs`: GET /api/v1/cargas/{id}). Con `?esperar=true` ' +
          'responde 200 con las cantidades al terminar (500 ORGANIZACION_FALLIDA si agotó sus intentos).',
        params: idParams,
        querystring: z.object({ esperar: z.enum(['true', 'false']).optional() }),
      },
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
    },
    async (req, reply) => {
      const id = req.params.id;
      const r = await solicitarOrganizacion(db, req.user, id, (tx, idCarga, idUsuario) =>
        encolarOrganizacion(app.jobs, tx, idCarga, idUsuario),
      );
      if (req.query.esperar !== 'true') return reply.code(202).header('retry-after', '1').send(r);
      const fin = await esperarOrganizacion(db, id);
      if (fin?.organizacion !== 'ORGANIZADA') {
        if (fin?.organizacion === 'FALLIDA')
          throw new AppError(500, 'ORGANIZACION_FALLIDA', fin.obs ?? MSG_CARGA.organizacionInterrumpida);
        return reply.code(202).header('retry-after', '1').send(r);
      }
      return { mensaje: MSG_TRAMITE.organizadas, ...(await conteoOrganizada(db, id)) };
    },
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
