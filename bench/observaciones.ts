/**
 * Observations benchmark (issue 13, 'Speed'): a procedure with 10,000 observations of type M (4,000
 * on attentions, 6,000 on line items; half sent to the provider, a quarter answered) plus 2,000 of
 * type D, a second procedure with 5,000 unsent M observations, and 20,000 observations of other
 * procedures around them. The real server (the bundle `npm start` runs, bench/server.ts) is started
 * as its own process and measured over HTTP with real tokens:
 *   - the pending-observations screen, GET /api/v1/tramites/{id}/observaciones, with the filters of
 *     the screen and the provider's lists (first, last and random pages): one client, then 50
 *     concurrent keep-alive clients per combination and mixed; EXPLAIN ANALYZE of its queries;
 *   - sending the 5,000 observations (POST …/acciones/enviar-observaciones as 17): the answer's time,
 *     then the time until the e-mail with its PDF report has left the outbox (.eml in DATA_DIR), the
 *     server's peak RSS, and how long the server kept other requests waiting meanwhile (a request
 *     answered without the database, every 50 ms).
 *
 *   npx tsx bench/observaciones.ts postgres://postgres@127.0.0.1:5432/postgres --keep   # build + measure
 *   npx tsx bench/observaciones.ts postgres://postgres@127.0.0.1:5432/postgres --reuse  # measure again
 *
 * Options: --clients=50 --seconds=5 (per combination) --warmup=5 --only=list|send (repeatable).
 * Sending changes the data (the procedure goes to OBSERVACIONES): with --reuse it is put back first.
 * It creates (and, without --keep/--reuse, drops) a database named bench_observaciones.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { observacionesListaQuerySchema, type SessionUser } from '@app/domain';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { seedIfEmpty } from '../apps/api/src/db/seed/index.ts';
import { SQL_PAGINA, sqlIdsObservaciones } from '../apps/api/src/features/observaciones/lista.ts';
import { union } from '../apps/api/src/features/observaciones/queries.ts';
import type { TramiteRow } from '../apps/api/src/features/tramites/access.ts';
import { startApi, waitHealthy } from './server.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const KEEP = args.includes('--keep');
const REUSE = args.includes('--reuse');
const url =
  args.find((a) => !a.startsWith('--')) ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const opt = (name: string, def: number) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : def;
};
const CLIENTS = opt('clients', 50);
const SECONDS = opt('seconds', 5);
const WARMUP = opt('warmup', 5);
const ONLY = args.filter((a) => a.startsWith('--only=')).map((a) => a.split('=')[1]);
const runs = (part: string) => ONLY.length === 0 || ONLY.includes(part);
const DBNAME = 'bench_observaciones';

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;
const mb = (bytes: number) => Math.round(bytes / 1e6);

type Ctx = { susc: number; aseg: number; prest: number; usr: number; serv: number; am: number };
type Proc = { idTramite: number; idCarga: number };

async function build(db: Database): Promise<void> {
  const [ctx] = await db.query<Ctx>(
    `SELECT a.id_suscripcion AS susc, a.id_empresa AS aseg, p.id_prestador AS prest, u.id_usuario AS usr,
            (SELECT min(id_servicio) FROM servicio) AS serv,
            (SELECT id_usuario FROM usuario WHERE nombre = 'auditor.am@demo.ec') AS am
       FROM usuario a, usuario u JOIN prestador p ON p.id_empresa = u.id_empresa
      WHERE a.nombre = 'admin@demo.ec' AND u.nombre = 'prestador@demo.ec'`,
  );
  const cat = async (tabla: string, cols: string, vals: unknown[]) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO ${tabla} (${cols}) VALUES (${vals.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING 1 AS x, ${
          tabla === 'respuesta' ? 'id_respuesta' : 'id_observacion'
        } AS id`,
        vals,
      )
    )[0].id;
  const obsM = await cat('observacion', 'id_empresa, descripcion, tipo', [
    ctx.aseg,
    'VALOR NO CORRESPONDE AL TARIFARIO',
    'M',
  ]);
  const obsD = await cat('observacion', 'id_empresa, descripcion, tipo', [
    ctx.aseg,
    'FALTA FIRMA DEL MÉDICO',
    'D',
  ]);
  const resp = await cat('respuesta', 'id_empresa, descripcion', [
    ctx.aseg,
    'SE ADJUNTA DOCUMENTO DE RESPALDO',
  ]);

  const tramite = async (numero: string): Promise<Proc> => {
    const [t] = await db.query<{ id: number }>(
      `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                            descripcion, estado_tramite, frecuencia_carga)
       VALUES ($1, $2, $3, $4, $5, '2026-01-01', '2026-12-31', 'BENCH OBSERVACIONES', 'EN PROCESO', 'M')
       RETURNING id_tramite AS id`,
      [ctx.susc, ctx.aseg, ctx.prest, ctx.serv, numero],
    );
    const [c] = await db.query<{ id: number }>(
      `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso)
       VALUES ($1, $2, 'M', '2026-03-01', '2026-03-31', 'bench.json', 'json', 'COMPLETADA') RETURNING id_carga AS id`,
      [t.id, ctx.usr],
    );
    return { idTramite: t.id, idCarga: c.id };
  };
  /** n attentions with 2 line items each; a third assigned to the AM auditor (18 sees only those). */
  const planillas = async (p: Proc, n: number, prefix: string) => {
    await db.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, cedula_medico, nombre_medico, diag1,
                             fecha_desde, fecha_hasta, estado_aud, estado_doc, duplicada, nivel, total, id_usuario_med)
       SELECT $1, $2, $3, $4 || lpad(i::text, 6, '0'), '09' || lpad(i::text, 8, '0'),
              (ARRAY['JOSÉ','MARÍA','LUIS','ANA'])[1 + i % 4] || ' ' || (ARRAY['PÉREZ','LÓPEZ','MORA'])[1 + i % 3] || ' ' || i,
              '1700000001', 'DR. MÉDICO ' || (i % 50), 'J181', DATE '2026-03-01' + (i % 28), DATE '2026-03-01' + (i % 28),
              'PENDIENTE', 'PENDIENTE', 0, 1, 51.00, CASE WHEN i % 3 = 0 THEN $6::int END
         FROM generate_series(1, $5::int) i`,
      [p.idTramite, p.idCarga, ctx.prest, prefix, n, ctx.am],
    );
    await db.query(
      `INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo, fila)
       SELECT p.id_planilla, e.id_elemento, e.codigo, e.nombre, p.fecha_desde, 1, e.valor, 'P', k
         FROM planilla p CROSS JOIN generate_series(1, 2) k
         JOIN elemento e ON e.codigo = CASE k WHEN 1 THEN '99203' ELSE '85025' END
        WHERE p.id_tramite = $1`,
      [p.idTramite],
    );
  };
  /**
   * Observations of a procedure: one per attention (type `tipo`) on the first `nPla` attentions and
   * one per line item on the first `nDet` line items. `enviadas`: every second one sent in round 1,
   * half of those answered.
   */
  const observaciones = async (p: Proc, tipo: 'M' | 'D', nPla: number, nDet: number, enviadas: boolean) => {
    const idObs = tipo === 'M' ? obsM : obsD;
    const conv = enviadas
      ? `CASE WHEN k % 2 = 0 THEN 1 END, CASE WHEN k % 2 = 0 THEN now() END,
         CASE WHEN k % 4 = 0 THEN $4::int END, CASE WHEN k % 8 = 0 THEN 'SE ADJUNTA LA FACTURA' END,
         CASE WHEN k % 4 = 0 THEN now() END`
      : 'NULL::int, NULL::timestamptz, CASE WHEN false THEN $4::int END, NULL::text, NULL::timestamptz';
    await db.query(
      `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, descripcion, estado, id_usuario_reg,
                            ronda, fecha_envio, id_respuesta, respuesta, fecha_resp)
       SELECT id_planilla, $2, $3, 'OBSERVACIÓN COMPLEMENTARIA DE LA ATENCIÓN ' || numero, 1, $5, ${conv}
         FROM (SELECT id_planilla, numero, row_number() OVER (ORDER BY id_planilla) AS k
                 FROM planilla WHERE id_tramite = $1 ORDER BY id_planilla LIMIT $6) x`,
      [p.idTramite, idObs, tipo, resp, ctx.am, nPla],
    );
    await db.query(
      `INSERT INTO pla_det_obs (id_planilla_det, id_planilla, id_observacion, observacion_tipo, descripcion, estado,
                                id_usuario_reg, ronda, fecha_envio, id_respuesta, respuesta, fecha_resp)
       SELECT id_planilla_det, id_planilla, $2, $3, 'COBRO DEL DETALLE ' || codigo || ' SUPERIOR AL CONVENIO', 1, $5, ${conv}
         FROM (SELECT d.id_planilla_det, d.id_planilla, d.codigo, row_number() OVER (ORDER BY d.id_planilla_det) AS k
                 FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
                WHERE p.id_tramite = $1 ORDER BY d.id_planilla_det LIMIT $6) x`,
      [p.idTramite, idObs, tipo, resp, ctx.am, nDet],
    );
  };

  const t0 = performance.now();
  for (let i = 1; i <= 4; i++) {
    const f = await tramite(`BENCH-OBS-F${i}`);
    await planillas(f, 2_000, `F${i}`);
    await observaciones(f, 'M', 2_000, 3_000, true);
  }
  const main = await tramite('BENCH-OBS');
  await planillas(main, 4_000, 'N');
  await observaciones(main, 'M', 4_000, 6_000, true);
  // 2,000 of type D on the same attentions (the type filter must not read them).
  await observaciones(main, 'D', 1_000, 1_000, false);
  const envio = await tramite('BENCH-OBS-ENVIO');
  await planillas(envio, 2_500, 'E');
  await observaciones(envio, 'M', 2_500, 2_500, false);
  await db.query('VACUUM ANALYZE');
  console.log(`  data built in ${Math.round(ms(t0) / 100) / 10} s`);
}

async function procs(db: Database) {
  const rows = await db.query<Proc & { numero: string }>(
    `SELECT t.numero, t.id_tramite AS "idTramite", c.id_carga AS "idCarga"
       FROM tramite t JOIN carga c USING (id_tramite) WHERE t.numero IN ('BENCH-OBS', 'BENCH-OBS-ENVIO')`,
  );
  const by = (n: string) => {
    const r = rows.find((x) => x.numero === n);
    if (!r) throw new Error(`${n} missing: build without --reuse`);
    return r;
  };
  return { main: by('BENCH-OBS'), envio: by('BENCH-OBS-ENVIO') };
}

/** Puts the sending procedure back as built (unsent, EN PROCESO), for --reuse. */
async function resetEnvio(db: Database, p: Proc) {
  await db.query(`UPDATE tramite SET estado_tramite = 'EN PROCESO' WHERE id_tramite = $1`, [p.idTramite]);
  for (const t of ['pla_obs', 'pla_det_obs'])
    await db.query(
      `UPDATE ${t} SET ronda = NULL, fecha_envio = NULL, id_usuario_envio = NULL WHERE id_tramite = $1 AND ronda IS NOT NULL`,
      [p.idTramite],
    );
  await db.query('DELETE FROM correo WHERE id_tramite = $1', [p.idTramite]);
}

/**
 * EXPLAIN ANALYZE of the statements of the screen's default list (17, type M, one load): the load of
 * the ordered ids (once per filter and revision), a page by primary key (every request), and for
 * comparison the OFFSET query every page used to run (sort of the whole list).
 */
async function explain(db: Database, main: Proc) {
  const [u] = await db.query<SessionUser>(
    `SELECT id_usuario AS "idUsuario", id_perfil AS "idPerfil", id_empresa AS "idEmpresa" FROM usuario
      WHERE nombre = 'supervisor.am@demo.ec'`,
  );
  const t = { idTramite: main.idTramite, tipoAsignacion: 'U' } as TramiteRow;
  const q = observacionesListaQuerySchema.parse({ tipo: 'M', idCarga: main.idCarga, page: 500 });
  const ids = sqlIdsObservaciones(u, t, q);
  const [{ ids: lista }] = await db.query<{ ids: string }>(ids.sql, ids.values);
  const pagina = lista.split(',').slice(4990, 5000).map(Number);
  const plans: Array<[string, string, unknown[]]> = [
    ['ordered ids of the list (once per filter and revision)', ids.sql, ids.values],
    [
      'a page by primary key (every request; page 500)',
      SQL_PAGINA,
      [pagina.filter((x) => x > 0), pagina.filter((x) => x < 0).map((x) => -x)],
    ],
    [
      'before: the OFFSET page (page 500)',
      `SELECT * FROM (${union(`o.id_tramite = $1 AND o.estado = 1 AND o.planilla_estado = 1 AND o.observacion_tipo = 'M' AND o.id_carga = $2`)}) y
        ORDER BY planilla_numero, id_planilla, nivel_orden, id LIMIT 10 OFFSET 4990`,
      [main.idTramite, main.idCarga],
    ],
  ];
  for (const [label, sql, values] of plans) {
    const rows = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      values,
    );
    console.log(`EXPLAIN ANALYZE: ${label}`);
    for (const r of rows) console.log(`  ${r['QUERY PLAN']}`);
  }
}

/** Current or peak resident memory of a process (Linux /proc), in bytes. */
function rss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
}

type Hit = { status: number; ms: number; bytes: number; body?: string };

function request(
  agent: http.Agent,
  port: number,
  method: string,
  pathAndQuery: string,
  token: string,
  body?: unknown,
  keep = false,
): Promise<Hit> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathAndQuery,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (keep) parts.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            bytes,
            body: keep ? Buffer.concat(parts).toString('utf8') : undefined,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const f1 = (n: number) => (Number.isNaN(n) ? '   -  ' : n.toFixed(1).padStart(6));

type Combo = { label: string; token: string; base: string; pages: number; total: number };

const pick = (combos: Combo[]) => {
  const c = combos[Math.floor(Math.random() * combos.length)];
  const r = Math.random();
  const page = r < 0.25 ? 1 : r < 0.4 ? c.pages : 1 + Math.floor(Math.random() * c.pages);
  return { c, url: `${c.base}&page=${page}` };
};

/** `clients` closed-loop clients for `seconds`, each request a random page of a random combo. */
async function load(port: number, combos: Combo[], clients: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const times: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, () => {
      const { c, url: u } = pick(combos);
      return request(agent, port, 'GET', u, c.token);
    }),
  );
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const { c, url: u } = pick(combos);
        const h = await request(agent, port, 'GET', u, c.token);
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

async function login(port: number, u: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usuario: `${u}@demo.ec`, clave: 'Demo.2026' }),
  });
  if (!res.ok) throw new Error(`login ${u}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function measureList(port: number, main: Proc, tokens: Record<string, string>) {
  const sup = tokens['supervisor.am'];
  const L = `/api/v1/tramites/${main.idTramite}/observaciones?pageSize=10`;
  const C = `${L}&tipo=M&idCarga=${main.idCarga}`;
  const defs: Array<[string, string, string]> = [
    ['17: tipo M + carga (the screen)', sup, C],
    ['17: tipo M + carga, sort=-numero', sup, `${C}&sort=-numero`],
    ['17: tipo M (every load)', sup, `${L}&tipo=M`],
    ['17: sin responder', sup, `${C}&respondida=no`],
    ['17: por resolver', sup, `${C}&porResolver=si`],
    ['17: nivel DETALLE', sup, `${C}&nivel=DETALLE`],
    ['16: tipo M + carga', tokens.revisor, C],
    ['18: own attentions only', tokens['auditor.am'], C],
    ['15: provider, sent only', tokens.prestador, C],
  ];
  const combos: Combo[] = [];
  const agent1 = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (const [label, token, base] of defs) {
    const h = await request(agent1, port, 'GET', `${base}&page=1`, token, undefined, true);
    if (h.status !== 200) throw new Error(`${label}: ${h.status} ${h.body}`);
    const total = (JSON.parse(h.body ?? '{}') as { total: number }).total;
    combos.push({ label, token, base, total, pages: Math.max(1, Math.ceil(total / 10)) });
  }

  // One client, nothing else from this benchmark running: the latency of one request.
  const single: number[] = [];
  const screen = [combos[0]];
  for (let i = 0; i < 200; i++) {
    const { c, url: u } = pick(screen);
    single.push((await request(agent1, port, 'GET', u, c.token)).ms);
  }
  single.sort((a, b) => a - b);
  console.log(
    `one client, the screen's default list (200 requests, random pages): p50 ${f1(pct(single, 50))}  p95 ${f1(pct(single, 95))}  max ${f1(single[single.length - 1])} ms`,
  );
  agent1.destroy();

  await load(port, combos, CLIENTS, WARMUP);
  console.log(
    `list pages, ${CLIENTS} clients, ${SECONDS} s per combination (random pages incl. first and last):`,
  );
  console.log(
    `  ${'combination'.padEnd(36)} ${'rows'.padStart(6)}  ${'req/s'.padStart(6)}  ${'p50'.padStart(6)}  ${'p95'.padStart(6)}  ${'p99'.padStart(6)}  ${'max'.padStart(6)} ms`,
  );
  const line = (label: string, rows: string, r: Awaited<ReturnType<typeof load>>) =>
    console.log(
      `  ${label.padEnd(36)} ${rows.padStart(6)}  ${r.rps.toFixed(0).padStart(6)}  ${f1(r.p50)}  ${f1(r.p95)}  ${f1(r.p99)}  ${f1(r.max)}${r.errors ? `  errors=${r.errors}` : ''}`,
    );
  for (const c of combos) line(c.label, String(c.total), await load(port, [c], CLIENTS, SECONDS));
  line(
    '(reference: GET /auth/me)',
    '',
    await load(
      port,
      [{ label: 'me', token: sup, base: '/api/v1/auth/me?x=1', pages: 1, total: 0 }],
      CLIENTS,
      SECONDS,
    ),
  );
  line('MIXED', '', await load(port, combos, CLIENTS, SECONDS * 2));
}

