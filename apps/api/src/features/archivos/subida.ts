import {
  idParams,
  MAX_ARCHIVOS_CARGA,
  MAX_BYTES_DOCUMENTO,
  MSG_ARCHIVO,
  PERFIL,
  postCargasByIdArchivosResponse,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import type { ArchivoRoutesOpts } from './routes.ts';
import { limpiarSpool, precheckSubida, recibirArchivos, registrarArchivos } from './upload.ts';

const tags = ['archivos'];

/** A folder of documents for the attentions of a load (the provider). */
export async function subidaRoutes(app: FastifyInstance, { storage }: ArchivoRoutesOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.post(
    '/api/v1/cargas/:id/archivos',
    {
      schema: {
        response: responses({ 200: postCargasByIdArchivosResponse }),
        tags,
        summary: 'Cargar los archivos de las atenciones de una carga (una carpeta)',
        description:
          'multipart/form-data con `archivos` repetido (PDF, JPEG o PNG por contenido; hasta 20 MiB cada uno y ' +
          `${MAX_ARCHIVOS_CARGA} por carga). Cada archivo se asocia a la atención de la carga cuyo número inicia su nombre ` +
          '(123.pdf, 123_1.pdf, 123-informe.pdf). Un archivo no permitido rechaza la solicitud completa sin guardar nada. ' +
          'Responde archivosCargados, archivosDuplicados (mismo contenido ya cargado en la atención) y planillasNoEncontradas.',
        params: idParams,
        consumes: ['multipart/form-data'],
      },
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
    },
    async (req) => {
      await precheckSubida(db, req.user, req.params.id);
      if (!req.isMultipart()) throw new AppError(400, 'DATOS_INVALIDOS', MSG_ARCHIVO.carpetaNoSeleccionada);
      const recibidos: Parameters<typeof recibirArchivos>[2] = [];
      const t0 = performance.now();
      try {
        await recibirArchivos(
          req.parts({
            preservePath: true,
            // Bigger chunks: fewer hash updates, writes and event-loop turns per file.
            highWaterMark: 1024 * 1024,
            fileHwm: 1024 * 1024,
            limits: {
              fileSize: MAX_BYTES_DOCUMENTO,
              files: MAX_ARCHIVOS_CARGA,
              parts: MAX_ARCHIVOS_CARGA + 20,
              fields: 20,
              fieldSize: 1000,
            },
          }),
          storage.spoolDir,
          recibidos,
        );
        const t1 = performance.now();
        const out = await registrarArchivos({
          db,
          storage,
          user: req.user,
          idCarga: req.params.id,
          recibidos,
          log: req.log,
        });
        req.log.info(
          {
            idCarga: req.params.id,
            archivos: recibidos.length,
            bytes: recibidos.reduce((a, r) => a + r.size, 0),
            recibir: Math.round(t1 - t0),
            registrar: Math.round(performance.now() - t1),
          },
          'sheet files uploaded',
        );
        return out;
      } finally {
        await limpiarSpool(recibidos);
      }
    },
  );
}
