import {
  archivosListQuerySchema,
  binaryResponse,
  enlaceArchivoBodySchema,
  getArchivosPlaByIdResponse,
  getPlanillasByIdArchivosResponse,
  idParams,
  postArchivosPlaByIdEnlaceResponse,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPlanillaForUser } from '../planillas/access.ts';
import { getArchivoForUser, sendArchivo } from './acceso.ts';
import { archivosDePlanilla } from './queries.ts';
import type { ArchivoRoutesOpts } from './routes.ts';
import { signTicket } from './tickets.ts';

const tags = ['archivos'];

/** An attention's files: the list, one file's detail, its content, a short link to it. */
export async function lecturaRoutes(app: FastifyInstance, { storage, key }: ArchivoRoutesOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/:id/archivos',
    {
      schema: {
        response: responses({ 200: getPlanillasByIdArchivosResponse }),
        tags,
        summary: 'Archivos de una atención (más recientes primero; búsqueda por nombre)',
        params: idParams,
        querystring: archivosListQuerySchema,
      },
      ...auth,
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      return archivosDePlanilla(db, planilla.idPlanilla, req.query);
    },
  );

  r.get(
    '/api/v1/archivos-pla/:id',
    {
      schema: {
        response: responses({ 200: getArchivosPlaByIdResponse }),
        tags,
        summary: 'Detalle de un archivo de atención',
        params: idParams,
      },
      ...auth,
    },
    async (req) => {
      const { archivo, planilla, tramite } = await getArchivoForUser(db, req.user, req.params.id);
      return {
        ...archivo,
        numero: planilla.numero,
        estadoTramite: tramite.estadoTramite,
      };
    },
  );

  r.get(
    '/api/v1/archivos-pla/:id/contenido',
    {
      schema: {
        tags,
        summary: 'Contenido de un archivo (en línea para previsualizar, o como descarga con descarga=true)',
        response: responses({
          200: binaryResponse('application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream'),
        }),
        params: idParams,
        querystring: z.object({ descarga: z.enum(['true', 'false']).default('false') }),
      },
      ...auth,
    },
    async (req, reply) => {
      const { archivo } = await getArchivoForUser(db, req.user, req.params.id);
      return sendArchivo(storage, reply, archivo, req.query.descarga === 'true');
    },
  );

  r.post(
    '/api/v1/archivos-pla/:id/enlace',
    {
      schema: {
        response: responses({ 200: postArchivosPlaByIdEnlaceResponse }),
        tags,
        summary:
          'Enlace de un solo uso corto (5 minutos) para abrir o descargar un archivo desde el navegador',
        params: idParams,
        body: enlaceArchivoBodySchema,
      },
      ...auth,
    },
    async (req) => {
      const { archivo } = await getArchivoForUser(db, req.user, req.params.id);
      const t = signTicket(key, req.user, req.idSesion, {
        k: 'a',
        id: archivo.idArchivoPla,
        d: req.body.descarga,
      });
      return {
        url: `/api/v1/descargas?t=${t.token}`,
        expiraEn: t.expiraEn,
        nombre: archivo.nombre,
        tipo: archivo.tipo,
      };
    },
  );
}
