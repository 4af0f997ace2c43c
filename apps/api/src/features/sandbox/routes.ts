import fs from 'node:fs';
import path from 'node:path';
import { MAX_BYTES_RESPALDO, PERFIL, registroResultadoSchema, responses } from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bitacoraSandbox } from './bitacora.ts';
import { sandboxConsultaRoutes } from './consultas.ts';
import { borrarTemporales, recibirRegistro, type Temporales } from './recepcion.ts';
import { registrar } from './registro.ts';
import { respaldosRoutes } from './respaldos.ts';
import { ensureSandboxSchema } from './schema.ts';

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

  bitacoraSandbox(app);

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

    respaldosRoutes(app, modo, prefix, tags);
  }

  sandboxConsultaRoutes(app);
}
