/**
 * Reports benchmark (issue 15 item 1, 'Speed and memory'): report 11 (detailed attention sheets) of a
 * procedure with 10,000 attentions and 30,000 lines (2 loads; some lines approved below the claim,
 * some inactive; 2,000 observations), drawn by the real server (the bundle `npm start` runs,
 * bench/server.ts) and fetched over HTTP with a real token. Measured:
 *   - the report: time to the first byte and to the last, size, pages; budget 20 s;
 *   - the server's RSS sampled every 20 ms during the drawing (and VmHWM); budget 300 MB;
 *   - the attentions list (GET /api/v1/planillas, random pages, CLIENTS closed-loop clients) before
 *     and while the report is drawn: p50 / p95 / max; budget p95 200 ms while drawing;
 *   - the same report again (served from what was generated).
 *
 *   - the report drawn again ALONE times with nothing else running: wall time, server CPU seconds,
 *     RSS peak and RSS at rest after each (a second drawing must not grow the process).
 *
 *   npx tsx bench/reportes.ts postgres://postgres@127.0.0.1:5432/postgres [--keep | --reuse] [--clients=4] [--alone=3]
 *
 * It creates (and, without --keep/--reuse, drops) a database named bench_reportes.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { seedIfEmpty } from '../apps/api/src/db/seed/index.ts';
import { startApi, waitHealthy } from './server.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const KEEP = args.includes('--keep');
const REUSE = args.includes('--reuse');
const url =
  args.find((a) => !a.startsWith('--')) ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const opt = (name: string, def: number) =>
  Number(args.find((x) => x.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const CLIENTS = opt('clients', 4);
/** Drawings of the report with nothing else running, one after another (memory must not grow). */
const ALONE = opt('alone', 3);
const N = opt('atenciones', 10_000);
const DBNAME = 'bench_reportes';

const mb = (b: number) => Math.round(b / 1e6);
const pct = (s: number[], p: number) =>
  s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
const f1 = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));

/** CPU seconds (user + system) the process has used (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpu(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

function rss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
}

async function build(db: Database): Promise<number> {
  const [ctx] = await db.query<{
    susc: number;
    aseg: number;
    prest: number;
    usr: number;
    serv: number;
    am: number;
  }>(
    `SELECT a.id_suscripcion AS susc, a.id_empresa AS aseg, p.id_prestador AS prest, u.id_usuario AS usr,
            (SELECT min(id_servicio) FROM servicio) AS serv,
            (SELECT id_usuario FROM usuario WHERE nombre = 'auditor.am@demo.ec') AS am
       FROM usuario a, usuario u JOIN prestador p ON p.id_empresa = u.id_empresa
      WHERE a.nombre = 'admin@demo.ec' AND u.nombre = 'prestador@demo.ec'`,
  );
  const [t] = await db.query<{ id: number }>(
    `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                          descripcion, estado_tramite, frecuencia_carga, tipo_asignacion)
     VALUES ($1, $2, $3, $4, 'BENCH-REPORTES', '2026-03-01', '2026-03-31', 'BENCH REPORTES', 'EN PROCESO', 'M', 'T')
     RETURNING id_tramite AS id`,
    [ctx.susc, ctx.aseg, ctx.prest, ctx.serv],
  );
  const cargas: number[] = [];
  for (const [d, h] of [
    ['2026-03-01', '2026-03-15'],
    ['2026-03-16', '2026-03-31'],
  ]) {
    const [c] = await db.query<{ id: number }>(
      `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso, tiene_planillas)
       VALUES ($1, $2, 'M', $3, $4, 'bench.json', 'json', 'COMPLETADA', 1) RETURNING id_carga AS id`,
      [t.id, ctx.usr, d, h],
    );
    cargas.push(c.id);
  }
  await db.query(
    `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, cedula_medico, nombre_medico, diag1, diag2,
                           fecha_desde, fecha_hasta, estado_aud, estado_doc, duplicada, nivel, total)
     SELECT $1, CASE WHEN i % 2 = 0 THEN $2::int ELSE $3::int END, $4, 'N' || lpad(i::text, 6, '0'), '09' || lpad(i::text, 8, '0'),
            (ARRAY['JOSÉ','MARÍA','LUIS','ANA'])[1 + i % 4] || ' ' || (ARRAY['PÉREZ','LÓPEZ','MORA'])[1 + i % 3] || ' ' || i,
            '1700000001', 'DR. MÉDICO ' || (i % 50), 'J181', 'A09',
            CASE WHEN i % 2 = 0 THEN DATE '2026-03-01' ELSE DATE '2026-03-16' END + (i % 14),
            CASE WHEN i % 2 = 0 THEN DATE '2026-03-01' ELSE DATE '2026-03-16' END + (i % 14),
            (ARRAY['PENDIENTE','REVISADA','FINALIZADA'])[1 + i % 3], 'PENDIENTE', 0, 1, 0
       FROM generate_series(1, $5::int) i`,
    [t.id, cargas[0], cargas[1], ctx.prest, N],
  );
  await db.query(
    `INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo, fila,
                               valor_aprobado, estado)
     SELECT p.id_planilla, e.id_elemento, e.codigo, e.nombre, p.fecha_desde, k, 25.50 + k,
            'P', k, CASE WHEN p.id_planilla % 7 = 0 AND k = 1 THEN 20.00 END, CASE WHEN p.id_planilla % 11 = 0 AND k = 3 THEN 0 ELSE 1 END
       FROM planilla p CROSS JOIN generate_series(1, 3) k
       JOIN elemento e ON e.codigo = (ARRAY['99203','85025','99213'])[k]
      WHERE p.id_tramite = $1`,
    [t.id],
  );
  const [o] = await db.query<{ id: number }>(
    `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'VALOR NO CORRESPONDE AL TARIFARIO', 'M') RETURNING id_observacion AS id`,
    [ctx.aseg],
  );
  await db.query(
    `INSERT INTO pla_det_obs (id_planilla_det, id_planilla, id_observacion, observacion_tipo, descripcion, id_usuario_reg, ronda)
     SELECT d.id_planilla_det, d.id_planilla, $2, 'M', 'COBRO SUPERIOR AL CONVENIO', $3, 1
       FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
      WHERE p.id_tramite = $1 AND d.valor_aprobado IS NOT NULL LIMIT 2000`,
    [t.id, o.id, ctx.am],
  );
  await db.query('VACUUM ANALYZE');
  return t.id;
}

type Hit = { status: number; ms: number; first: number; bytes: number; origen?: string };
function get(agent: http.Agent, port: number, p: string, token: string): Promise<Hit> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = 0;
    const req = http.request(
      { host: '127.0.0.1', port, path: p, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          if (!first) first = performance.now() - t0;
          bytes += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            first,
            bytes,
            origen: res.headers['x-reporte-origen'] as string | undefined,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A report as the web app asks for it (decision 78): asked again while the answer is 202 (a worker draws it). */
