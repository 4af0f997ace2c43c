import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BYTES_FIRMA,
  binaryResponse,
  CAMPO_ARCHIVO_DATOS,
  CAMPO_ARCHIVOS_RESPALDO,
  deleteSandboxTramitesResponse,
  fieldErrors,
  formatoDeArchivo,
  getSandboxLogResponse,
  getSandboxTramitesResponse,
  idParams,
  MAX_BYTES_RESPALDO,
  MAX_RESPALDOS,
  MSG,
  MSG_INTEGRACION,
  nombreVisible,
  PERFIL,
  postSandboxAutorizacionesResponse201,
  registroCamposSchema,
  registroResultadoSchema,
  respaldosSchema,
  responses,
  sandboxAutorizacionSchema,
  sandboxLogQuerySchema,
  sandboxTramitesQuerySchema,
  tipoPorFirma,
  uncheckedResponses,
} from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { getCargaForUser } from '../cargas/service.ts';
import { getTramiteForUser, tramiteScope, writeBitacora } from '../tramites/access.ts';
import { TRAMITE_FROM, TRAMITE_VIEW } from '../tramites/queries.ts';
import { type ArchivoRecibido, dirRespaldos, registrar } from './registro.ts';
import { enModo, ensureSandboxSchema } from './schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls of this route are written to sandbox_log. */
    sandboxLog?: boolean;
  }
}

const MAX_MB_RESPALDO = MAX_BYTES_RESPALDO / 1024 / 1024;

/** Hashes, measures and keeps the first bytes of a file while it streams to disk; stops past `max`. */
class Probe extends Transform {
  readonly hash = crypto.createHash('sha256');
  size = 0;
  head = Buffer.alloc(0);
  constructor(
    private readonly max: number,
    private readonly onTooBig: () => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.max) return cb(this.onTooBig());
    if (this.head.length < BYTES_FIRMA)
      this.head = Buffer.concat([this.head, chunk.subarray(0, BYTES_FIRMA - this.head.length)]);
    this.hash.update(chunk);
    cb(null, chunk);
  }
}

const tooBig = (message: string, fields?: Record<string, string>) =>
  new AppError(413, 'ARCHIVO_MUY_GRANDE', message, fields);

const DESCRIPCION_REGISTRO = (completo: boolean, sandbox: boolean) =>
  [
    sandbox
      ? 'Igual que la llamada real, pero escribe en el entorno de pruebas (sandbox): nunca se mezcla con los trámites reales, ' +
        'los ids empiezan en 900000001 y cada llamada queda en la bitácora sandbox.'
      : 'Crea el trámite (mensual, REGISTRADO) y su carga en una sola transacción, procesando el archivo de datos con las ' +
        'mismas validaciones de la carga manual; sin errores, el trámite pasa a CARGADO.',
    'Autenticación: `Authorization: Bearer apk_...` (token personal del prestador) o la sesión.',
    'multipart/form-data: `fechaDesde`, `fechaHasta` (AAAA-MM-DD), `idServicio` (1 Ambulatorio, 2 Hospitalario), ' +
      '`idUsuario` (opcional; debe ser el del token), `idAutorizacion` (opcional: carga en el trámite de esa autorización ' +
      'APROBADA), `idPrestador` (si su empresa tiene varios), `descripcion`, `fechaModificacion` y ' +
      '`archivoDatos` (obligatorio, .json: arreglo de filas u objeto {"filas": [...]}, columnas del manual técnico).',
    completo
      ? 'Además `archivosRespaldo` (repetido, al menos uno): PDF, JPEG o PNG de hasta 20 MB cada uno, comprobados por contenido.'
      : '',
    'Respuestas: 201 con el trámite, la carga, sus contadores y los primeros 100 errores por fila; 400 "Debe adjuntar un archivo ' +
      'de datos para continuar." o "Solicitud incorrecta: Verifique los datos enviados." (detalle en `fields`); 401; 403 perfil ' +
      'distinto de prestador; 404 autorización ajena; 409 autorización no aprobada o estado; 413; 415.',
  ]
    .filter(Boolean)
    .join('\n\n');

/**
 * The integration API of docs/spec-summary.md 000 §7: POST /cargatramites/registro-datos and /registro-completo, for
 * the provider's own system (personal API token), and the same under /sandbox/cargatramites/ writing
 * the isolated sandbox (schema `sandbox`), every sandbox call logged in sandbox_log. Also the
 * provider's sandbox log and test procedures, a test authorization, and the backups of a load.
 */
