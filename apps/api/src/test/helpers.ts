import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/demo.ts';

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
    payload: {
      idPrestador: await idPrestadorDe(t),
      idServicio: 1,
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-29',
      ...datos,
    },
  });
}
