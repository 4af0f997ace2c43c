/**
 * Attentions benchmark (issue 5): one procedure of N attentions (default 100,000) plus optional
 * filler attentions in other procedures, then times through the real routes (app.inject, a real
 * token): list pages with filters (first, middle, last), the CSV export (rows/s and peak RSS),
 * controls 1–5, and the diagnosis lookup.
 *
 *   npx tsx bench/planillas.ts                         # PGlite in memory, 100k
 *   npx tsx bench/planillas.ts postgres://... 100000 900000   # PostgreSQL, 100k + 900k filler
 *
 * On PostgreSQL it creates (and drops) a database named bench_planillas.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { seedIfEmpty } from '../apps/api/src/db/seed/index.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
/** --keep: leave the PostgreSQL database for EXPLAIN; --reuse: time against a kept one without rebuilding. */
const KEEP = args.includes('--keep');
const REUSE = args.includes('--reuse');
const [url, nArg, fillerArg] = args.filter((a) => !a.startsWith('--'));
const N = Number(nArg ?? 100_000);
const FILLER = Number(fillerArg ?? 0);

async function open(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!url) return { db: await openDatabase({}), drop: async () => {} };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!REUSE) {
    await admin.query('DROP DATABASE IF EXISTS bench_planillas WITH (FORCE)');
    await admin.query('CREATE DATABASE bench_planillas');
  }
  const u = new URL(url);
  u.pathname = '/bench_planillas';
  return {
    db: await openDatabase({ url: u.toString() }),
    drop: async () => {
      if (!KEEP && !REUSE) await admin.query('DROP DATABASE IF EXISTS bench_planillas WITH (FORCE)');
      await admin.end();
    },
  };
}

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;