export async function sandboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const dataDir = app.config.dataDir;
  const tmpDir = path.join(dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const maxBytes = Math.floor(app.config.UPLOAD_MAX_MB * 1024 * 1024);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: Math.max(maxBytes, MAX_BYTES_RESPALDO) } });
  }
  app.addHook('onReady', async () => ensureSandboxSchema(db));

  // Every call of a sandbox route by a known user is logged, whatever its answer (anonymous 401s are
  // not: nobody could ever be shown them).
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    if (!req.routeOptions.config?.sandboxLog || !req.user) return payload;
    let body: Record<string, unknown> = {};
    if (typeof payload === 'string') {
      try {
        body = JSON.parse(payload) as Record<string, unknown>;
      } catch {
        body = {};
      }
    }
    const err = body.error as { message?: string; fields?: Record<string, string> } | undefined;
    const detalle = err?.fields ? Object.values(err.fields).join(' ') : '';
    const mensaje =
      (err ? [err.message, detalle].filter(Boolean).join(' — ') : String(body.mensaje ?? '')) || null;
    const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
    await db
      .query(
        `INSERT INTO sandbox_log (id_usuario, endpoint, estado, mensaje, id_tramite, id_carga)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          req.user.idUsuario,
          `${req.method} ${req.routeOptions.url ?? req.url}`.slice(0, 200),
          reply.statusCode,
          mensaje?.slice(0, 500) ?? null,
          num(body.idTramite),
          num(body.idCarga),
        ],
      )
      .catch((e: unknown) => req.log.error({ err: e }, 'sandbox_log insert failed'));
    return payload;
  });

  const provider = {
    onRequest: [app.authenticate],
    preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
  };

  for (const modo of ['real', 'sandbox'] as const) {
    const sandbox = modo === 'sandbox';
    const prefix = sandbox ? '/api/v1/sandbox/cargatramites' : '/api/v1/cargatramites';
    const tags = [sandbox ? 'integración (sandbox)' : 'integración'];

    for (const completo of [false, true]) {
      r.post(
        `${prefix}/${completo ? 'registro-completo' : 'registro-datos'}`,
        {
          ...provider,
          config: { sandboxLog: sandbox, apiToken: true },
          schema: {
            tags,
            summary: completo
              ? `Registrar trámite, carga y archivos de respaldo${sandbox ? ' (sandbox)' : ''}`
              : `Registrar trámite y carga de datos${sandbox ? ' (sandbox)' : ''}`,
            description: DESCRIPCION_REGISTRO(completo, sandbox),
            response: responses({ 201: registroResultadoSchema }),
            consumes: ['multipart/form-data'],
          },
        },
        async (req, reply) => {
          if (!req.isMultipart()) {
            throw badRequest(MSG_INTEGRACION.sinArchivoDatos, {
              [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.sinArchivoDatos,
            });
          }
          const fields: Record<string, string> = {};
          let datos: { tmp: string; size: number; nombre: string } | undefined;
          let noJson = false;
          const respaldos: ArchivoRecibido[] = [];
          const borrar = () => {
            if (datos) fs.rmSync(datos.tmp, { force: true });
            for (const f of respaldos) fs.rmSync(f.tmp, { force: true });
          };
          try {
            for await (const part of req.parts({
              limits: { fileSize: Math.max(maxBytes, MAX_BYTES_RESPALDO), fields: 30, fieldSize: 10_000 },
            })) {
              if (part.type !== 'file') {
                if (typeof part.value === 'string') fields[part.fieldname] = part.value;
                continue;
              }
              if (part.fieldname === CAMPO_ARCHIVO_DATOS && !datos && part.filename) {
                if (formatoDeArchivo(part.filename) !== 'json') {
                  noJson = true;
                  part.file.resume();
                  continue;
                }
                datos = {
                  tmp: path.join(tmpDir, `subida-${crypto.randomUUID()}`),
                  size: 0,
                  nombre: nombreVisible(part.filename),
                };
                const out = fs.createWriteStream(datos.tmp);
                await pipeline(part.file, out);
                if (part.file.truncated)
                  throw tooBig(MSG.archivoMuyGrande, { [CAMPO_ARCHIVO_DATOS]: MSG.archivoMuyGrande });
                datos.size = out.bytesWritten;
              } else if (part.fieldname === CAMPO_ARCHIVOS_RESPALDO && completo && part.filename) {
                if (respaldos.length >= MAX_RESPALDOS) {
                  part.file.resume();
                  throw tooBig(MSG_INTEGRACION.demasiadosRespaldos(MAX_RESPALDOS));
                }
                const nombre = nombreVisible(part.filename);
                const tmp = path.join(tmpDir, `subida-${crypto.randomUUID()}`);
                const probe = new Probe(MAX_BYTES_RESPALDO, () =>
                  tooBig(MSG_INTEGRACION.respaldoMuyGrande(nombre, MAX_MB_RESPALDO), {
                    [CAMPO_ARCHIVOS_RESPALDO]: MSG_INTEGRACION.respaldoMuyGrande(nombre, MAX_MB_RESPALDO),
                  }),
                );
                const recibido: ArchivoRecibido = { tmp, size: 0, nombre, sha256: '', tipo: null };
                respaldos.push(recibido);
                await pipeline(part.file, probe, fs.createWriteStream(tmp));
                recibido.size = probe.size;
                recibido.sha256 = probe.hash.digest('hex');
                recibido.tipo = probe.size > 0 ? tipoPorFirma(probe.head) : null;
              } else {
                part.file.resume();
              }
            }
            if (!datos) {
              if (noJson) {
                throw new AppError(415, 'TIPO_NO_PERMITIDO', MSG_INTEGRACION.solicitudIncorrecta, {
                  [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.soloJson,
                });
              }
              throw badRequest(MSG_INTEGRACION.sinArchivoDatos, {
                [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.sinArchivoDatos,
              });
            }
            const campos = registroCamposSchema.safeParse(
              Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== '')),
            );
            if (!campos.success)
              throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, fieldErrors(campos.error));
            if (datos.size === 0) {
              throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, {
                [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.archivoVacio,
              });
            }
            if (completo) {
              const validos = respaldos.filter((f) => f.size > 0);
              if (validos.length === 0) {
                throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, {
                  [CAMPO_ARCHIVOS_RESPALDO]: MSG_INTEGRACION.sinRespaldos,
                });
              }
              const malo = validos.find((f) => !f.tipo);
              if (malo) {
                throw new AppError(
                  415,
                  'TIPO_NO_PERMITIDO',
                  MSG_INTEGRACION.respaldoNoPermitido(malo.nombre),
                  {
                    [CAMPO_ARCHIVOS_RESPALDO]: MSG_INTEGRACION.respaldoNoPermitido(malo.nombre),
                  },
                );
              }
            }
            const out = await registrar(db, dataDir, {
              modo,
              completo,
              user: req.user,
              campos: campos.data,
              datos,
              // Empty files are skipped (docs/spec-summary.md 000 §5).
              respaldos: respaldos.filter((f) => f.size > 0),
            });
            reply.code(201);
            return out;
          } finally {
            borrar();
          }
        },
      );
    }

    r.get(
      `${prefix}/cargas/:id/respaldos`,
      {
        onRequest: [app.authenticate],
        config: { sandboxLog: sandbox, apiToken: true },
        schema: {
          tags,
          summary: `Archivos de respaldo de una carga${sandbox ? ' (sandbox)' : ''}`,
          params: idParams,
          response: uncheckedResponses({ 200: respaldosSchema }),
        },
      },
      async (req) =>
        enModo(db, modo, async (tx) => {
          const c = sandbox
            ? await cargaSandbox(tx, req.user, req.params.id)
            : await getCargaForUser(tx, req.user, req.params.id);
          return tx.query(
            `SELECT id_carga_respaldo AS "idCargaRespaldo", id_carga AS "idCarga", nombre_archivo AS "nombreArchivo", tipo,
                    tamanio::float8 AS tamanio, sha256, fecha_reg AS "fechaReg"
               FROM carga_respaldo WHERE id_carga = $1 ORDER BY id_carga_respaldo`,
            [c.idCarga],
          );
        }),
    );

    r.get(
      `${prefix}/respaldos/:id`,
      {
        onRequest: [app.authenticate],
        config: { sandboxLog: sandbox, apiToken: true },
        schema: {
          tags,
          summary: `Descargar un archivo de respaldo${sandbox ? ' (sandbox)' : ''}`,
          params: idParams,
          response: responses({ 200: binaryResponse('application/octet-stream') }),
        },
      },
      async (req, reply) => {
        const f = await enModo(db, modo, async (tx) => {
          const [row] = await tx.query<{
            idCarga: number;
            nombreArchivo: string;
            tipo: string;
            ruta: string;
          }>(
            `SELECT id_carga AS "idCarga", nombre_archivo AS "nombreArchivo", tipo, ruta FROM carga_respaldo
              WHERE id_carga_respaldo = $1`,
            [req.params.id],
          );
          if (!row) throw notFound();
          if (sandbox) await cargaSandbox(tx, req.user, row.idCarga);
          else await getCargaForUser(tx, req.user, row.idCarga);
          return row;
        });
        const file = path.join(dirRespaldos(dataDir), f.ruta);
        if (!f.ruta || !fs.existsSync(file)) throw notFound();
        reply.header('content-type', f.tipo);
        reply.header(
          'content-disposition',
          `attachment; filename="${f.nombreArchivo.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(f.nombreArchivo)}`,
        );
        return reply.send(fs.createReadStream(file));
      },
    );
  }

  const sbxTags = ['integración (sandbox)'];

  r.get(
    '/api/v1/sandbox/log',
    {
      ...provider,
      config: { apiToken: true },
      schema: {
        response: responses({ 200: getSandboxLogResponse }),
        tags: sbxTags,
        summary: 'Bitácora de las llamadas sandbox de los usuarios de mi empresa (más recientes primero)',
        querystring: sandboxLogQuerySchema,
      },
    },
    async (req) => {
      const { estado, page, pageSize } = req.query;
      const params: unknown[] = [req.user.idEmpresa];
      let where = 'l.id_usuario IN (SELECT u.id_usuario FROM usuario u WHERE u.id_empresa = $1)';
      if (estado === 'exito') where += ' AND l.estado < 400';
      if (estado === 'error') where += ' AND l.estado >= 400';
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM sandbox_log l WHERE ${where}`,
        params,
      );
      params.push(pageSize, (page - 1) * pageSize);
      const items = await db.query(
        `SELECT l.id_sandbox_log AS "idSandboxLog", l.fecha, l.endpoint, l.estado, l.mensaje, l.id_tramite AS "idTramite",
                l.id_carga AS "idCarga", u.nombre AS "usuarioNombre"
           FROM sandbox_log l LEFT JOIN usuario u ON u.id_usuario = l.id_usuario
          WHERE ${where} ORDER BY l.fecha DESC, l.id_sandbox_log DESC LIMIT $2 OFFSET $3`,
        params,
      );
      return { items, total, page, pageSize };
    },
  );

  r.get(
    '/api/v1/sandbox/tramites',
    {
      ...provider,
      config: { apiToken: true },
      schema: {
        response: responses({ 200: getSandboxTramitesResponse }),
        tags: sbxTags,
        summary: 'Trámites de prueba creados en el sandbox por mi empresa',
        querystring: sandboxTramitesQuerySchema,
      },
    },
    async (req) =>
      enModo(db, 'sandbox', async (tx) => {
        const { page, pageSize } = req.query;
        const scope = tramiteScope(req.user, 1, { sandbox: true });
        const [{ total }] = await tx.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM tramite t WHERE ${scope.sql}`,
          scope.params,
        );
        const items = await tx.query(
          `SELECT ${TRAMITE_VIEW},
             (SELECT c.id_carga FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1) AS "idCarga",
             (SELECT c.numero_registros FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1) AS "numeroRegistros",
             (SELECT c.contador_errores FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1) AS "contadorErrores",
             (SELECT count(*)::int FROM carga_respaldo r WHERE r.id_tramite = t.id_tramite) AS "numRespaldos"
           ${TRAMITE_FROM} WHERE ${scope.sql} ORDER BY t.id_tramite DESC LIMIT $2 OFFSET $3`,
          [...scope.params, pageSize, (page - 1) * pageSize],
        );
        return { items, total, page, pageSize };
      }),
  );

  r.delete(
    '/api/v1/sandbox/tramites',
    {
      ...provider,
      config: { sandboxLog: true, apiToken: true },
      schema: {
        response: responses({ 200: deleteSandboxTramitesResponse }),
        tags: sbxTags,
        summary: 'Vaciar el sandbox de mi empresa (trámites de prueba y sus datos)',
      },
    },
    async (req) => {
      const ids = await enModo(db, 'sandbox', async (tx) => {
        const scope = tramiteScope(req.user, 1, { sandbox: true });
        const rows = await tx.query<{ id: number }>(
          `SELECT t.id_tramite AS id FROM tramite t WHERE ${scope.sql} FOR UPDATE`,
          scope.params,
        );
        const list = rows.map((x) => x.id);
        if (list.length) {
          const cargas = 'SELECT id_carga FROM carga WHERE id_tramite = ANY($1::int[])';
          await tx.query(`DELETE FROM carga_error WHERE id_carga IN (${cargas})`, [list]);
          await tx.query(`DELETE FROM carga_fila WHERE id_carga IN (${cargas})`, [list]);
          await tx.query('DELETE FROM carga_respaldo WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM carga WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM autorizacion WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM bitacora_tra WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM tramite WHERE id_tramite = ANY($1::int[])', [list]);
        }
        return list;
      });
      for (const id of ids) {
        fs.rmSync(path.join(dirRespaldos(dataDir), 'sandbox', String(id)), { recursive: true, force: true });
      }
      return { mensaje: MSG_INTEGRACION.sandboxVaciado(ids.length), eliminados: ids.length };
    },
  );

  r.post(
    '/api/v1/sandbox/autorizaciones',
    {
      ...provider,
      config: { sandboxLog: true, apiToken: true },
      schema: {
        response: responses({ 201: postSandboxAutorizacionesResponse201 }),
        tags: sbxTags,
        summary: 'Crear una autorización de prueba (ya APROBADA) en un trámite del sandbox',
        description:
          'Para probar registro-datos con `idAutorizacion` en el sandbox. En producción las autorizaciones las solicita el ' +
          'prestador desde el trámite (Solicitudes) y las aprueba la aseguradora.',
        body: sandboxAutorizacionSchema,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const out = await enModo(db, 'sandbox', async (tx) => {
        const t = await getTramiteForUser(tx, req.user, b.idTramite, { lock: true, sandbox: true });
        if (b.fechaDesde < t.fechaDesde || b.fechaHasta > t.fechaHasta) {
          throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, {
            fechaDesde: `Las fechas deben estar dentro del período del trámite (${t.fechaDesde} al ${t.fechaHasta}).`,
          });
        }
        const [a] = await tx.query<{ id: number }>(
          `INSERT INTO autorizacion (id_tramite, descripcion, estado_aut, fecha_desde, fecha_hasta, fecha_apr, id_usuario_reg,
                                     observacion)
           VALUES ($1, $2, 'APROBADA', $3, $4, now(), $5, 'Autorización de prueba del sandbox.') RETURNING id_autorizacion AS id`,
          [
            t.idTramite,
            (b.descripcion || 'AUTORIZACIÓN DE PRUEBA').toUpperCase(),
            b.fechaDesde,
            b.fechaHasta,
            req.user.idUsuario,
          ],
        );
        await tx.query('UPDATE tramite SET tiene_apr = 1 WHERE id_tramite = $1', [t.idTramite]);
        await writeBitacora(
          tx,
          t.idTramite,
          req.user.idUsuario,
          'ESTADO',
          `Autorización de prueba ${a.id} (APROBADA).`,
        );
        return { idAutorizacion: a.id, idTramite: t.idTramite };
      });
      reply.code(201);
      return { mensaje: 'Autorización de prueba creada (APROBADA).', ...out, estadoAut: 'APROBADA' };
    },
  );
}

/** A sandbox load whose procedure is the user's (call inside a sandbox transaction), else 404. */
async function cargaSandbox(
  tx: Parameters<typeof getTramiteForUser>[0],
  user: FastifyRequest['user'],
  idCarga: number,
) {
  const [c] = await tx.query<{ idCarga: number; idTramite: number }>(
    'SELECT id_carga AS "idCarga", id_tramite AS "idTramite" FROM carga WHERE id_carga = $1',
    [idCarga],
  );
  if (!c) throw notFound();
  await getTramiteForUser(tx, user, c.idTramite, { sandbox: true });
  return c;
}