async function measureSend(
  port: number,
  pid: number,
  db: Database,
  envio: Proc,
  dataDir: string,
  sup: string,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 20);
  // Another user's requests while the e-mail is built: how long does the server keep them waiting?
  let probing = true;
  const probes: number[] = [];
  const probe = (async () => {
    while (probing) {
      // An unknown path: answered (404) by the event loop alone, no database.
      probes.push((await request(agent, port, 'GET', '/api/v1/sonda-del-benchmark', sup)).ms);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  const res = await request(
    agent,
    port,
    'POST',
    `/api/v1/tramites/${envio.idTramite}/acciones/enviar-observaciones`,
    sup,
    { tipo: 'M' },
    true,
  );
  const answered = ms(t0);
  if (res.status !== 200) throw new Error(`enviar-observaciones: ${res.status} ${res.body}`);
  const body = JSON.parse(res.body ?? '{}') as { observaciones: number; mensaje: string };
  let estado = 'PENDIENTE';
  let sentAt = 0;
  while (performance.now() - t0 < 120_000) {
    const [c] = await db.query<{ estado: string; error: string | null }>(
      'SELECT estado, ultimo_error AS error FROM correo WHERE id_tramite = $1 ORDER BY id_correo DESC LIMIT 1',
      [envio.idTramite],
    );
    estado = c?.estado ?? 'none';
    if (estado !== 'PENDIENTE') {
      sentAt = ms(t0);
      if (c.error) console.log(`  último error: ${c.error}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  probing = false;
  await probe;
  clearInterval(sampler);
  agent.destroy();
  const hwm = rss(pid, 'VmHWM');
  const outbox = path.join(dataDir, 'outbox');
  const emls = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
  const size = emls.reduce((a, f) => a + fs.statSync(path.join(outbox, f)).size, 0);
  probes.sort((a, b) => a - b);
  console.log(
    `send ${body.observaciones} observations: answered in ${answered} ms (${res.status}, "${body.mensaje}"); e-mail ${estado} after ${(sentAt / 1000).toFixed(1)} s (${emls.length} .eml, ${(size / 1e6).toFixed(1)} MB)`,
  );
  console.log(
    `  server RSS ${mb(before)} → peak ${mb(peak)} MB sampled (VmHWM ${mb(hwm)} MB); a 404 request every 50 ms meanwhile: ${probes.length} requests, p50 ${f1(pct(probes, 50))} p95 ${f1(pct(probes, 95))} max ${f1(probes[probes.length - 1])} ms`,
  );
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
  try {
    if (!REUSE) {
      await db.migrate();
      await seedIfEmpty(db, { demo: true });
      console.log(`${db.kind}: building 10,000 + 2,000 + 5,000 + 20,000 observations`);
      await build(db);
    } else await db.migrate();
    const { main: mainP, envio } = await procs(db);
    if (REUSE) await resetEnvio(db, envio);
    console.log(
      `machine: ${os.cpus().length} CPU, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}; Node ${process.version}`,
    );
    await explain(db, mainP);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-observaciones-'));
    const port = 3390 + Math.floor(Math.random() * 100);
    const child: ChildProcess = await waitHealthy(
      await startApi({ databaseUrl: benchUrl, dataDir, port, env: { SEED_DEMO: 'false' } }),
      port,
    );
    try {
      const tokens: Record<string, string> = {};
      for (const u of ['supervisor.am', 'auditor.am', 'revisor', 'prestador'])
        tokens[u] = await login(port, u);
      console.log(`server pid ${child.pid} on :${port}, RSS ${mb(rss(child.pid ?? 0))} MB`);
      if (runs('list')) await measureList(port, mainP, tokens);
      if (runs('send')) await measureSend(port, child.pid ?? 0, db, envio, dataDir, tokens['supervisor.am']);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await db.close();
    if (!KEEP && !REUSE) await admin.query(`DROP DATABASE IF EXISTS ${DBNAME} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
