import {
  binaryResponse,
  idParams,
  postTramitesByIdZipEnlaceResponse,
  responses,
  zipQuerySchema,
} from '@app/domain';
import { reporteEnCursoSchema } from '@app/domain/reportes/pdf';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getTramiteForUser } from '../tramites/access.ts';
import { getArchivoForUser, sendArchivo, sendZip } from './acceso.ts';
import type { ArchivoRoutesOpts } from './routes.ts';
import { openTicket, signTicket, type Ticket } from './tickets.ts';
import { prepararZip } from './zip-trabajo.ts';

const tags = ['archivos'];

/**
 * The ZIPs of a procedure or a load (decision 80): built by a background job and stored; until then
 * 202 with the job's progress and `Retry-After` (as the PDF reports, decision 78). The link route
 * answers once the ZIP is stored, so the browser's download through the link streams the stored copy.
 */
export async function descargasRoutes(app: FastifyInstance, { storage, key, zips }: ArchivoRoutesOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/tramites/:id/zip',
    {
      schema: {
        tags,
        summary:
          'ZIP de los archivos de una carga (carpetas por atención, por día o por día y especialidad) o del trámite',
        description:
          'Generado en segundo plano: mientras no está listo responde 202 con el avance y Retry-After; ' +
          'se conserva 24 horas para las siguientes descargas de los mismos archivos.',
        params: idParams,
        querystring: zipQuerySchema,
        response: responses({ 200: binaryResponse('application/zip'), 202: reporteEnCursoSchema }),
      },
      ...auth,
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const z = await prepararZip(db, req.user, t, req.query);
      return sendZip(storage, reply, z, await zips.servir(z));
    },
  );

  r.post(
    '/api/v1/tramites/:id/zip/enlace',
    {
      schema: {
        response: responses({ 200: postTramitesByIdZipEnlaceResponse, 202: reporteEnCursoSchema }),
        tags,
        summary: 'Enlace corto (5 minutos) para descargar un ZIP desde el navegador',
        description:
          'Mientras el ZIP se genera en segundo plano responde 202 con el avance y Retry-After; el enlace ' +
          'se entrega cuando el ZIP está listo.',
        params: idParams,
        body: zipQuerySchema,
      },
      ...auth,
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const z = await prepararZip(db, req.user, t, req.body);
      const s = await zips.servir(z, false);
      if ('enCurso' in s)
        return reply.code(202).header('retry-after', '1').header('cache-control', 'no-store').send(s.enCurso);
      const tk = signTicket(key, req.user, req.idSesion, {
        k: 'z',
        id: t.idTramite,
        g: req.body.agrupar,
        c: req.body.idCarga ?? null,
      });
      return {
        url: `/api/v1/descargas?t=${tk.token}`,
        expiraEn: tk.expiraEn,
        nombre: z.nombre,
        archivos: z.entradas.length,
      };
    },
  );

  r.get(
    '/api/v1/descargas',
    {
      schema: {
        tags,
        summary: 'Descarga mediante un enlace corto firmado (sin cabecera de sesión)',
        response: responses({
          200: binaryResponse(
            'application/pdf',
            'image/jpeg',
            'image/png',
            'application/zip',
            'application/octet-stream',
          ),
          202: reporteEnCursoSchema,
        }),
        querystring: z.object({ t: z.string().max(2000).default('') }),
      },
    },
    async (req, reply) => {
      const { user, ticket } = await openTicket(key, db, req.query.t);
      const tk = ticket as Ticket;
      if (tk.k === 'a') {
        const { archivo } = await getArchivoForUser(db, user, tk.id);
        const signed = storage.signedUrl(archivo.ruta, {
          expiresSec: 60,
          fileName: archivo.nombre,
          contentType: archivo.tipo,
          inline: !tk.d,
        });
        if (signed) return reply.redirect(signed, 302);
        return sendArchivo(storage, reply, archivo, tk.d);
      }
      const t = await getTramiteForUser(db, user, tk.id);
      const zp = await prepararZip(db, user, t, { agrupar: tk.g, idCarga: tk.c });
      return sendZip(storage, reply, zp, await zips.servir(zp));
    },
  );
}
