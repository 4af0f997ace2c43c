import fs from 'node:fs';
import path from 'node:path';
import {
  binaryResponse,
  idParams,
  MAX_BYTES_RESPALDO,
  PERFIL,
  registroResultadoSchema,
  respaldosSchema,
  responses,
  uncheckedResponses,
} from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { getCargaForUser } from '../cargas/service.ts';
import { cargaSandbox, sandboxConsultaRoutes } from './consultas.ts';
import { borrarTemporales, recibirRegistro, type Temporales } from './recepcion.ts';
import { dirRespaldos, registrar } from './registro.ts';
import { enModo, ensureSandboxSchema } from './schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls of this route are written to sandbox_log. */
    sandboxLog?: boolean;
  }
}

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
          const archivos: Temporales = { respaldos: [] };
          try {
            const { campos, datos, respaldos } = await recibirRegistro(req, archivos, {
              tmpDir,
              maxBytes,
              completo,
            });
            const out = await registrar(db, dataDir, {
              modo,
              completo,
              user: req.user,
              campos,
              datos,
              // Empty files are skipped (docs/spec-summary.md 000 §5).
              respaldos: respaldos.filter((f) => f.size > 0),
            });
            reply.code(201);
            return out;
          } finally {
            borrarTemporales(archivos);
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

  sandboxConsultaRoutes(app);
}
