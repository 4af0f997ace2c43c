/**
 * Ingest off the API (issue 16 item 5): a CSV load of N rows (default 1,000,000) ingested by a worker
 * process of the deployment shape — nginx, two API replicas, one worker, s3rver, PostgreSQL, started
 * by the cluster harness (apps/api/src/test/cluster/cluster.ts) — while a client reads the API's
 * lists through nginx.
 *
 *   floor  = bare streaming parse of the file + COPY of the same rows into a plain table (bench/floor.ts),
 *            measured before and after the ingest and averaged;
 *   ingest = from the first byte of the upload through nginx until the load reads COMPLETADA
 *            (upload to a replica, the file into the bucket, the worker's job: parse, validation,
 *            COPY, checks, counters, one transaction); budget ≤ 3 × floor;
 *   worker = the worker process's resident memory, sampled every 100 ms and its peak (VmHWM) after
 *            a reset; budget < 512 MB;
 *   lists  = latency of the provider's procedures list and of the attention list of its largest
 *            procedure (page 1, 25 rows), read one after the other through nginx during the ingest,
 *            and for 10 s before it; budget p95 < 100 ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster-ingest.ts [--rows 1000000] [--no-write]
 *
 * `--cpu-prof DIR`: the worker's main thread is profiled (V8's sampling profiler started by a preload,
 * since Node 20 refuses `--cpu-prof` in NODE_OPTIONS); it writes main-<pid>.cpuprofile into DIR when it
 * stops after the ingest (open it in Chrome's DevTools or speedscope).
 *
 * Figures are printed and written to the "Ingest on a worker" section of docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Cluster, puertos } from '../apps/api/src/test/cluster/cluster.ts';
import { bareParse, copyFloor, peakRss, resetPeak, upload } from './floor.ts';
import { generate } from './generate.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PRELOAD = path.join(import.meta.dirname, 'cpu-prof-preload.cjs');
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    bad: { type: 'string', default: '0.02' },
    'no-write': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const OUT = path.join(ROOT, 'bench/out');
const s = (ms: number) => (ms / 1000).toFixed(2);
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

type Lat = { n: number; p50: number; p95: number; max: number };
const percentiles = (xs: number[]): Lat => {
  const v = [...xs].sort((a, b) => a - b);
  const at = (q: number) => v[Math.min(v.length - 1, Math.floor(q * v.length))] ?? 0;
  return { n: v.length, p50: at(0.5), p95: at(0.95), max: v.at(-1) ?? 0 };
};

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const c = new Cluster(await puertos());
  const prof = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined;
  if (prof) {
    fs.mkdirSync(prof, { recursive: true });
    const env = c.env.bind(c);
    c.env = (nombre, port) => ({
      ...env(nombre, port),
      ...(nombre === 'worker' ? { NODE_OPTIONS: `--require ${PRELOAD}`, BPROF_DIR: prof } : {}),
    });
  }
  console.log(`starting the cluster in ${c.dir} ...`);
  const db = new pg.Client({ connectionString: c.url });
  try {
    await c.start();
    await db.connect();
    const [{ version }] = await c.query<{ version: string }>(
      `SELECT current_setting('server_version') AS version`,
    );
    const login = await c.pedir('POST', '/api/v1/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ usuario: 'prestador@demo.ec', clave: 'Demo.2026' })),
    });
    const token = JSON.parse(login.body.toString()).token as string;
    const auth = { authorization: `Bearer ${token}` };
    const get = async (ruta: string) => {
      const r = await c.pedir('GET', ruta, { headers: auth });
      if (r.status !== 200) throw new Error(`${ruta}: ${r.status} ${r.body.toString().slice(0, 200)}`);
      return JSON.parse(r.body.toString());
    };
    const [prest] = await get('/api/v1/prestadores/mios');
    const creado = await c.pedir('POST', '/api/v1/tramites', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: Buffer.from(
        JSON.stringify({
          idPrestador: prest.idPrestador,
          idServicio: 1,
          fechaDesde: '2026-03-01',
          fechaHasta: '2026-03-31',
          descripcion: 'Benchmark de carga en el trabajador',
          frecuenciaCarga: 'M',
        }),
      ),
    });
    const idTramite = JSON.parse(creado.body.toString()).item.idTramite as number;
    // The provider's demo procedure with the most attentions: the attention list read meanwhile.
    const [grande] = await c.query<{ id: number; n: number }>(
      `SELECT p.id_tramite AS id, count(*)::int AS n FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
        WHERE t.id_prestador = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      [prest.idPrestador],
    );
    const listas = [
      '/api/v1/tramites?vista=carga&page=1&pageSize=25',
      `/api/v1/planillas?idTramite=${grande.id}&page=1&pageSize=25`,
    ];

    const file = path.join(OUT, `cluster-ingest-t${idTramite}-${ROWS}.csv`);
    const t0g = performance.now();
    await generate('csv', file, {
      rows: ROWS,
      bad: Number(values.bad),
      idTramite,
      desde: '2026-03-01',
      hasta: '2026-03-31',
    });
    console.log(
      `generated ${path.basename(file)} (${mb(fs.statSync(file).size)} MB) in ${s(performance.now() - t0g)} s`,
    );

    await db.query(
      `CREATE TABLE bench_floor (${Array.from({ length: 19 }, (_, i) => `c${i + 1} text`).join(', ')})`,
    );
    const floor = async () => {
      const t0 = performance.now();
      const parsed = await bareParse('csv', file);
      const parseMs = performance.now() - t0;
      if (parsed !== ROWS) throw new Error(`bare parse counted ${parsed} rows`);
      const copyMs = await copyFloor(db, 'csv', file);
      await db.query('TRUNCATE bench_floor');
      return { parseMs, copyMs };
    };

    // The lists, read one after the other while `activo()`.
    const leer = async (activo: () => boolean) => {
      const ms: Record<string, number[]> = Object.fromEntries(listas.map((l) => [l, []]));
      while (activo()) {
        for (const l of listas) {
          const t0 = performance.now();
          const r = await c.pedir('GET', l, { headers: auth });
          if (r.status !== 200) throw new Error(`${l}: ${r.status}`);
          ms[l].push(performance.now() - t0);
        }
      }
      return ms;
    };
    console.log('lists with nothing else running (10 s) ...');
    const fin0 = Date.now() + 10_000;
    const reposo = await leer(() => Date.now() < fin0);

    console.log('floor ...');
    const f1 = await floor();
    console.log(`  parse ${s(f1.parseMs)} s, COPY ${s(f1.copyMs)} s`);

    const worker = c.procs.get('worker');
    if (!worker?.pid) throw new Error('no worker');
    const pid = worker.pid;
    const antes = peakRss(pid, 'VmRSS');
    resetPeak(pid);
    let muestra = antes;
    const sampler = setInterval(() => {
      try {
        muestra = Math.max(muestra, peakRss(pid, 'VmRSS'));
      } catch {
        /* gone */
      }
    }, 100);

    console.log(`ingest of ${ROWS} rows through nginx ...`);
    let enCurso = true;
    const lecturas = leer(() => enCurso);
    const t0 = performance.now();
    const res = await upload(
      `http://127.0.0.1:${c.puertos.nginx}/api/v1/tramites/${idTramite}/cargas`,
      token,
      file,
    );
    const subida = performance.now() - t0;
    if (res.status !== 202) throw new Error(`upload ${res.status}: ${res.body}`);
    const { idCarga } = JSON.parse(res.body) as { idCarga: number };
    let r: Record<string, unknown>;
    for (;;) {
      r = await get(`/api/v1/cargas/${idCarga}`);
      if (r.estadoProceso !== 'PROCESANDO') break;
      process.stdout.write(`\r  ${r.progreso}%      `);
      await new Promise((ok) => setTimeout(ok, 250));
    }
    const ingestMs = performance.now() - t0;
    enCurso = false;
    clearInterval(sampler);
    const pico = Math.max(muestra, peakRss(pid));
    const durante = await lecturas;
    if (r.estadoProceso !== 'COMPLETADA') throw new Error(`load ${idCarga}: ${r.estadoProceso} ${r.obs}`);
    const linea = c
      .log('worker')
      .split('\n')
      .find((l) => l.includes('"load ingested"') && l.includes(`"idCarga":${idCarga}`));
    const desglose = linea ? (JSON.parse(linea) as { ms: Record<string, number>; total: number }) : undefined;
    console.log(`\n  ${s(ingestMs)} s (upload ${s(subida)} s), worker RSS ${mb(antes)} → ${mb(pico)} MB`);
    if (desglose) console.log(`  worker: ${JSON.stringify(desglose.ms)} total ${desglose.total}`);
    if (prof) {
      // A clean stop (SIGTERM) so that --cpu-prof writes its profiles.
      c.procs.delete('worker');
      worker.kill('SIGTERM');
      await new Promise((ok) => (worker.exitCode === null ? worker.once('exit', ok) : ok(null)));
      console.log(`  profiles in ${prof}`);
    }

    const f2 = await floor();
    const parseMs = (f1.parseMs + f2.parseMs) / 2;
    const copyMs = (f1.copyMs + f2.copyMs) / 2;
    const floorMs = parseMs + copyMs;
    const ratio = ingestMs / floorMs;

    const cpus = os.cpus();
    const fila = (l: string, x: Lat) =>
      `| ${l.startsWith('/api/v1/tramites') ? 'procedures, page 1 of 25' : `attentions of a ${grande.n}-attention procedure, page 1 of 25`} | ${x.n} | ${x.p50.toFixed(0)} ms | **${x.p95.toFixed(0)} ms** | ${x.max.toFixed(0)} ms |`;
    const lines = [
      '## Ingest on a worker beside the API (issue 16 item 5)',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`bench/cluster-ingest.ts\` (${ROWS.toLocaleString('en-US')} CSV rows, ${Number(values.bad) * 100} % rows with errors, \`bench/generate.ts\`). Machine: ${cpus.length} × ${cpus[0]?.model.trim()}, load average ${os.loadavg()[0].toFixed(1)} at the end (other work was running on it), Node ${process.version}, PostgreSQL ${version}.`,
      '',
      'The deployment shape of docs/deployment.md on one machine, started by the cluster harness of',
      '`apps/api/src/test/cluster/`: nginx in front of two `api` processes, one `worker`, s3rver as the bucket.',
      'The file is uploaded through nginx to a replica, which stores it in the bucket and commits the load',
      'with its job; the worker takes the job, reads the file back from the bucket and ingests it. Floor =',
      'bare streaming parse + COPY into a plain table (bench/floor.ts), before and after, averaged.',
      '',
      '| rows | file | parse | COPY | floor | ingest (upload → COMPLETADA) | ratio (≤ 3) | rows/s | worker RSS before → peak (< 512 MB) |',
      '|---|---|---|---|---|---|---|---|---|',
      `| ${ROWS.toLocaleString('en-US')} | ${mb(fs.statSync(file).size)} MB | ${s(parseMs)} s | ${s(copyMs)} s | ${s(floorMs)} s | ${s(ingestMs)} s (upload ${s(subida)} s) | **${ratio.toFixed(2)}** | ${Math.round(ROWS / (ingestMs / 1000)).toLocaleString('en-US')} | ${mb(antes)} → **${mb(pico)} MB** |`,
      '',
      desglose
        ? `The worker's own account (\`load ingested\`): ${Object.entries(desglose.ms)
            .map(([k, v]) => `${k} ${s(v)} s`)
            .join(', ')}; total ${s(desglose.total)} s.`
        : '',
      '',
      'The API lists read through nginx, one request after the other, with nothing else running and during the ingest:',
      '',
      '| list | requests | p50 | p95 (< 100 ms) | max |',
      '|---|---|---|---|---|',
      ...listas
        .map((l) => fila(l, percentiles(reposo[l])))
        .map((x) =>
          x.replace('| procedures', '| idle: procedures').replace('| attentions', '| idle: attentions'),
        ),
      ...listas
        .map((l) => fila(l, percentiles(durante[l])))
        .map((x) =>
          x
            .replace('| procedures', '| during the ingest: procedures')
            .replace('| attentions', '| during the ingest: attentions'),
        ),
      '',
    ];
    console.log(lines.join('\n'));
    if (!values['no-write']) writeSection(path.join(ROOT, 'docs/performance.md'), lines.join('\n'));
  } finally {
    await db.end().catch(() => {});
    await c.stop();
  }
}

/** Replaces the "## Ingest on a worker" section of the file (other benchmarks keep theirs). */
function writeSection(file: string, section: string) {
  const current = fs.readFileSync(file, 'utf8');
  const start = current.indexOf('## Ingest on a worker');
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + 1);
    next = current.slice(0, start) + section + (end === -1 ? '' : `\n${current.slice(end + 1)}`);
  }
  fs.writeFileSync(file, `${next.trimEnd()}\n`);
  console.log(`written to ${path.relative(ROOT, file)}`);
}

await main();
