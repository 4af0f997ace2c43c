/**
 * Ingest benchmark (docs/design-summary.md §7, issue 4 "Speed and memory"), against PostgreSQL.
 *
 * For each format (CSV, JSON, XLSX) and N rows (default 100,000):
 *   floor  = the bare streaming parse of the file with the same parser and options as the server
 *            + PostgreSQL's own COPY of the same rows into a plain table (measured separately, summed);
 *   ingest = the real thing through the HTTP API of a server started as its own process: upload,
 *            background job (parse, row validation, COPY into carga_fila/carga_error, set-based checks,
 *            counters, state), measured from the first byte sent until the load reads COMPLETADA;
 *   ratio  = ingest / floor (budget ≤ 3), and the server's peak RSS during the ingest (budget < 512 MB).
 * Then organising a clean load of N rows into attentions (budget < 20 s).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ingest.ts [--rows 100000]
 *
 * A scratch database `bench_ingest` is (re)created on that server. Figures are printed and written to
 * the "Ingest" section of docs/performance.md.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bareParse, copyFloor, peakRss, resetPeak, upload } from './floor.ts';
import { type Formato, generate } from './generate.ts';
import { startApi, waitHealthy } from './server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    bad: { type: 'string', default: '0.02' },
    formats: { type: 'string', default: 'csv,json,xlsx' },
    'no-write': { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_ingest';
const BENCH_URL = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();
const OUT = path.join(ROOT, 'bench/out');

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Where the server says the time of each load went, in order. */
const desglose: Record<string, number>[] = [];

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = await startApi({
    databaseUrl: BENCH_URL,
    dataDir,
    port,
    env: { LOG_LEVEL: 'info', UPLOAD_MAX_MB: '1000', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server logs where the time of each load went ('load ingested'); keep those lines, drop the rest.
  let pending = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const wanted = ['"load ingested"', '"attentions organised"', '"level":50', '"level":40'];
      if (!wanted.some((w) => line.includes(w))) continue;
      try {
        const o = JSON.parse(line) as { msg: string; ms?: Record<string, number>; total?: number };
        if (o.msg === 'load ingested' || o.msg === 'attentions organised')
          desglose.push({ ...(o.ms ?? {}), total: o.total ?? 0 });
        else console.log(`  server: ${o.msg}`);
      } catch {
        // not a log line
      }
    }
  });
  return waitHealthy(child, port);
}

