import {
  archivosRespuestaSchema,
  ESTADO_RESPUESTA,
  idParams,
  MAX_BYTES_DOCUMENTO,
  MSG_ARCHIVO,
  MSG_OBSERVACION,
  PERFIL,
  responses,
} from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, conflict } from '../../lib/errors.ts';
import { fila, sql } from '../../lib/sql.ts';
import { storageFor } from '../../lib/storage/index.ts';
import { limpiarSpool, recibirArchivos, registrarArchivos } from '../archivos/upload.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import type { TramiteRow } from '../tramites/access.ts';

const MAX_ARCHIVOS_RESPUESTA = 20;

/**
 * A provider adds supporting documents to an observed attention while answering (issue 13 item 4):
 * the ordinary sheet-file upload (checks by content, size, duplicates, storage) for one attention,
 * allowed in OBSERVACIONES when the attention has observations sent and not yet answered back.
 */
export async function archivosRespuestaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const storage = storageFor(app.config);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_BYTES_DOCUMENTO } });
  }

  const admite = (t: TramiteRow) => {
    if (t.estadoTramite !== ESTADO_RESPUESTA)
      throw conflict(MSG_OBSERVACION.respuestaSoloEnObservaciones(t.estadoTramite), 'ESTADO_INVALIDO');
  };

  r.post(
    '/api/v1/planillas/:id/observaciones/archivos',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
      schema: {
        tags: ['observaciones'],
        summary: 'Adjuntar documentos de sustento a una atención observada mientras se responde (prestador)',
        description:
          `multipart/form-data con \`archivos\` repetido (PDF, JPEG o PNG; hasta ${MAX_ARCHIVOS_RESPUESTA}). ` +
          'Solo con el trámite en OBSERVACIONES y la atención con observaciones enviadas cuyas respuestas no se han enviado.',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: responses({ 200: archivosRespuestaSchema }),
      },
    },
    async (req) => {
      const { planilla, tramite } = await getPlanillaForUser(db, req.user, req.params.id);
      admite(tramite);
      const w = sql`id_planilla = ${planilla.idPlanilla} AND estado = 1 AND ronda IS NOT NULL AND fecha_envio_resp IS NULL`;
      const o = await fila<{ n: number }>(
        db,
        sql`SELECT ((SELECT count(*) FROM pla_obs WHERE ${w}) + (SELECT count(*) FROM pla_det_obs WHERE ${w}))::int AS n`,
      );
      if (o.n === 0) throw conflict(MSG_OBSERVACION.archivosSoloObservada, 'SIN_OBSERVACIONES');
      if (!req.isMultipart()) throw new AppError(400, 'DATOS_INVALIDOS', MSG_ARCHIVO.carpetaNoSeleccionada);
      const recibidos: Parameters<typeof recibirArchivos>[2] = [];
      try {
        await recibirArchivos(
          req.parts({
            limits: {
              fileSize: MAX_BYTES_DOCUMENTO,
              files: MAX_ARCHIVOS_RESPUESTA,
              parts: MAX_ARCHIVOS_RESPUESTA + 10,
              fields: 10,
              fieldSize: 1000,
            },
          }),
          storage.spoolDir,
          recibidos,
        );
        const out = await registrarArchivos({
          db,
          storage,
          user: req.user,
          idCarga: planilla.idCarga,
          recibidos,
          log: req.log,
          planilla: { idPlanilla: planilla.idPlanilla, admite },
        });
        return {
          mensaje: MSG_OBSERVACION.archivosRespuesta(out.archivosCargados.length),
          archivosCargados: out.archivosCargados,
          archivosDuplicados: out.archivosDuplicados,
        };
      } finally {
        await limpiarSpool(recibidos);
      }
    },
  );
}
