/**
 * Attentions benchmark (issue 5, docs/design-summary.md §7): one procedure of N attentions (default 100,000) plus
 * filler attentions in another procedure (900,000 gives the 1,000,000 of the budget), then the real
 * server is started as its own process (the bundle `npm start` runs, bench/server.ts, on the same database) and measured
 * over HTTP with real tokens:
 *   - list pages of GET /api/v1/planillas with filter combinations (first, middle, last and random
 *     pages), 50 concurrent keep-alive clients per combination and a mixed run: p50/p95/p99, req/s;
 *   - controls 1–5 over the procedure (count + first page), one at a time;
 *   - the CSV export of the 100,000 attentions, streamed, with the server's RSS sampled from /proc.
 *
 *   npx tsx bench/planillas.ts postgres://postgres@127.0.0.1:5432/postgres 100000 900000 --keep
 *   npx tsx bench/planillas.ts postgres://postgres@127.0.0.1:5432/postgres --reuse   # measure again
 *
 * Options: --clients=50 --seconds=6 (per combination) --warmup=5 (seconds of unmeasured mixed load first) --only=list|controls|export (repeatable).
 * It creates (and, without --keep/--reuse, drops) a database named bench_planillas; it never touches
 * the test template. PostgreSQL only: the server and the bench are two processes.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { seedIfEmpty } from '../apps/api/src/db/seed/index.ts';
import { startApi, waitHealthy } from './server.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
/** --keep: leave the PostgreSQL database for EXPLAIN; --reuse: time against a kept one without rebuilding. */
const KEEP = args.includes('--keep');
const REUSE = args.includes('--reuse');
const [url, nArg, fillerArg] = args.filter((a) => !a.startsWith('--'));
const opt = (name: string, def: number) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : def;
};
const CLIENTS = opt('clients', 50);
const SECONDS = opt('seconds', 6);
const WARMUP = opt('warmup', 5);
const ONLY = args.filter((a) => a.startsWith('--only=')).map((a) => a.split('=')[1]);
const runs = (part: string) => ONLY.length === 0 || ONLY.includes(part);
const N = Number(nArg ?? 100_000);
const FILLER = Number(fillerArg ?? 0);

if (!url) {
  console.error(
    'usage: npx tsx bench/planillas.ts postgres://user@host:5432/db [N] [FILLER] [--keep|--reuse]',
  );
  process.exit(2);
}

async function open(): Promise<{ db: Database; drop: () => Promise<void> }> {
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
    // A third of the procedure assigned to the AM auditor and to the GD operative (18/20 see only theirs).
    await db.query(
      `UPDATE planilla SET id_usuario_med = (SELECT id_usuario FROM usuario WHERE nombre = 'auditor.am@demo.ec'),
                           id_usuario_doc = (SELECT id_usuario FROM usuario WHERE nombre = 'gestor.gd@demo.ec')
        WHERE id_tramite = $1 AND id_planilla % 3 = 0`,
      [b.idTramite],
    );
    // What autovacuum does in production: statistics and the visibility map (index-only scans).
    await db.query('VACUUM ANALYZE');
  }

  const benchUrl = Object.assign(new URL(url), { pathname: '/bench_planillas' }).toString();
  await db.close();
  const port = 3290 + Math.floor(Math.random() * 100);
  const server = await startServer(benchUrl, port);
  try {
    await measure(server, port, b);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await drop();
  }
}

/** Current or peak resident memory of a process (Linux /proc), in bytes. */
function rss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
}
const mb = (bytes: number) => Math.round(bytes / 1e6);

async function startServer(dbUrl: string, port: number): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-planillas-'));
  const child = await startApi({ databaseUrl: dbUrl, dataDir, port, env: { SEED_DEMO: 'false' } });
  return waitHealthy(child, port);
}

type Hit = { status: number; ms: number; bytes: number };