async function getPdf(agent: http.Agent, port: number, p: string, token: string): Promise<Hit> {
  const t0 = performance.now();
  for (;;) {
    const h = await get(agent, port, p, token);
    const ms = performance.now() - t0;
    if (h.status !== 202) return { ...h, ms, first: ms - h.ms + h.first };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** CLIENTS closed-loop clients on random pages of the attentions list until `until` resolves. */
async function listLoad(port: number, token: string, idTramite: number, until: Promise<unknown>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const times: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const pages = Math.ceil(N / 10);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!done) {
        const page = 1 + Math.floor(Math.random() * pages);
        const h = await get(
          agent,
          port,
          `/api/v1/planillas?idTramite=${idTramite}&pageSize=10&page=${page}`,
          token,
        );
        if (h.status !== 200) throw new Error(`list ${h.status}`);
        times.push(h.ms);
      }
    }),
  );
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: pct(times, 50),
    p95: pct(times, 95),
    max: times[times.length - 1] ?? Number.NaN,
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!REUSE) {
    await admin.query(`DROP DATABASE IF EXISTS ${DBNAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DBNAME}`);
  }
  const benchUrl = Object.assign(new URL(url), { pathname: `/${DBNAME}` }).toString();
  const db = await openDatabase({ url: benchUrl });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reportes-'));
  try {
    await db.migrate();
    let idTramite: number;
    if (REUSE) {
      [{ id: idTramite }] = await db.query<{ id: number }>(
        `SELECT id_tramite AS id FROM tramite WHERE numero = 'BENCH-REPORTES'`,
      );
      await db.query('DELETE FROM reporte_pdf');
    } else {
      await seedIfEmpty(db, { demo: true });
      const t0 = performance.now();
      idTramite = await build(db);
      console.log(`data built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const [c] = await db.query<{ a: number; l: number }>(
      `SELECT count(DISTINCT p.id_planilla)::int AS a, count(*)::int AS l FROM planilla p JOIN planilla_det d USING (id_planilla) WHERE p.id_tramite = $1`,
      [idTramite],
    );
    console.log(
      `machine: ${os.cpus().length} CPU, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}; Node ${process.version}; procedure ${c.a} attentions, ${c.l} lines`,
    );
    const port = 3490 + Math.floor(Math.random() * 100);
    const child = await waitHealthy(
      await startApi({ databaseUrl: benchUrl, dataDir, port, env: { SEED_DEMO: 'false' } }),
      port,
    );
    const pid = child.pid ?? 0;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usuario: 'supervisor.am@demo.ec', clave: 'Demo.2026' }),
      });
      const { token } = (await res.json()) as { token: string };
      // Warm-up: the list's id cache, the server's code paths.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      await get(agent, port, `/api/v1/planillas?idTramite=${idTramite}&pageSize=10`, token);
      const base = await listLoad(port, token, idTramite, new Promise((r) => setTimeout(r, 5000)));
      console.log(`server RSS at rest ${mb(rss(pid))} MB`);
      console.log(
        `list alone (${CLIENTS} clients, 5 s): ${base.n} requests, p50 ${f1(base.p50)} p95 ${f1(base.p95)} max ${f1(base.max)} ms`,
      );

      let peak = rss(pid);
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss(pid));
      }, 20);
      const reporte = getPdf(agent, port, `/api/v1/reportes/pdf/11/${idTramite}`, token);
      const during = await listLoad(port, token, idTramite, reporte);
      const r = await reporte;
      clearInterval(sampler);
      const hwm = rss(pid, 'VmHWM');
      if (r.status !== 200) throw new Error(`report 11: ${r.status}`);
      // The copy is stored just after the last byte: wait for its row.
      let row: { paginas: number } | undefined;
      for (let i = 0; i < 100 && !row; i++) {
        [row] = await db.query<{ paginas: number }>(
          'SELECT paginas FROM reporte_pdf ORDER BY id_reporte_pdf DESC LIMIT 1',
        );
        if (!row) await new Promise((r) => setTimeout(r, 100));
      }
      console.log(
        `report 11 (${r.origen}): first byte ${(r.first / 1000).toFixed(1)} s, last byte ${(r.ms / 1000).toFixed(1)} s, ${(r.bytes / 1e6).toFixed(1)} MB, ${row?.paginas ?? '?'} pages`,
      );
      console.log(`  server RSS peak ${mb(peak)} MB sampled every 20 ms (VmHWM ${mb(hwm)} MB)`);
      console.log(
        `  list while drawing (${CLIENTS} clients): ${during.n} requests, p50 ${f1(during.p50)} p95 ${f1(during.p95)} max ${f1(during.max)} ms`,
      );
      const again = await getPdf(agent, port, `/api/v1/reportes/pdf/11/${idTramite}`, token);
      // The same report drawn again with nothing else from this benchmark running: its wall time and
      // the CPU seconds the server spent on it (what an idle 2-core machine would need, about), and
      // whether drawing after drawing grows the process.
      const solos: { ms: number; cpu: number; peak: number }[] = [];
      for (let i = 0; i < ALONE; i++) {
        await db.query('DELETE FROM reporte_pdf');
        await new Promise((r) => setTimeout(r, 1000));
        const antes = rss(pid);
        let peak2 = antes;
        const s2 = setInterval(() => {
          peak2 = Math.max(peak2, rss(pid));
        }, 20);
        const c0 = cpu(pid);
        const solo = await getPdf(agent, port, `/api/v1/reportes/pdf/11/${idTramite}`, token);
        clearInterval(s2);
        const c = cpu(pid) - c0;
        solos.push({ ms: solo.ms, cpu: c, peak: peak2 });
        // Its copy is stored just after the last byte: wait for it, or the next DELETE misses it.
        for (let k = 0; k < 100; k++) {
          const [n] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reporte_pdf');
          if (n.n > 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        console.log(
          `report 11 alone #${i + 1} (${solo.origen}): ${(solo.ms / 1000).toFixed(1)} s wall, ${c.toFixed(1)} s of server CPU, RSS ${mb(antes)} MB before, peak ${mb(peak2)} MB`,
        );
      }
      if (solos.length > 0) {
        const med = (k: 'ms' | 'cpu' | 'peak') =>
          solos.map((x) => x[k]).sort((a, b) => a - b)[solos.length >> 1];
        await new Promise((r) => setTimeout(r, 1000));
        console.log(
          `report 11 alone, median of ${solos.length}: ${(med('ms') / 1000).toFixed(1)} s wall, ${med('cpu').toFixed(1)} s of server CPU, RSS peak ${mb(med('peak'))} MB; RSS at rest after ${mb(rss(pid))} MB`,
        );
      }
      console.log(
        `report 11 again (${again.origen}): ${again.ms.toFixed(0)} ms, ${(again.bytes / 1e6).toFixed(1)} MB`,
      );
      console.log(
        `load average after: ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
      );
      agent.destroy();
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await db.close();
    if (!KEEP && !REUSE) await admin.query(`DROP DATABASE IF EXISTS ${DBNAME} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