async function main() {
  const { db, drop } = await open();
  if (!REUSE) {
    await db.migrate();
    await seedIfEmpty(db, { demo: true });
  }
  const [ctx] = await db.query<{ susc: number; aseg: number; prest: number; usr: number; serv: number }>(
    `SELECT a.id_suscripcion AS susc, a.id_empresa AS aseg, p.id_prestador AS prest, u.id_usuario AS usr,
            (SELECT min(id_servicio) FROM servicio) AS serv
       FROM usuario a, usuario u JOIN prestador p ON p.id_empresa = u.id_empresa
      WHERE a.nombre = 'admin@demo.ec' AND u.nombre = 'prestador@demo.ec'`,
  );
  const tramite = async (numero: string) => {
    const [t] = await db.query<{ id: number }>(
      `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                            descripcion, estado_tramite, frecuencia_carga)
       VALUES ($1, $2, $3, $4, $5, '2026-01-01', '2026-12-31', 'BENCH', 'EN PROCESO', 'M') RETURNING id_tramite AS id`,
      [ctx.susc, ctx.aseg, ctx.prest, ctx.serv, numero],
    );
    const [c] = await db.query<{ id: number }>(
      `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso)
       VALUES ($1, $2, 'M', '2026-03-01', '2026-03-31', 'bench.json', 'json', 'COMPLETADA') RETURNING id_carga AS id`,
      [t.id, ctx.usr],
    );
    return { idTramite: t.id, idCarga: c.id };
  };
  /** `off` shifts the patients so that procedures do not repeat each other's attentions. */
  const fill = async (idTramite: number, idCarga: number, n: number, prefix: string, off: number) => {
    const t0 = performance.now();
    for (let from = 1; from <= n; from += 50_000) {
      const to = Math.min(n, from + 49_999);
      await db.query(
        `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, cedula_medico, nombre_medico, diag1, diag2,
                               fecha_desde, fecha_hasta, estado_aud, estado_doc, duplicada, nivel, total)
         SELECT $1, $2, $3, $4 || lpad(i::text, 7, '0'), '09' || lpad(((i + $7) % 300000)::text, 8, '0'),
                (ARRAY['JOSÉ','MARÍA','LUIS','ANA','PEDRO','ÑUSTA'])[1 + i % 6] || ' ' || (ARRAY['PÉREZ','LÓPEZ','MORA','QUISPE'])[1 + i % 4] || ' ' || i,
                '17' || lpad((i % 200)::text, 8, '0'), 'DR. MÉDICO ' || (i % 200),
                CASE WHEN i % 997 = 0 THEN 'U999' ELSE (ARRAY['J181','A09','E119','I10','K359','O80'])[1 + i % 6] END, 'A09',
                DATE '2026-03-01' + ((i + $7) * 7 % 33), DATE '2026-03-01' + ((i + $7) * 7 % 33) + (i % 2),
                (ARRAY['PENDIENTE','REVISADA','FINALIZADA'])[1 + i % 3], (ARRAY['PENDIENTE','REVISADA'])[1 + i % 2],
                0, 1 + i % 2, 25.50 + (i % 3) * 7.90
           FROM generate_series($5::int, $6::int) i`,
        [idTramite, idCarga, ctx.prest, prefix, from, to, off],
      );
    }
    // 0.5 % real duplicates: same patient, dates and services under another number.
    await db.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, cedula_medico, nombre_medico, diag1, diag2,
                             fecha_desde, fecha_hasta, estado_aud, estado_doc, duplicada, nivel, total)
       SELECT id_tramite, id_carga, id_prestador, numero || 'D', cedula, nombre, cedula_medico, nombre_medico, diag1, diag2,
              fecha_desde, fecha_hasta, estado_aud, estado_doc, 1, nivel, total
         FROM planilla WHERE id_tramite = $1 AND id_planilla % 200 = 0`,
      [idTramite],
    );
    await db.query(
      `INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo, fila)
       SELECT p.id_planilla, e.id_elemento, e.codigo, e.nombre, p.fecha_desde, 1,
              CASE WHEN p.id_planilla % 101 = 0 THEN e.valor + 5 ELSE e.valor END, 'P', k
         FROM planilla p CROSS JOIN generate_series(1, 2) k
         JOIN elemento e ON e.codigo = CASE k WHEN 1 THEN '99203' ELSE '85025' END
        WHERE p.id_tramite = $1`,
      [idTramite],
    );
    await db.query(
      `INSERT INTO archivo_pla (id_planilla, id_carga, id_tramite, nombre, ruta, tipo, tamano, hash)
       SELECT id_planilla, id_carga, id_tramite, numero || '.pdf', 'b/' || id_planilla, 'application/pdf', 1000, md5(numero)
         FROM planilla WHERE id_tramite = $1 AND id_planilla % 10 <> 0`,
      [idTramite],
    );
    console.log(`  ${n} attentions (+2 items, 90% with a file) in ${Math.round(ms(t0) / 1000)} s`);
  };

  let b: { idTramite: number; idCarga: number };
  if (REUSE) {
    [b] = await db.query<{ idTramite: number; idCarga: number }>(
      `SELECT t.id_tramite AS "idTramite", c.id_carga AS "idCarga" FROM tramite t JOIN carga c USING (id_tramite) WHERE t.numero = 'BENCH-MAIN'`,
    );
  } else {
    console.log(`${db.kind}: building ${N} attentions${FILLER ? ` + ${FILLER} filler` : ''}`);
    if (FILLER) {
      const f = await tramite('BENCH-FILLER');
      await fill(f.idTramite, f.idCarga, FILLER, 'F', 0);
    }
    b = await tramite('BENCH-MAIN');
    await fill(b.idTramite, b.idCarga, N, 'N', FILLER);
    // What autovacuum does in production: statistics and the visibility map (index-only scans).
    await db.query('VACUUM ANALYZE');
  }

  const dataDir = path.join(os.tmpdir(), 'bench-planillas');
  const config = loadConfig(
    { ...process.env, DATABASE_URL: undefined, LOG_LEVEL: 'silent' },
    { DATA_DIR: dataDir, dataDir, jwtSecret: 'bench-secret-bench-secret-bench' },
  );
  const app = await buildApp({ config, database: db, logger: false });
  await app.ready();
  const login = async (usuario: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { usuario, clave: 'Demo.2026' },
    });
    return { authorization: `Bearer ${r.json().token}` };
  };
  const sup = await login('supervisor.am@demo.ec');
  const time = async (label: string, u: string, headers = sup, reps = 5) => {
    const times: number[] = [];
    let res = await app.inject({ url: u, headers });
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      res = await app.inject({ url: u, headers });
      times.push(ms(t0));
    }
    times.sort((x, y) => x - y);
    const body = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
    console.log(
      `  ${label.padEnd(44)} median ${String(times[Math.floor(reps / 2)]).padStart(7)} ms  max ${String(times[reps - 1]).padStart(7)} ms${body && 'total' in body ? `  total=${body.total}` : ''}${res.statusCode !== 200 ? ` status=${res.statusCode}` : ''}`,
    );
    return res;
  };
  const L = `/api/v1/planillas?idTramite=${b.idTramite}`;
  const last = Math.ceil(N / 10);
  console.log('list (one request at a time, through the route):');
  await time('page 1', L);
  await time(`page ${Math.floor(last / 2)} (middle)`, `${L}&page=${Math.floor(last / 2)}`);
  await time(`page ${last} (last)`, `${L}&page=${last}`);
  await time('PENDIENTES', `${L}&vista=PENDIENTES`);
  await time('PENDIENTES last page', `${L}&vista=PENDIENTES&page=${Math.ceil(N / 30)}`);
  await time('nombre=maria lopez', `${L}&nombre=maria%20lopez`);
  await time('cedula=0900001', `${L}&cedula=0900001`);
  await time('nombreMedico + nivel + estadoAud', `${L}&nombreMedico=medico%2012&nivel=2&estadoAud=REVISADA`);
  await time('fecha + duplicadas', `${L}&fecha=2026-03-10&duplicadas=1`);
  await time('sort=-fechaDesde page 5000', `${L}&sort=-fechaDesde&page=5000`);
  await time('auditor 18 (own only)', L, await login('auditor.am@demo.ec'));
  await time(
    'buscar codigos 85025 pendientes',
    `/api/v1/planillas/buscar?idTramite=${b.idTramite}&tipo=codigos&valor=85025&soloPendientes=1`,
  );
  await time(
    'buscar diagnosticos neumonia',
    `/api/v1/planillas/buscar?idTramite=${b.idTramite}&tipo=diagnosticos&valor=neumonia`,
  );
  console.log('controls:');
  for (const n of [1, 2, 3, 4, 5])
    await time(`control ${n} (count + first page)`, `/api/v1/tramites/${b.idTramite}/controles/${n}`, sup, 3);
  await time('controles (5 counts)', `/api/v1/tramites/${b.idTramite}/controles`, sup, 3);
  await time('list filtered by control 4', `${L}&control=4`, sup, 3);
  console.log('diagnosis lookup:');
  for (const q of ['neumonia%20lobar', 'hipertension', 'J18.1', 'A09X', 'fractura%20de%20femur'])
    await time(`q=${q}`, `/api/v1/diagnosticos?q=${q}`, sup, 9);
  console.log('export:');
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const res = await app.inject({
    url: `/api/v1/planillas/export.csv?idTramite=${b.idTramite}`,
    headers: sup,
  });
  const secs = ms(t0) / 1000;
  clearInterval(timer);
  console.log(
    `  CSV ${res.rawPayload.length} bytes, ${N} rows in ${secs.toFixed(1)} s (${Math.round(N / secs)} rows/s); RSS ${Math.round(rss0 / 1e6)} → peak ${Math.round(peak / 1e6)} MB (inject buffers the whole body)`,
  );
  await app.close();
  await db.close();
  await drop();
}

await main();
