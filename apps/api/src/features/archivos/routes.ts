import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type ArchivosCargaFila,
  archivosListQuerySchema,
  archivosNuevosQuerySchema,
  binaryResponse,
  enlaceArchivoBodySchema,
  getArchivosPlaByIdResponse,
  getPlanillasByIdArchivosResponse,
  getTramitesByIdArchivosNuevosResponse,
  getTramitesByIdArchivosPorCargaResponse,
  getTramitesByIdPlanillasSinArchivosResponse,
  idParams,
  MAX_ARCHIVOS_CARGA,
  MAX_BYTES_DOCUMENTO,
  MSG_ARCHIVO,
  nombreZip,
  PERFIL,
  PERFILES_SUPERVISION,
  postArchivosPlaByIdEnlaceResponse,
  postCargasByIdArchivosResponse,
  postTramitesByIdZipEnlaceResponse,
  responses,
  type SessionUser,
  sinArchivosQuerySchema,
  uncheckedResponses,
  zipQuerySchema,
} from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { contentDisposition, ObjectNotFound, storageFor } from '../../lib/storage/index.ts';
import { columnasExport, enviarExport } from '../../lib/tabla-export.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { getTramiteForUser, type TramiteRow } from '../tramites/access.ts';
import {
  ARCHIVO_COLS,
  type ArchivoNuevo,
  type ArchivoRow,
  archivosDePlanilla,
  archivosNuevos,
  planillasSinArchivos,
} from './queries.ts';
import { openTicket, signTicket, type Ticket, ticketKey } from './tickets.ts';
import { limpiarSpool, precheckSubida, recibirArchivos, registrarArchivos } from './upload.ts';
import { entradasZip, filasZip, zipStream } from './zip.ts';

const tags = ['archivos'];

/** The export of the new files of a period (CSV or Excel). */
const COLUMNAS_ARCHIVOS_NUEVOS = columnasExport<ArchivoNuevo>([
  { titulo: 'Fecha de carga', tipo: 'fechaHora', valor: (a) => a.fechaCrea },
  { titulo: 'Número', tipo: 'texto', valor: (a) => a.numero },
  { titulo: 'Cédula', tipo: 'texto', valor: (a) => a.cedula, ancho: 12 },
  { titulo: 'Paciente', tipo: 'texto', valor: (a) => a.paciente, ancho: 30 },
  { titulo: 'Archivo', tipo: 'texto', valor: (a) => a.nombre, ancho: 30 },
  { titulo: 'Tipo', tipo: 'texto', valor: (a) => a.tipo, ancho: 10 },
  { titulo: 'Tamaño (bytes)', tipo: 'entero', valor: (a) => a.tamano, ancho: 14 },
  { titulo: 'Usuario', tipo: 'texto', valor: (a) => a.usuario, ancho: 24 },
]);
/** The new-files report is the supervisors' (and the super-reviewer's). */

const sinArchivosParaDescargar = () => new AppError(404, 'SIN_ARCHIVOS', MSG_ARCHIVO.nadaQueDescargar);

/** A file the user may see (tenant of its procedure and, for 18/20, the attention's assignment), else 404. */
async function getArchivoForUser(q: Queryable, user: SessionUser, idArchivoPla: number) {
  const [a] = await q.query<ArchivoRow & { idCarga: number; idTramite: number }>(
    `SELECT ${ARCHIVO_COLS}, a.id_carga AS "idCarga", a.id_tramite AS "idTramite" FROM archivo_pla a
      WHERE a.id_archivo_pla = $1`,
    [idArchivoPla],
  );
  if (!a) throw notFound();
  const ctx = await getPlanillaForUser(q, user, a.idPlanilla);
  return { archivo: a, ...ctx };
}

