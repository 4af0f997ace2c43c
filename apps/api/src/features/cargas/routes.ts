import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  binaryResponse,
  cargaCamposSchema,
  cargaIncidenciasPageSchema,
  cargaIncidenciasQuerySchema,
  cargaListQuerySchema,
  deleteCargasByIdResponse,
  type FormatoDatos,
  fieldErrors,
  filasQuerySchema,
  getCargasByIdEliminacionResponse,
  getCargasByIdResponse,
  getTramitesByIdCargasResponse,
  getTramitesByIdFilasResponse,
  idParams,
  MSG_CARGA,
  MSG_TRAMITE,
  PERFIL,
  postCargasByIdOrganizarResponse,
  postTramitesByIdCargasResponse,
  postTramitesByIdCargasResponse202,
  responses,
  uncheckedResponses,
} from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { storageFor } from '../../lib/storage/index.ts';
import { type FormatoExport, formatoExportSchema, respuestaExport } from '../../lib/tabla-export.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { archivoDatos, listarFilas } from './downloads.ts';
import { claveArchivoCarga, type Progreso } from './ingest.ts';
import { claveIngesta, definirTrabajosCargas, encolarIngesta, esperarCarga, JOB_INGESTA } from './jobs.ts';
import {
  CARGA_SELECT,
  type Carga,
  contenidoNoPermitido,
  eliminarCarga,
  formatoNoReconocido,
  getCargaForUser,
  nombreSeguro,
  organizar,
  precheckCarga,
  registrarCarga,
  resumenEliminacion,
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

/** Loads and ingest (issue 4 items 4–7): upload, background ingest, summaries, errors, delete, organise, data downloads. */
export async function cargaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tmpDir = path.join(app.config.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const maxBytes = Math.floor(app.config.UPLOAD_MAX_MB * 1024 * 1024);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: maxBytes } });
  }

  // The data file waits for its ingest in the storage layer, so any worker process may take the job
  // (decision 60); the ingest runs as a background job of `app.jobs`, with retries.
  const storage = storageFor(app.config);
  const progress = new Map<number, Progreso>();
  definirTrabajosCargas(app.jobs, { database: db, storage, tmpDir, log: app.log, progress });

  app.addHook('onReady', async () => {
    // In-process jobs (PGlite) do not outlive the process: loads left PROCESANDO by a stop or a crash
    // (their transaction rolled back) are queued again; a load whose file is gone then fails. With
    // graphile-worker the jobs are in the database and nothing is to be done here.
    if (app.jobs.kind === 'memory' && app.role !== 'api') {
      const pendientes = await db.query<{ idCarga: number }>(
        `SELECT id_carga AS "idCarga" FROM carga WHERE estado_proceso = 'PROCESANDO' ORDER BY id_carga`,
      );
      for (const p of pendientes)
        await app.jobs.add(JOB_INGESTA, { idCarga: p.idCarga }, { key: claveIngesta(p.idCarga) });
    }
    // Partial uploads this process abandoned (its own folders: each process has its own).
    const dayAgo = Date.now() - 86_400_000;
    for (const dir of [tmpDir, storage.spoolDir]) {
      for (const f of fs.readdirSync(dir)) {
        const file = path.join(dir, f);
        if (/^(subida|ingesta)-/.test(f) && fs.statSync(file).mtimeMs < dayAgo)
          fs.rmSync(file, { force: true });
      }
    }
  });

  // Progress: this process's own figure while it ingests, else the row's (written every second by
  // the process that ingests: any replica reads it).
  const withProgress = (c: Carga) => {
    const live = c.estadoProceso === 'PROCESANDO' ? progress.get(c.idCarga) : undefined;
    return {
      ...c,
      ...(live ? { progreso: live.progreso, filasPorSegundo: live.filasPorSegundo } : {}),
      mensaje: c.estadoProceso === 'PROCESANDO' ? (c.obs ?? MSG_CARGA.recibida) : (c.obs ?? ''),
    };
  };

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
        return { idCarga, estadoProceso: 'PROCESANDO', mensaje: MSG_CARGA.recibida };
      } finally {
        if (subido) fs.rmSync(subido.tmp, { force: true });
      }
    },
  );

  r.get(
    '/api/v1/tramites/:id/cargas',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdCargasResponse }),
        tags,
        summary: 'Cargas de un trámite (más recientes primero)',
        params: idParams,
        querystring: cargaListQuerySchema,
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const { idAutorizacion, page, pageSize } = req.query;
      const params: unknown[] = [t.idTramite];
      let where = 'c.id_tramite = $1 AND c.estado = 1';
      if (idAutorizacion) {
        params.push(idAutorizacion);
        where += ` AND c.id_autorizacion = $${params.length}`;
      }
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM carga c WHERE ${where}`,
        params,
      );
      params.push(pageSize, (page - 1) * pageSize);
      const items = await db.query<Carga>(
        `${CARGA_SELECT} WHERE ${where} ORDER BY c.id_carga DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { items: items.map(withProgress), total, page, pageSize };
    },
  );

  r.get(
    '/api/v1/cargas/:id',
    {
      schema: {
        response: responses({ 200: getCargasByIdResponse }),
        tags,
        summary: 'Resumen de una carga (con su avance mientras se procesa)',
        params: idParams,
      },
      onRequest: [app.authenticate],
    },
    async (req) => withProgress(await getCargaForUser(db, req.user, req.params.id)),
  );

  for (const [ruta, tipo, resumen] of [
    ['errores', 'E', 'Errores de una carga'],
    ['novedades', 'N', 'Novedades de una carga'],
  ] as const) {
    r.get(
      `/api/v1/cargas/:id/${ruta}`,
      {
        schema: {
          tags,
          summary: `${resumen} (fila, columna, valor, mensaje)`,
          response: uncheckedResponses({ 200: cargaIncidenciasPageSchema }),
          params: idParams,
          querystring: cargaIncidenciasQuerySchema,
        },
        onRequest: [app.authenticate],
      },
      async (req) => {
        // Every row's values: the operatives 18 and 20 only under tipoAsignacion T (issue 11 item 4).
        const c = await getCargaForUser(db, req.user, req.params.id);
        await getTramiteForUser(db, req.user, c.idTramite, { completo: true });
        const { fila, page, pageSize } = req.query;
        const params: unknown[] = [c.idCarga, tipo];
        let where = 'e.id_carga = $1 AND e.tipo = $2';
        if (fila) {
          params.push(fila);
          where += ` AND e.fila = $${params.length}`;
        }
        const [{ total }] = await db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM carga_error e WHERE ${where}`,
          params,
        );
        params.push(pageSize, (page - 1) * pageSize);
        const items = await db.query(
          `SELECT e.id_carga_error AS "idCargaError", e.fila, e.columna, e.valor, e.mensaje FROM carga_error e
            WHERE ${where} ORDER BY e.fila, e.id_carga_error LIMIT $${params.length - 1} OFFSET $${params.length}`,
          params,
        );
        return { items, total, page, pageSize };
      },
    );
  }

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
