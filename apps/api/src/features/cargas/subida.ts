import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  cargaCamposSchema,
  type FormatoDatos,
  fieldErrors,
  idParams,
  MSG_CARGA,
  MSG_TRAMITE,
  PERFIL,
  postTramitesByIdCargasResponse,
  postTramitesByIdCargasResponse202,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { claveArchivoCarga } from './ingest-job.ts';
import { encolarIngesta, esperarCarga } from './jobs.ts';
import type { CargaRoutesOpts } from './routes.ts';
import {
  contenidoNoPermitido,
  formatoNoReconocido,
  getCargaForUser,
  nombreSeguro,
  precheckCarga,
  registrarCarga,
} from './service.ts';
import { formatoDelContenido, sniffFile } from './sniff.ts';

const tags = ['cargas'];

type Subido = {
  tmp: string;
  size: number;
  /** Hex SHA-256 of the content (object storage signs the upload with it). */
  sha256: string;
  nombreArchivo: string;
  formato: FormatoDatos;
};

/** The upload of a data file: stored first, then its load and its ingest job committed together. */
export async function subidaRoutes(app: FastifyInstance, opts: CargaRoutesOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const storage = opts.storage;
  const maxBytes = opts.maxBytes;
  const _withProgress = opts.conProgreso;

  r.post(
    '/api/v1/tramites/:id/cargas',
    {
      schema: {
        response: responses({ 200: postTramitesByIdCargasResponse, 202: postTramitesByIdCargasResponse202 }),
        tags,
        summary: 'Cargar un archivo de datos (JSON, CSV o Excel)',
        description:
          'multipart/form-data: `archivo` (obligatorio; .json, .csv o .xlsx), `idAutorizacion`, `fechaDesde`, `fechaHasta` ' +
          '(período de la carga, AAAA-MM-DD) y `fechaModificacion` opcionales. Responde 202 con `idCarga` y procesa el ' +
          'archivo en segundo plano (consulte GET /api/v1/cargas/{id}); con `?esperar=true` responde al terminar.',
        params: idParams,
        querystring: z.object({ esperar: z.enum(['true', 'false']).optional() }),
        consumes: ['multipart/form-data'],
      },
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
    },
    async (req, reply) => {
      await precheckCarga(db, req.user, req.params.id);
      if (!req.isMultipart()) throw badRequest(MSG_TRAMITE.sinArchivo, { archivo: MSG_TRAMITE.sinArchivo });
      const fields: Record<string, string> = {};
      let subido: Subido | undefined;
      try {
        for await (const part of req.parts({
          limits: { fileSize: maxBytes, fields: 20, fieldSize: 10_000 },
        })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'archivo' || subido || !part.filename) {
              part.file.resume();
              continue;
            }
            subido = {
              // Received beside the store (a rename into the local store; streamed to S3 from here).
              tmp: path.join(storage.spoolDir, `subida-${crypto.randomUUID()}`),
              size: 0,
              sha256: '',
              nombreArchivo: nombreSeguro(part.filename),
              // Decided by the content once the file is here, never by its name (issue 14 §4).
              formato: 'csv',
            };
            const out = fs.createWriteStream(subido.tmp);
            if (storage.kind === 's3') {
              const hash = crypto.createHash('sha256');
              part.file.on('data', (chunk: Buffer) => hash.update(chunk));
              await pipeline(part.file, out);
              subido.sha256 = hash.digest('hex');
            } else await pipeline(part.file, out);
            subido.size = out.bytesWritten;
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        if (!subido) throw badRequest(MSG_TRAMITE.sinArchivo, { archivo: MSG_TRAMITE.sinArchivo });
        const campos = cargaCamposSchema.safeParse(
          Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== '')),
        );
        if (!campos.success) {
          throw badRequest(campos.error.issues[0].message, fieldErrors(campos.error));
        }
        if (subido.size === 0) throw badRequest(MSG_CARGA.archivoVacio, { archivo: MSG_CARGA.archivoVacio });
        const formato = await formatoDelContenido(subido.tmp, subido.size);
        if (!formato) throw formatoNoReconocido();
        subido.formato = formato;
        const sniff = await sniffFile(subido.tmp, subido.formato, subido.size);
        if (!sniff.ok) throw contenidoNoPermitido(subido.formato);
        // The file goes to the storage layer first; the load and its ingest job are then committed
        // together. A refused registration removes the stored file.
        const clave = claveArchivoCarga(subido.formato);
        await storage.putFile(clave, subido.tmp, {
          size: subido.size,
          contentType: 'application/octet-stream',
          sha256: subido.sha256,
        });
        let idCarga: number;
        try {
          idCarga = await registrarCarga(
            db,
            req.user,
            req.params.id,
            {
              clave,
              size: subido.size,
              nombreArchivo: subido.nombreArchivo,
              formato: subido.formato,
              campos: campos.data,
            },
            (tx, id) => encolarIngesta(app.jobs, tx, id),
          );
        } catch (e) {
          await storage.remove([clave]).catch(() => {});
          throw e;
        }
        if (req.query.esperar === 'true') {
          await esperarCarga(db, idCarga);
          const c = await getCargaForUser(db, req.user, idCarga);
          return {
            idCarga,
            estadoProceso: c.estadoProceso,
            numeroRegistros: c.numeroRegistros,
            contadorErrores: c.contadorErrores,
            contadorNovedades: c.contadorNovedades,
            mensaje: c.obs ?? '',
          };
        }
        reply.code(202);
        return { idCarga, estadoProceso: 'PROCESANDO' as const, mensaje: MSG_CARGA.recibida };
      } finally {
        if (subido) fs.rmSync(subido.tmp, { force: true });
      }
    },
  );
}