type Resultado = {
  formato: Formato;
  mb: number;
  parse: number;
  copy: number;
  ingest: number;
  peak: number;
  antes: number;
  subida: number;
  desglose: Record<string, number>;
  registros: number;
  errores: number;
  novedades: number;
};

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const [{ server_version: version }] = (await admin.query<{ server_version: string }>('SHOW server_version'))
    .rows;
  await admin.end();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  const port = await freePort();
  console.log(`starting the API on :${port} against ${DB_NAME} ...`);
  const server = await startServer(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  const db = new pg.Client({ connectionString: BENCH_URL });
  await db.connect();
  try {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'prestador@demo.ec', clave: 'Demo.2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const [ctx] = (
      await db.query<{ prestador: number; suscripcion: number; aseguradora: number }>(
        `SELECT (SELECT p.id_prestador FROM prestador p JOIN usuario u ON u.id_empresa = p.id_empresa WHERE u.nombre = 'prestador@demo.ec') AS prestador,
                id_suscripcion AS suscripcion, id_empresa AS aseguradora FROM usuario WHERE nombre = 'admin@demo.ec'`,
      )
    ).rows;
    let seq = 0;
    const tramite = async () =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                                descripcion, frecuencia_carga)
           VALUES ($1, $2, $3, 1, $4, '2026-03-01', '2026-03-31', 'BENCHMARK DE CARGA', 'M') RETURNING id_tramite AS id`,
          [ctx.suscripcion, ctx.aseguradora, ctx.prestador, `BENCH-${Date.now()}-${++seq}`],
        )
      ).rows[0].id;
    await db.query(
      `CREATE TABLE bench_floor (${Array.from({ length: 19 }, (_, i) => `c${i + 1} text`).join(', ')})`,
    );

    const archivo = async (formato: Formato, idTramite: number, bad: number) => {
      const file = path.join(OUT, `ingest-t${idTramite}-b${bad}-${ROWS}.${formato}`);
      if (!fs.existsSync(file)) {
        const t0 = performance.now();
        await generate(formato, file, {
          rows: ROWS,
          bad,
          idTramite,
          desde: '2026-03-01',
          hasta: '2026-03-31',
        });
        console.log(`  generated ${path.basename(file)} in ${seconds(performance.now() - t0)} s`);
      }
      return file;
    };

    const ingest = async (idTramite: number, file: string) => {
      const pid = server.pid!;
      const antes = peakRss(pid, 'VmRSS');
      resetPeak(pid);
      const t0 = performance.now();
      const res = await upload(`${base}/api/v1/tramites/${idTramite}/cargas`, token, file);
      const subida = performance.now() - t0;
      if (res.status !== 202) throw new Error(`upload ${res.status}: ${res.body}`);
      const { idCarga } = JSON.parse(res.body) as { idCarga: number };
      let last = '';
      for (;;) {
        const r = (await (
          await fetch(`${base}/api/v1/cargas/${idCarga}`, { headers: auth })
        ).json()) as Record<string, unknown>;
        if (r.estadoProceso !== 'PROCESANDO') {
          const ms = performance.now() - t0;
          if (r.estadoProceso !== 'COMPLETADA')
            throw new Error(`load ${idCarga}: ${r.estadoProceso} ${r.obs}`);
          await new Promise((ok) => setTimeout(ok, 200)); // let the log line arrive
          return { ms, subida, antes, peak: peakRss(pid), idCarga, r, desglose: desglose.at(-1) ?? {} };
        }
        const p = `${r.progreso}% ${r.filasPorSegundo ?? 0} filas/s`;
        if (p !== last) process.stdout.write(`\r  ${p}        `);
        last = p;
        await new Promise((ok) => setTimeout(ok, 200));
      }
    };

    const resultados: Resultado[] = [];
    for (const formato of values.formats.split(',') as Formato[]) {
      console.log(`\n${formato.toUpperCase()}, ${ROWS} rows`);
      const id = await tramite();
      const file = await archivo(formato, id, Number(values.bad));
      const size = fs.statSync(file).size;
      // The floor is measured before and after the ingest and averaged: the machine's load drifts.
      const floor = async () => {
        const t0 = performance.now();
        const parsed = await bareParse(formato, file);
        const parseMs = performance.now() - t0;
        if (parsed !== ROWS) throw new Error(`bare parse counted ${parsed} rows`);
        return { parseMs, copyMs: await copyFloor(db, formato, file) };
      };
      const f1 = await floor();
      console.log(`  floor (before): parse ${seconds(f1.parseMs)} s + COPY ${seconds(f1.copyMs)} s`);
      const run = await ingest(id, file);
      process.stdout.write('\r');
      const f2 = await floor();
      console.log(`  floor (after):  parse ${seconds(f2.parseMs)} s + COPY ${seconds(f2.copyMs)} s`);
      const parseMs = (f1.parseMs + f2.parseMs) / 2;
      const copyMs = (f1.copyMs + f2.copyMs) / 2;
      console.log(
        `  server: upload ${seconds(run.subida)} s, ${Object.entries(run.desglose)
          .map(([k, v]) => `${k} ${seconds(v)} s`)
          .join(', ')}`,
      );
      const r = run.r as { numeroRegistros: number; contadorErrores: number; contadorNovedades: number };
      console.log(
        `  ingest ${seconds(run.ms)} s (${Math.round(ROWS / (run.ms / 1000))} rows/s), ratio ${(run.ms / (parseMs + copyMs)).toFixed(2)}, ` +
          `peak RSS ${mb(run.peak)} MB (${mb(run.antes)} MB before); ${r.numeroRegistros} rows, ${r.contadorErrores} with errors, ${r.contadorNovedades} with novedades`,
      );
      resultados.push({
        formato,
        mb: size,
        parse: parseMs,
        copy: copyMs,
        ingest: run.ms,
        peak: run.peak,
        antes: run.antes,
        subida: run.subida,
        desglose: run.desglose,
        registros: r.numeroRegistros,
        errores: r.contadorErrores,
        novedades: r.contadorNovedades,
      });
    }

    console.log(`\nORGANISE, ${ROWS} rows (a clean CSV load)`);
    const idOrg = await tramite();
    const clean = await archivo('csv', idOrg, 0);
    const load = await ingest(idOrg, clean);
    process.stdout.write('\r');
    resetPeak(server.pid!);
    const t0 = performance.now();
    const org = await fetch(`${base}/api/v1/cargas/${load.idCarga}/organizar?esperar=true`, {
      method: 'POST',
      headers: auth,
    });
    const orgMs = performance.now() - t0;
    const orgBody = (await org.json()) as { planillas: number; detalles: number; duplicadas: number };
    if (org.status !== 200) throw new Error(`organise ${org.status}: ${JSON.stringify(orgBody)}`);
    const orgPeak = peakRss(server.pid!);
    await new Promise((ok) => setTimeout(ok, 200));
    const orgDesglose = desglose.at(-1) ?? {};
    console.log(
      `  server: ${Object.entries(orgDesglose)
        .map(([k, v]) => `${k} ${seconds(v)} s`)
        .join(', ')}`,
    );
    console.log(
      `  ${seconds(orgMs)} s: ${orgBody.planillas} attentions, ${orgBody.detalles} line items, ${orgBody.duplicadas} duplicates; peak RSS ${mb(orgPeak)} MB`,
    );

    const cpu = os.cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model.trim()}, ${mb(os.totalmem())} MB RAM, Node ${process.version}, PostgreSQL ${version} on the same machine`;
    const lines = [
      '## Ingest',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`bench/ingest.ts\` (${ROWS.toLocaleString('en')} rows per format, ` +
        `${Number(values.bad) * 100} % rows with errors, generated by \`bench/generate.ts\`). Machine: ${machine}.`,
      '',
      'Floor = bare streaming parse of the file with the same parser and options + `COPY` of the same rows into a plain',
      'table (19 text columns, no index), measured one after the other in the same run. Ingest = upload through the HTTP',
      'API of a separate server process until the load reads COMPLETADA (parse, row validation, `COPY` into `carga_fila` and',
      '`carga_error`, four set-based checks against the catalogues, counters, procedure state, one transaction).',
      '',
      'The floor is measured before and after the ingest and averaged. The formats run one after the other on one',
      'long-lived server, so its resident memory before each ingest (heap kept from the previous ones) is shown too.',
      '',
      '| format | file | parse | COPY | floor | ingest | ratio (≤ 3) | rows/s | server RSS before → peak (< 512 MB) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...resultados.map(
        (x) =>
          `| ${x.formato.toUpperCase()} | ${(x.mb / 1e6).toFixed(1)} MB | ${seconds(x.parse)} s | ${seconds(x.copy)} s | ` +
          `${seconds(x.parse + x.copy)} s | ${seconds(x.ingest)} s | **${(x.ingest / (x.parse + x.copy)).toFixed(2)}** | ` +
          `${Math.round(ROWS / (x.ingest / 1000)).toLocaleString('en')} | ${mb(x.antes)} → **${mb(x.peak)} MB** |`,
      ),
      '',
      'Where the ingest time goes (the server logs it per load as `load ingested`): upload = multipart body streamed to',
      'DATA_DIR/tmp; read = streaming parse + row validation + batches of `COPY` into `carga_fila`/`carga_error`',
      '(overlapped: PostgreSQL copies one batch while the parser fills the next); then the four set-based checks and the close',
      '(counters, procedure state, bitácora, COMMIT).',
      '',
      '| format | upload | read + validate + COPY | CIE-10 | service codes | prices | attention agreement | close |',
      '|---|---|---|---|---|---|---|---|',
      ...resultados.map((x) => {
        const d = (k: string) => `${seconds(x.desglose[k] ?? 0)} s`;
        return `| ${x.formato.toUpperCase()} | ${seconds(x.subida)} s | ${d('lectura')} | ${d('diagnosticos')} | ${d('servicios')} | ${d('precios')} | ${d('planillas')} | ${d('cierre')} |`;
      }),
      '',
      `Organise ${ROWS.toLocaleString('en')} rows (clean CSV load) into ${orgBody.planillas.toLocaleString('en')} attentions and ` +
        `${orgBody.detalles.toLocaleString('en')} line items (${orgBody.duplicadas} duplicates): **${seconds(orgMs)} s** (budget < 20 s); ` +
        `attentions ${seconds(orgDesglose.planillas ?? 0)} s, line items ${seconds(orgDesglose.detalles ?? 0)} s, ` +
        `duplicates ${seconds(orgDesglose.duplicadas ?? 0)} s; server peak RSS ${mb(orgPeak)} MB.`,
      '',
    ];
    console.log(`\n${lines.join('\n')}`);
    if (!values['no-write']) writeSection(path.join(ROOT, 'docs/performance.md'), lines.join('\n'));
  } finally {
    await db.end();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Replaces the "## Ingest" section of the file (other benchmarks keep theirs). */
function writeSection(file: string, section: string) {
  const current = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Performance\n\nFigures measured by `bench/`.\n';
  const start = current.indexOf('## Ingest');
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
