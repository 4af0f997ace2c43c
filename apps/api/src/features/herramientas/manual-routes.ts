import { binaryResponse, ID_TRAMITE_EJEMPLO, idCon, type ManualDatos, responses } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderManualPdf } from './manual-pdf.ts';

const ejemploQuerySchema = z.object({
  idTramite: idCon('El ID del trámite debe ser un número entero positivo.').default(ID_TRAMITE_EJEMPLO),
});

/** One example file of a technical manual, for the trámite the reader asks for. */
export type EjemploManual = {
  /** The file's extension, the last part of the route (`/api/v1/<ruta>/ejemplo.<formato>`). */
  formato: string;
  summary: string;
  /** The MIME type the OpenAPI document announces. */
  mime: string;
  archivo: (
    idTramite: number,
  ) =>
    | { contentType: string; nombre: string; cuerpo: unknown }
    | Promise<{ contentType: string; nombre: string; cuerpo: unknown }>;
};

/**
 * The public routes of a technical manual (page /<ruta>): its PDF (`/api/v1/<ruta>.pdf`, rendered
 * once, since the default manual never changes while the server runs) and its example files.
 */
export function registrarManualTecnico(
  app: FastifyInstance,
  opts: {
    ruta: string;
    summary: string;
    /** The PDF's file name. */
    nombrePdf: string;
    manual: () => ManualDatos;
    ejemplos: readonly EjemploManual[];
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  let manualPdf: Promise<Buffer> | undefined;
  r.get(
    `/api/v1/${opts.ruta}.pdf`,
    {
      schema: {
        tags: ['ayuda'],
        summary: opts.summary,
        response: responses({ 200: binaryResponse('application/pdf') }),
      },
    },
    async (_req, reply) => {
      manualPdf ??= renderManualPdf(opts.manual()).catch((e) => {
        manualPdf = undefined;
        throw e;
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${opts.nombrePdf}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(await manualPdf);
    },
  );

  for (const ejemplo of opts.ejemplos) {
    r.get(
      `/api/v1/${opts.ruta}/ejemplo.${ejemplo.formato}`,
      {
        schema: {
          tags: ['ayuda'],
          summary: ejemplo.summary,
          querystring: ejemploQuerySchema,
          response: responses({ 200: binaryResponse(ejemplo.mime) }),
        },
      },
      async (req, reply) => {
        const f = await ejemplo.archivo(req.query.idTramite);
        return reply
          .header('content-type', f.contentType)
          .header('content-disposition', `attachment; filename="${f.nombre}"`)
          .send(f.cuerpo);
      },
    );
  }
}
