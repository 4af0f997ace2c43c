import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { USER_FLAGS } from '@app/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/demo.ts';
import { col } from '../lib/sql.ts';

export { DEMO_PASSWORD };

export const DEMO = {
  admin: 'admin@demo.ec',
  prestador: 'prestador@demo.ec',
  prestador2: 'prestador2@demo.ec',
  revisor: 'revisor@demo.ec',
  supervisorAm: 'supervisor.am@demo.ec',
  auditorAm: 'auditor.am@demo.ec',
  supervisorGd: 'supervisor.gd@demo.ec',
  gestorGd: 'gestor.gd@demo.ec',
  /** The platform operator (usuario.plataforma): writes the system-wide catalogues. */
  plataforma: 'plataforma@demo.ec',
} as const;

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Logs a demo user in and returns the bearer header. */
  auth: (usuario: string, clave?: string) => Promise<{ authorization: string }>;
  close: () => Promise<void>;
};

/** A fresh copy of the seeded database and an app on top of it, for one test file. */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const spec = inject('testDb');
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (spec.kind === 'postgres') {
    const name = `test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: spec.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${spec.template}`);
    const url = new URL(spec.adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(spec.dump)]) });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-'));
  const config = loadConfig(
    { ...process.env, DATABASE_URL: undefined, LOG_LEVEL: 'silent' },
    {
      DATA_DIR: dataDir,
      dataDir,
      jwtSecret: 'test-secret-test-secret-test-secret',
      webDist: path.join(dataDir, 'no-web'),
      ...overrides,
    },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const tokens = new Map<string, string>();
  return {
    app,
    database,
    config,
    auth: async (usuario, clave = DEMO_PASSWORD) => {
      const key = `${usuario}|${clave}`;
      if (!tokens.has(key)) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { usuario, clave },
        });
        if (res.statusCode !== 200) throw new Error(`login ${usuario} failed: ${res.statusCode} ${res.body}`);
        tokens.set(key, res.json().token);
      }
      return { authorization: `Bearer ${tokens.get(key)}` };
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The folder of a context's local storage layer (lib/storage: `DATA_DIR/files`). */
export const carpetaArchivos = (t: TestContext) => path.join(t.config.dataDir, 'files');

/** Signs in with these credentials (POST /api/v1/auth/login) and answers the response, whatever its status. */
export const iniciarSesion = (t: TestContext, usuario: string, clave: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { usuario, clave } });

/**
 * The answer to the first request of a document built by a job (lib/jobs/documentos.ts: a ZIP, a PDF
 * report): 202, Retry-After 1, the job queued and not tried yet, with the feature's `mensaje`.
 */
export function expectEnCola(r: LightMyRequestResponse, mensaje: string) {
  expect(r.statusCode, r.body.slice(0, 200)).toBe(202);
  expect(r.headers['retry-after']).toBe('1');
  expect(r.json()).toEqual({ estado: 'PENDIENTE', intento: 0, maxIntentos: 3, progreso: 0, mensaje });
}

/** The user flags' columns of `usuario` and `perfil` (modulo_administracion, ...), in USER_FLAGS order. */
export const FLAG_COLUMNS = USER_FLAGS.map(col);

/** A select list of the flag columns under their camelCase names (`modulo_administracion AS "moduloAdministracion"`). */
export const FLAGS_SELECT = USER_FLAGS.map((f) => `${col(f)} AS "${f}"`).join(', ');

/** The Spanish error of an answer. */
export const errorOf = (res: LightMyRequestResponse) =>
  res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };

/** The provider (prestador) of a demo user's company. */
export async function idPrestadorDe(t: TestContext, usuario: string = DEMO.prestador): Promise<number> {
  const [p] = await t.database.query<{ id: number }>(
    'SELECT p.id_prestador AS id FROM prestador p JOIN usuario u ON u.id_empresa = p.id_empresa WHERE u.nombre = $1',
    [usuario],
  );
  return p.id;
}

/** The two demo providers and the insurer's subscription and company (admin@demo.ec's). */
export type IdsDemo = { prestador: number; prestador2: number; suscripcion: number; aseguradora: number };

export async function idsDemo(t: TestContext): Promise<IdsDemo> {
  const [adm] = await t.database.query<{ suscripcion: number; aseguradora: number }>(
    'SELECT id_suscripcion AS suscripcion, id_empresa AS aseguradora FROM usuario WHERE nombre = $1',
    [DEMO.admin],
  );
  return {
    prestador: await idPrestadorDe(t, DEMO.prestador),
    prestador2: await idPrestadorDe(t, DEMO.prestador2),
    ...adm,
  };
}

/** A March 2026 procedure of the demo provider created through the API (POST /api/v1/tramites), as the provider. */
export async function registrarTramitePorApi(
  t: TestContext,
  datos: { descripcion: string; frecuenciaCarga: 'M' | 'S' },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/tramites',
    headers: await t.auth(DEMO.prestador),
    payload: tramiteMarzo(await idPrestadorDe(t), datos),
  });
}

/** The body of a March 2026 procedure of a provider (POST /api/v1/tramites); `datos` adds or replaces fields. */
export const tramiteMarzo = (idPrestador: number, datos: object = {}) => ({
  idPrestador,
  idServicio: 1,
  fechaDesde: '2026-03-02',
  fechaHasta: '2026-03-29',
  ...datos,
});