/** Supporting files of the attentions (issue 6): folder upload, lists, previews, downloads, ZIP. */
export async function archivoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const storage = storageFor(app.config);
  const key = ticketKey(app.config);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_BYTES_DOCUMENTO } });
  }
  // Uploads left behind by a crash.
  app.addHook('onReady', async () => {
    const dayAgo = Date.now() - 86_400_000;
    for (const f of fs.readdirSync(storage.spoolDir)) {
      const file = path.join(storage.spoolDir, f);
      if (f.endsWith('.part') && fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
    }
  });

  const auth = { onRequest: [app.authenticate] };

  async function sendArchivo(reply: FastifyReply, a: ArchivoRow, descarga: boolean) {
    let stream: Readable;
    try {
      stream = await storage.read(a.ruta, { size: a.tamano });
    } catch (e) {
      if (e instanceof ObjectNotFound)
        throw new AppError(404, 'ARCHIVO_NO_DISPONIBLE', MSG_ARCHIVO.archivoNoDisponible);
      throw e;
    }
    reply
      .header('content-type', a.tipo)
      .header('content-length', String(a.tamano))
      .header('content-disposition', contentDisposition(a.nombre, !descarga))
      .header('cache-control', 'private, no-store');
    return reply.send(stream);
  }

  async function zipDe(user: SessionUser, t: TramiteRow, q: z.infer<typeof zipQuerySchema>) {
    if (q.idCarga) {
      const [c] = await db.query('SELECT 1 FROM carga WHERE id_carga = $1 AND id_tramite = $2', [
        q.idCarga,
        t.idTramite,
      ]);
      if (!c) throw notFound();
    }
    const filas = await filasZip(db, user, t, q);
    if (filas.length === 0) throw sinArchivosParaDescargar();
    return { entradas: entradasZip(filas, q.agrupar), nombre: nombreZip(t.idTramite, q.agrupar, !q.idCarga) };
  }

  async function sendZip(
    reply: FastifyReply,
    z0: { entradas: ReturnType<typeof entradasZip>; nombre: string },
  ) {
    const { stream, size } = zipStream(storage, z0.entradas, reply.log);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(z0.nombre, false))
      .header('cache-control', 'private, no-store');
    if (size !== null) reply.header('content-length', String(size));
    return reply.send(stream);
  }

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
      ...auth,
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
      return sendArchivo(reply, archivo, req.query.descarga === 'true');
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

  r.get(
    '/api/v1/tramites/:id/zip',
    {
      schema: {
        tags,
        summary:
          'ZIP de los archivos de una carga (carpetas por atención, por día o por día y especialidad) o del trámite',
        params: idParams,
        querystring: zipQuerySchema,
        response: responses({ 200: binaryResponse('application/zip') }),
      },
      ...auth,
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      return sendZip(reply, await zipDe(req.user, t, req.query));
    },
  );

  r.post(
    '/api/v1/tramites/:id/zip/enlace',
    {
      schema: {
        response: responses({ 200: postTramitesByIdZipEnlaceResponse }),
        tags,
        summary: 'Enlace corto (5 minutos) para descargar un ZIP desde el navegador',
        params: idParams,
        body: zipQuerySchema,
      },
      ...auth,
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const z0 = await zipDe(req.user, t, req.body);
      const tk = signTicket(key, req.user, req.idSesion, {
        k: 'z',
        id: t.idTramite,
        g: req.body.agrupar,
        c: req.body.idCarga ?? null,
      });
      return {
        url: `/api/v1/descargas?t=${tk.token}`,
        expiraEn: tk.expiraEn,
        nombre: z0.nombre,
        archivos: z0.entradas.length,
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
        return sendArchivo(reply, archivo, tk.d);
      }
      const t = await getTramiteForUser(db, user, tk.id);
      return sendZip(reply, await zipDe(user, t, { agrupar: tk.g, idCarga: tk.c ?? undefined }));
    },
  );

  r.get(
    '/api/v1/tramites/:id/planillas-sin-archivos',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdPlanillasSinArchivosResponse }),
        tags,
        summary: 'Atenciones sin archivos de un trámite o de una de sus cargas',
        params: idParams,
        querystring: sinArchivosQuerySchema,
      },
      ...auth,
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      if (req.query.idCarga) {
        const [c] = await db.query('SELECT 1 FROM carga WHERE id_carga = $1 AND id_tramite = $2', [
          req.query.idCarga,
          t.idTramite,
        ]);
        if (!c) throw notFound();
      }
      return planillasSinArchivos(db, req.user, t, req.query);
    },
  );

  r.get(
    '/api/v1/tramites/:id/archivos-nuevos',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdArchivosNuevosResponse }),
        tags,
        summary:
          'Archivos nuevos de un trámite en un período (días de Guayaquil, ambos incluidos); formato=csv exporta a CSV y formato=xlsx a Excel',
        params: idParams,
        querystring: archivosNuevosQuerySchema,
      },
      ...auth,
      preValidation: [app.requireProfile(...PERFILES_SUPERVISION)],
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const { desde, hasta, formato, page, pageSize } = req.query;
      if (formato === 'json') return archivosNuevos(db, req.user, t, { desde, hasta, page, pageSize });
      const all = await archivosNuevos(db, req.user, t, { desde, hasta });
      return enviarExport(reply, {
        columnas: COLUMNAS_ARCHIVOS_NUEVOS,
        filas: all.items,
        formato,
        nombre: `archivos_nuevos_tramite_${t.idTramite}_${desde}_${hasta}`,
        hoja: 'Archivos nuevos',
      });
    },
  );

  r.get(
    '/api/v1/tramites/:id/archivos-por-carga',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdArchivosPorCargaResponse }),
        tags,
        summary:
          'Archivos por carga del trámite (ArchivoCarga): atenciones, atenciones con archivos, archivos, bytes y última carga',
        params: idParams,
      },
      ...auth,
      preValidation: [app.requireProfile(...PERFILES_SUPERVISION)],
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const items = await db.query<ArchivosCargaFila>(
        `SELECT c.id_carga AS "idCarga", c.tipo_carga AS "tipoCarga", c.fecha_desde AS "fechaDesde",
                c.fecha_hasta AS "fechaHasta",
                count(p.id_planilla)::int AS atenciones,
                count(p.id_planilla) FILTER (WHERE a.n > 0)::int AS "conArchivos",
                coalesce(sum(a.n), 0)::int AS archivos, coalesce(sum(a.bytes), 0)::float8 AS bytes,
                max(a.ultimo) AS "ultimoArchivo"
           FROM carga c
           LEFT JOIN planilla p ON p.id_carga = c.id_carga AND p.estado = 1
           LEFT JOIN (SELECT x.id_planilla, count(*) AS n, sum(x.tamano) AS bytes, max(x.fecha_crea) AS ultimo
                        FROM archivo_pla x WHERE x.id_tramite = $1 GROUP BY x.id_planilla) a
                  ON a.id_planilla = p.id_planilla
          WHERE c.id_tramite = $1 AND c.estado = 1 AND c.tiene_planillas = 1
          GROUP BY c.id_carga
          ORDER BY c.fecha_desde DESC, c.id_carga DESC`,
        [t.idTramite],
      );
      return { items };
    },
  );
}