/** One GET over a keep-alive agent; the body is read (and counted) but not kept. */
function get(agent: http.Agent, port: number, pathAndQuery: string, token: string): Promise<Hit> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(
      { host: '127.0.0.1', port, path: pathAndQuery, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

async function getJson<T>(port: number, p: string, token: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const f1 = (n: number) => (Number.isNaN(n) ? '   -  ' : n.toFixed(1).padStart(6));

type Combo = { label: string; token: string; base: string; pages: number };

/** `clients` closed-loop clients for `seconds`, each request a random page of a random combo of `combos`. */
async function load(port: number, combos: Combo[], clients: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const times: number[] = [];
  let errors = 0;
  const pick = () => {
    const c = combos[Math.floor(Math.random() * combos.length)];
    // Page 1, the last page and random pages in between.
    const r = Math.random();
    const page = r < 0.25 ? 1 : r < 0.4 ? c.pages : 1 + Math.floor(Math.random() * c.pages);
    return { c, url: `${c.base}&page=${page}` };
  };
  // Warm-up: one round without measuring.
  await Promise.all(Array.from({ length: clients }, () => get(agent, port, pick().url, pick().c.token)));
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const { c, url } = pick();
        const h = await get(agent, port, url, c.token);
        if (h.status !== 200) errors++;
        times.push(h.ms);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    rps: times.length / secs,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    max: times[times.length - 1] ?? Number.NaN,
    errors,
  };
}

async function measure(server: ChildProcess, port: number, b: { idTramite: number; idCarga: number }) {
  const pid = server.pid ?? 0;
  const tokens: Record<string, string> = {};
  for (const u of ['supervisor.am', 'auditor.am', 'revisor', 'gestor.gd']) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: `${u}@demo.ec`, clave: 'Demo.2026' }),
    });
    tokens[u] = ((await res.json()) as { token: string }).token;
  }
  console.log(
    `server pid ${pid} on :${port}, RSS ${mb(rss(pid))} MB; ${CLIENTS} clients, ${SECONDS} s per combination`,
  );
  const sup = tokens['supervisor.am'];
  const L = `/api/v1/planillas?idTramite=${b.idTramite}&pageSize=10`;
  const [esp] = await getJson<{ items: Array<{ idEspecialidad: number }> }>(
    port,
    '/api/v1/catalogos/especialidad?pageSize=1',
    sup,
  ).then((r) => r.items);
  const defs: Array<[string, string, string]> = [
    ['TODAS', sup, L],
    ['TODAS sort=-fechaDesde', sup, `${L}&sort=-fechaDesde`],
    ['TODAS sort=nombre', sup, `${L}&sort=nombre`],
    ['PENDIENTES', sup, `${L}&vista=PENDIENTES`],
    ['REVISADAS', sup, `${L}&vista=REVISADAS`],
    ['ANULADAS', sup, `${L}&vista=ANULADAS`],
    ['carga (Periodo)', sup, `${L}&idCarga=${b.idCarga}`],
    ['fecha', sup, `${L}&fecha=2026-03-10`],
    ['nombreMedico', sup, `${L}&nombreMedico=medico%2012`],
    ['idEspecialidad', sup, `${L}&idEspecialidad=${esp?.idEspecialidad ?? 1}`],
    ['numero', sup, `${L}&numero=N00012`],
    ['cedula', sup, `${L}&cedula=0900001`],
    ['nombre', sup, `${L}&nombre=maria%20lopez`],
    ['nivel', sup, `${L}&nivel=2`],
    ['estadoAud', sup, `${L}&estadoAud=REVISADA`],
    ['estadoDoc + nivel (16)', tokens.revisor, `${L}&estadoDoc=PENDIENTE&nivel=1`],
    ['duplicadas', sup, `${L}&duplicadas=1`],
    ['fecha + duplicadas', sup, `${L}&fecha=2026-03-10&duplicadas=1`],
    ['nombreMedico + nivel + estadoAud', sup, `${L}&nombreMedico=medico%2012&nivel=2&estadoAud=REVISADA`],
    ['carga + nombre + estadoAud', sup, `${L}&idCarga=${b.idCarga}&nombre=ana&estadoAud=PENDIENTE`],
    ['auditor 18: own only', tokens['auditor.am'], L],
    ['auditor 18: PENDIENTES + cedula', tokens['auditor.am'], `${L}&vista=PENDIENTES&cedula=09000`],
    ['gestor 20: own, nivel', tokens['gestor.gd'], `${L}&nivel=1`],
    ['sin archivos', sup, `${L}&sinArchivos=1`],
    ['control 2 (fechas)', sup, `${L}&control=2`],
    ['control 5 (sin documentos)', sup, `${L}&control=5`],
  ];
  const combos: Combo[] = [];
  for (const [label, token, base] of defs) {
    const r = await getJson<{ total: number }>(port, base, token);
    combos.push({ label, token, base, pages: Math.max(1, Math.ceil(r.total / 10)) });
  }

  if (runs('list')) {
    // Steady state: a server just started has not compiled its hot paths nor loaded any list yet, so
    // every combination is first requested for a few seconds of mixed load, unmeasured.
    await load(port, combos, CLIENTS, WARMUP);
    console.log('list pages, one combination at a time (random pages incl. first and last):');
    console.log(
      `  ${'combination'.padEnd(36)} ${'rows'.padStart(7)}  ${'req/s'.padStart(6)}  ${'p50'.padStart(6)}  ${'p95'.padStart(6)}  ${'p99'.padStart(6)}  ${'max'.padStart(6)} ms`,
    );
    for (const c of combos) {
      const r = await load(port, [c], CLIENTS, SECONDS);
      console.log(
        `  ${c.label.padEnd(36)} ${String(c.pages * 10).padStart(7)}  ${r.rps.toFixed(0).padStart(6)}  ${f1(r.p50)}  ${f1(r.p95)}  ${f1(r.p99)}  ${f1(r.max)}${r.errors ? `  errors=${r.errors}` : ''}`,
      );
    }
    // The ceiling of the stack on this machine: authentication and one tiny query, no list.
    const ref = await load(
      port,
      [{ label: 'me', token: sup, base: '/api/v1/auth/me?x=1', pages: 1 }],
      CLIENTS,
      SECONDS,
    );
    console.log(
      `  ${'(reference: GET /auth/me)'.padEnd(36)} ${''.padStart(7)}  ${ref.rps.toFixed(0).padStart(6)}  ${f1(ref.p50)}  ${f1(ref.p95)}  ${f1(ref.p99)}  ${f1(ref.max)}${ref.errors ? `  errors=${ref.errors}` : ''}`,
    );
    const mixed = await load(
      port,
      combos.filter((c) => !c.label.startsWith('control')),
      CLIENTS,
      SECONDS * 3,
    );
    console.log(
      `  ${'MIXED (all but control filters)'.padEnd(36)} ${''.padStart(7)}  ${mixed.rps.toFixed(0).padStart(6)}  ${f1(mixed.p50)}  ${f1(mixed.p95)}  ${f1(mixed.p99)}  ${f1(mixed.max)}${mixed.errors ? `  errors=${mixed.errors}` : ''}  (${mixed.n} requests)`,
    );
  }

  if (runs('controls')) {
    console.log('controls over the procedure, one request at a time (count + first page), 3 runs:');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const one = async (label: string, p: string, reps = 3) => {
      const t: number[] = [];
      let last: Hit | undefined;
      for (let i = 0; i < reps; i++) {
        last = await get(agent, port, p, sup);
        t.push(last.ms);
      }
      t.sort((a, b2) => a - b2);
      const body = await getJson<{ total?: number }>(port, p, sup).catch(() => ({ total: undefined }));
      console.log(
        `  ${label.padEnd(36)} median ${f1(t[Math.floor(reps / 2)])} ms  max ${f1(t[reps - 1])} ms${body.total !== undefined ? `  flagged=${body.total}` : ''}${last?.status !== 200 ? `  status=${last?.status}` : ''}`,
      );
    };
    for (const n of [1, 2, 3, 4, 5])
      await one(`control ${n}`, `/api/v1/tramites/${b.idTramite}/controles/${n}`);
    await one('control 1, page 50', `/api/v1/tramites/${b.idTramite}/controles/1?page=50`);
    await one('controles (the 5 counts)', `/api/v1/tramites/${b.idTramite}/controles`, 1);
    agent.destroy();
  }

  if (runs('export')) {
    console.log('CSV export of the procedure, streamed (server RSS sampled every 20 ms):');
    for (const [label, clients] of [
      ['1 export', 1],
      ['4 exports at once', 4],
    ] as const) {
      const before = rss(pid);
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, rss(pid));
      }, 20);
      const agent = new http.Agent({ keepAlive: false });
      const t0 = performance.now();
      const hits = await Promise.all(
        Array.from({ length: clients }, () =>
          get(agent, port, `/api/v1/planillas/export.csv?idTramite=${b.idTramite}`, sup),
        ),
      );
      const secs = (performance.now() - t0) / 1000;
      clearInterval(timer);
      agent.destroy();
      const bytes = hits.reduce((a, h) => a + h.bytes, 0);
      console.log(
        `  ${label.padEnd(20)} ${(bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(1)} s (${Math.round((N * clients) / secs)} rows/s, status ${[...new Set(hits.map((h) => h.status))].join(',')}); server RSS ${mb(before)} → peak ${mb(peak)} MB`,
      );
    }
  }
}

await main();
