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
import { getTramiteForUser } from '../tramites/access.ts';
import { archivoDatos, listarFilas } from './downloads.ts';
import { archivoCarga, ingestCarga } from './ingest.ts';
import { IngestQueue } from './queue.ts';
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

  const queue: IngestQueue = new IngestQueue(
    (idCarga, signal) =>
      ingestCarga({ database: db, tmpDir, log: app.log, progress: queue.progress }, idCarga, signal),
    // PGlite has one connection; on PostgreSQL two loads may ingest side by side.
    db.kind === 'postgres' ? 2 : 1,
    (idCarga, err) => app.log.error({ err, idCarga }, 'ingest job failed'),
  );

  // Loads left PROCESANDO by a stop or a crash (their transaction rolled back): run them again if
  // their file is still there, else they failed. Abandoned partial uploads are removed.
  app.addHook('onReady', async () => {
    const pendientes = await db.query<{ idCarga: number; formato: string }>(
      `SELECT id_carga AS "idCarga", formato FROM carga WHERE estado_proceso = 'PROCESANDO' ORDER BY id_carga`,
    );
    for (const p of pendientes) {
      if (fs.existsSync(archivoCarga(tmpDir, p.idCarga, p.formato))) void queue.enqueue(p.idCarga);
      else {
        await db.query(
          `UPDATE carga SET estado_proceso = 'FALLIDA', tiene_errores = 1, progreso = 100, obs = $2, fecha_actualizacion = now()
            WHERE id_carga = $1 AND estado_proceso = 'PROCESANDO'`,
          [p.idCarga, MSG_CARGA.interrumpida],
        );
      }
    }
    const dayAgo = Date.now() - 86_400_000;
    for (const f of fs.readdirSync(tmpDir)) {
      const file = path.join(tmpDir, f);
      if (f.startsWith('subida-') && fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
    }
  });
  app.addHook('onClose', async () => queue.close());

  const withProgress = (c: Carga) => {
    const live = c.estadoProceso === 'PROCESANDO' ? queue.progress.get(c.idCarga) : undefined;
    return {
      ...c,
      ...(live ? { progreso: live.progreso, filasPorSegundo: live.filasPorSegundo } : {}),
      mensaje: c.estadoProceso === 'PROCESANDO' ? MSG_CARGA.recibida : (c.obs ?? ''),
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
              tmp: path.join(tmpDir, `subida-${crypto.randomUUID()}`),
              size: 0,
              nombreArchivo: nombreSeguro(part.filename),
              // Decided by the content once the file is here, never by its name (issue 14 §4).
              formato: 'csv',
            };
            const out = fs.createWriteStream(subido.tmp);
            await pipeline(part.file, out);
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
        const idCarga = await registrarCarga(db, tmpDir, req.user, req.params.id, {
          ...subido,
          campos: campos.data,
        });
        const done = queue.enqueue(idCarga);
        if (req.query.esperar === 'true') {
          await done;
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
            summary: `Datos del trámite en ${formato.toUpperCase()}${soloErrores ? ' (filas con errores)' : ''}`,
            response: responses({
              200: binaryResponse(formato === 'json' ? 'application/json' : 'text/csv'),
            }),
            params: idParams,
          },
          onRequest: [app.authenticate],
        },
        async (req, reply) => {
          const t = await getTramiteForUser(db, req.user, req.params.id, { completo: true });
          const f = await archivoDatos(db, t.idTramite, formato, soloErrores);
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
