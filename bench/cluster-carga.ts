/**
 * Load through nginx (issue 16 item 4): N virtual users (default 50) for M minutes (default 10) in a
 * closed loop against the deployment shape — nginx, two API replicas, one worker, s3rver, a fresh
 * PostgreSQL database with the demo data — started by the cluster harness
 * (apps/api/src/test/cluster/cluster.ts).
 *
 * The users, by turns (virtual user i takes role i mod 4):
 *   provider   (prestador@demo.ec): its procedures list; a new procedure; a small CSV data file (ROWS
 *              attentions, numbers of its own) uploaded into it (?esperar=true), the load organized, one tiny PDF per attention uploaded, its ZIP and its CSV export downloaded;
 *   auditor    (auditor.am@demo.ec): procedures list, the EN PROCESO procedure's attention list (page
 *              1..n), one attention's record, and a review of an attention of its own (AM): 'revisar',
 *              next time 'reiniciar', each with an Idempotency-Key;
 *   operative  (gestor.gd@demo.ec): the same with the GD review;
 *   supervisor (supervisor.am@demo.ec): lists, records, the attentions' CSV export.
 * A pause of --pausa ms (default 300) between requests of a user. Every answer other than the
 * expected status is an error. Writes the clients saw accepted are counted afterwards in the database
 * (reviews: each one adds 1 to the attention's version; loads, attentions, documents: rows). The
 * resident memory of both replicas and the worker is sampled every 5 s: the first window against the
 * last (a minute each on a run of 3 minutes or more).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster-carga.ts \
 *     [--minutes 10] [--users 50] [--pausa 300] [--no-write]
 *
 * Figures are printed and written to the "Load through nginx" section of docs/performance.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Cluster, pedir as pedirA, puertos, type Respuesta } from '../apps/api/src/test/cluster/cluster.ts';
import { peakRss } from './floor.ts';
import { COLUMNS, pdf } from './muestras.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    users: { type: 'string', default: '50' },
    pausa: { type: 'string', default: '300' },
    'no-write': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
const PAUSA = Number(values.pausa);
/** Attentions per uploaded data file (two line items each). */
const ROWS = 5;
const CLAVE = 'Demo.2026';
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A multipart/form-data body: files as [field, name, type, content]. */
function multipart(files: [string, string, string, Buffer][]) {
  const boundary = `----carga${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [field, name, type, content] of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

type Lat = { n: number; p50: number; p95: number; max: number };
const percentiles = (xs: number[]): Lat => {
  const v = [...xs].sort((a, b) => a - b);
  const at = (q: number) => v[Math.min(v.length - 1, Math.floor(q * v.length))] ?? 0;
  return { n: v.length, p50: at(0.5), p95: at(0.95), max: v.at(-1) ?? 0 };
};

/**
 * V8's heap in use after a full collection, read through the process's inspector (Chrome DevTools
 * Protocol: HeapProfiler.collectGarbage, then Runtime.getHeapUsage). Resident memory also holds what
 * V8 and malloc keep for later; this is what the program still references, so a leak shows here.
 */
async function heapTrasGc(url: string): Promise<number> {
  const ws = new WebSocket(url);
  const pendientes = new Map<number, (r: { result?: { usedSize?: number } }) => void>();
  ws.onmessage = (ev) => {
    const m = JSON.parse(String(ev.data)) as { id?: number; result?: { usedSize?: number } };
    if (m.id !== undefined) pendientes.get(m.id)?.(m);
  };
  await new Promise((ok, mal) => {
    ws.onopen = ok;
    ws.onerror = mal;
  });
  let id = 0;
  const enviar = (method: string) =>
    new Promise<{ result?: { usedSize?: number } }>((ok) => {
      pendientes.set(++id, ok);
      ws.send(JSON.stringify({ id, method }));
    });
  try {
    await enviar('HeapProfiler.collectGarbage');
    const r = await enviar('Runtime.getHeapUsage');
    return r.result?.usedSize ?? Number.NaN;
  } finally {
    ws.close();
  }
}

async function main() {
  if (typeof WebSocket === 'undefined') {
    // Node 20 has the WebSocket client behind a flag: run again with it.
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(
      process.execPath,
      ['--experimental-websocket', ...process.execArgv, ...process.argv.slice(1)],
      { stdio: 'inherit' },
    );
    process.exit(r.status ?? 1);
  }
  const c = new Cluster(await puertos());
  c.inspeccion = true;
  console.log(`starting the cluster in ${c.dir} ...`);
  try {
    await c.start();
    const [{ version }] = await c.query<{ version: string }>(
      `SELECT current_setting('server_version') AS version`,
    );

    // ---- Measured requests --------------------------------------------------------------------
    const lat = new Map<string, number[]>();
    const errores = new Map<string, number>();
    const ejemplos: string[] = [];
    let activo = true;
    /** Requests answered as expected and errors in each minute of the run (from the loop's start). */
    const porMinuto: { n: number; e: number }[] = [];
    let inicio = Date.now();
    const pedir = async (
      ruta: string,
      metodo: string,
      url: string,
      token: string,
      opts: {
        json?: unknown;
        multipart?: ReturnType<typeof multipart>;
        esperado?: number;
        /** A document a worker builds (the ZIPs, decision 80): follow its 202s as the web does; the time is until the file. */
        seguir202?: boolean;
      } = {},
    ): Promise<Respuesta | undefined> => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let body: Buffer | undefined;
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = Buffer.from(JSON.stringify(opts.json));
      } else if (opts.multipart) {
        headers['content-type'] = opts.multipart.type;
        body = opts.multipart.body;
      }
      if (metodo !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
      const t0 = performance.now();
      let r: Respuesta | undefined;
      let fallo = '';
      try {
        r = await c.pedir(metodo, url, { headers, body, timeoutMs: 60_000 });
        while (opts.seguir202 && r.status === 202) {
          await esperar(1000 * Math.min(5, Number(r.headers['retry-after']) || 1));
          r = await c.pedir(metodo, url, { headers, body, timeoutMs: 60_000 });
        }
        if (r.status !== (opts.esperado ?? 200)) fallo = `${r.status} ${r.body.toString().slice(0, 200)}`;
      } catch (e) {
        fallo = String(e);
      }
      const ms = performance.now() - t0;
      const minuto = Math.min(
        Math.ceil(MINUTES) - 1,
        Math.max(0, Math.floor((Date.now() - inicio) / 60_000)),
      );
      porMinuto[minuto] ??= { n: 0, e: 0 };
      porMinuto[minuto][fallo ? 'e' : 'n']++;
      if (fallo) {
        errores.set(ruta, (errores.get(ruta) ?? 0) + 1);
        if (ejemplos.length < 20) ejemplos.push(`${ruta} ${url}: ${fallo}`);
        return undefined;
      }
      const xs = lat.get(ruta) ?? [];
      lat.set(ruta, xs);
      xs.push(ms);
      return r;
    };
    const json = <T>(r: Respuesta | undefined) => (r ? (JSON.parse(r.body.toString()) as T) : undefined);

    // ---- Set-up (not measured) ---------------------------------------------------------------
    const login = async (usuario: string) => {
      const r = await c.pedir('POST', '/api/v1/auth/login', {
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ usuario, clave: CLAVE })),
      });
      if (r.status !== 200) throw new Error(`login ${usuario}: ${r.status} ${r.body}`);
      return JSON.parse(r.body.toString()).token as string;
    };
    const tok = {
      prestador: await login('prestador@demo.ec'),
      auditor: await login('auditor.am@demo.ec'),
      gestor: await login('gestor.gd@demo.ec'),
      supervisor: await login('supervisor.am@demo.ec'),
    };
    const setup = async <T>(metodo: string, url: string, token: string, body?: unknown): Promise<T> => {
      const r = await c.pedir(metodo, url, {
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? Buffer.from(JSON.stringify(body)) : undefined,
      });
      if (r.status >= 300)
        throw new Error(`${metodo} ${url}: ${r.status} ${r.body.toString().slice(0, 300)}`);
      return JSON.parse(r.body.toString()) as T;
    };
    const [prest] = await setup<Array<{ idPrestador: number }>>(
      'GET',
      '/api/v1/prestadores/mios',
      tok.prestador,
    );
    const servicio = (
      await setup<{ items: Array<{ idServicio: number }> }>(
        'GET',
        '/api/v1/catalogos/servicio?pageSize=1',
        tok.prestador,
      )
    ).items[0];
    const elemento = (
      await setup<{ items: Array<{ codigo: string; valor: number }> }>(
        'GET',
        '/api/v1/catalogos/elemento?pageSize=1',
        tok.prestador,
      )
    ).items[0];
    const [enProceso] = await c.query<{ id: number }>(
      `SELECT id_tramite AS id FROM tramite WHERE estado_tramite = 'EN PROCESO' ORDER BY id_tramite LIMIT 1`,
    );
    const atenciones = await c.query<{ id: number; version: number; aud: string; doc: string }>(
      `SELECT id_planilla AS id, version, estado_aud AS aud, estado_doc AS doc FROM planilla
        WHERE id_tramite = $1 ORDER BY numero`,
      [enProceso.id],
    );
    const paginas = Math.max(1, Math.ceil(atenciones.length / 10));

    type Rol = 'prestador' | 'auditor' | 'gestor' | 'supervisor';
    const ROLES: Rol[] = ['prestador', 'auditor', 'gestor', 'supervisor'];
    // Each reviewer owns one attention (no two users review the same one): the demo's later ones.
    const libres = atenciones.filter((a) => a.aud === 'PENDIENTE' && a.doc === 'PENDIENTE');
    const revisiones = new Map<number, { tipo: 'M' | 'D'; inicial: number; aceptadas: number }>();
    const tramitesPropios: number[] = [];
    const aceptadas = { tramites: 0, revisiones: 0, cargas: 0, atenciones: 0, documentos: 0 };

    const usuarios = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const rol = ROLES[i % ROLES.length];
        if (rol === 'prestador') return { i, rol, idTramite: 0 };
        if (rol === 'auditor' || rol === 'gestor') {
          const tipo = rol === 'auditor' ? 'M' : 'D';
          const a = libres.pop();
          if (!a) throw new Error(`no pending attention left for user ${i} (${tipo})`);
          revisiones.set(a.id, { tipo, inicial: a.version, aceptadas: 0 });
          return { i, rol, idPlanilla: a.id, version: a.version };
        }
        return { i, rol };
      }),
    );

    // ---- Sampling: resident memory of the replicas and the worker, the machine's load ------------
    const pids = Object.fromEntries(
      (['a', 'b', 'worker'] as const).map((n) => {
        const pid = c.procs.get(n)?.pid;
        if (!pid) throw new Error(`no process ${n}`);
        return [n, pid];
      }),
    ) as Record<'a' | 'b' | 'worker', number>;
    const muestras: { t: number; a: number; b: number; worker: number; carga: number }[] = [];
    const t0 = Date.now();
    inicio = t0;
    const muestrear = () => {
      try {
        muestras.push({
          t: Date.now() - t0,
          a: peakRss(pids.a, 'VmRSS'),
          b: peakRss(pids.b, 'VmRSS'),
          worker: peakRss(pids.worker, 'VmRSS'),
          carga: os.loadavg()[0],
        });
      } catch {
        /* a process gone: its absence shows as errors */
      }
    };
    muestrear();
    // The bucket (s3rver, the harness's stand-in for S3): when it stops answering, say so.
    let s3Caido: number | undefined;
    const sampler = setInterval(() => {
      muestrear();
      if (s3Caido === undefined)
        pedirA(c.puertos.s3, 'GET', '/', { timeoutMs: 4000 }).catch(() => {
          s3Caido ??= Date.now() - t0;
        });
    }, 5_000);

    // Every minute (and at the start and the end): each process's heap after a full collection.
    const heaps: { t: number; a: number; b: number; worker: number }[] = [];
    const medirHeaps = async () => {
      const t = Date.now() - t0;
      try {
        const [a, b, worker] = await Promise.all(
          (['a', 'b', 'worker'] as const).map((n) => heapTrasGc(c.inspector(n))),
        );
        heaps.push({ t, a, b, worker });
      } catch (e) {
        console.error(`  heap sample at ${(t / 1000).toFixed(0)} s failed: ${(e as Error).message}`);
      }
    };
    await medirHeaps();
    const heapSampler = setInterval(() => void medirHeaps(), 60_000);

    // ---- The closed loop ----------------------------------------------------------------------
    const fin = t0 + MINUTES * 60_000;
    const pausa = () => esperar(PAUSA * (0.5 + Math.random()));
    let siguienteNumero = 100_000;
    const listaPlanillas = (id: number, token: string) =>
      pedir(
        'GET /planillas (lista)',
        'GET',
        `/api/v1/planillas?idTramite=${id}&page=${1 + Math.floor(Math.random() * paginas)}&pageSize=10`,
        token,
      );

    const vu = async (u: (typeof usuarios)[number]) => {
      let vuelta = 0;
      // Start spread over the first pause so the users do not all ask at the same instant.
      await esperar(Math.random() * Math.max(PAUSA, 1000));
      while (Date.now() < fin) {
        vuelta++;
        if (u.rol === 'prestador' && 'idTramite' in u) {
          const token = tok.prestador;
          await pedir('GET /tramites', 'GET', '/api/v1/tramites?vista=carga&page=1&pageSize=25', token);
          await pausa();
          // A procedure of its own for each data file (once its documents are in, it is DOCUMENTADO).
          const t = json<{ item: { idTramite: number } }>(
            await pedir('POST /tramites', 'POST', '/api/v1/tramites', token, {
              esperado: 201,
              json: {
                idPrestador: prest.idPrestador,
                idServicio: servicio.idServicio,
                fechaDesde: '2026-03-01',
                fechaHasta: '2026-03-31',
                descripcion: `CARGA DE PRUEBA ${u.i + 1}.${vuelta}`,
                frecuenciaCarga: 'M',
              },
            }),
          );
          if (!t) {
            await pausa();
            continue;
          }
          u.idTramite = t.item.idTramite;
          tramitesPropios.push(u.idTramite);
          aceptadas.tramites++;
          await pausa();
          const desde = siguienteNumero;
          siguienteNumero += ROWS;
          const filas = Array.from({ length: ROWS }, (_, k) => {
            const dia = `2026-03-${String(2 + (k % 20)).padStart(2, '0')}`;
            return [0, 1].map((d) =>
              [
                u.idTramite,
                desde + k,
                '1710034065',
                '',
                `PACIENTE ${desde + k}`,
                dia,
                dia,
                'J18.1',
                '',
                'N',
                '1',
                elemento.codigo,
                String(1 + d),
                String(elemento.valor),
                '0',
                '',
                'DR. JUAN PÉREZ',
                'P',
                dia,
              ].join(';'),
            );
          }).flat();
          const csv = Buffer.from(`${COLUMNS.join(';')}\n${filas.join('\n')}\n`);
          const subida = json<{ idCarga: number; contadorErrores: number; estadoProceso: string }>(
            await pedir(
              'POST /tramites/:id/cargas (CSV, esperar)',
              'POST',
              `/api/v1/tramites/${u.idTramite}/cargas?esperar=true`,
              token,
              { multipart: multipart([['archivo', `marzo-${desde}.csv`, 'text/csv', csv]]) },
            ),
          );
          if (subida) {
            aceptadas.cargas++;
            if (subida.estadoProceso !== 'COMPLETADA' || subida.contadorErrores) {
              errores.set('carga con errores', (errores.get('carga con errores') ?? 0) + 1);
              if (ejemplos.length < 20) ejemplos.push(`carga ${subida.idCarga}: ${JSON.stringify(subida)}`);
              await pausa();
              continue;
            }
            await pausa();
            const org = await pedir(
              'POST /cargas/:id/organizar',
              'POST',
              `/api/v1/cargas/${subida.idCarga}/organizar?esperar=true`,
              token,
            );
            if (!org) {
              await pausa();
              continue;
            }
            aceptadas.atenciones += ROWS;
            await pausa();
            const docs = json<{ archivosCargados: string[] }>(
              await pedir(
                'POST /cargas/:id/archivos (PDF)',
                'POST',
                `/api/v1/cargas/${subida.idCarga}/archivos`,
                token,
                {
                  multipart: multipart(
                    Array.from({ length: ROWS }, (_, k) => [
                      'archivos',
                      `${desde + k}.pdf`,
                      'application/pdf',
                      pdf(`Atencion ${desde + k}`),
                    ]),
                  ),
                },
              ),
            );
            if (docs) aceptadas.documentos += docs.archivosCargados.length;
            await pausa();
            await pedir(
              'GET /tramites/:id/zip (carga)',
              'GET',
              `/api/v1/tramites/${u.idTramite}/zip?idCarga=${subida.idCarga}`,
              token,
              { seguir202: true },
            );
            await pausa();
            await pedir(
              'GET /tramites/:id/archivos-datos/csv',
              'GET',
              `/api/v1/tramites/${u.idTramite}/archivos-datos/csv`,
              token,
            );
          }
        } else if ((u.rol === 'auditor' || u.rol === 'gestor') && 'idPlanilla' in u && u.idPlanilla) {
          const token = tok[u.rol];
          const tipo = u.rol === 'auditor' ? 'M' : 'D';
          await pedir('GET /tramites', 'GET', '/api/v1/tramites?vista=asignados&page=1&pageSize=25', token);
          await pausa();
          await listaPlanillas(enProceso.id, token);
          await pausa();
          await pedir('GET /planillas/:id', 'GET', `/api/v1/planillas/${u.idPlanilla}`, token);
          await pausa();
          const accion = vuelta % 2 === 1 ? '' : '/reiniciar';
          const r = json<{ item: { version: number } }>(
            await pedir(
              `POST /planillas/:id/revision${accion}`,
              'POST',
              `/api/v1/planillas/${u.idPlanilla}/revision${accion}`,
              token,
              { json: { tipo, version: u.version } },
            ),
          );
          if (!r) break; // the state is no longer known: this user stops (its error is counted)
          u.version = r.item.version;
          aceptadas.revisiones++;
          const rev = revisiones.get(u.idPlanilla);
          if (rev) rev.aceptadas++;
        } else {
          const token = tok.supervisor;
          await pedir('GET /tramites', 'GET', '/api/v1/tramites?page=1&pageSize=25', token);
          await pausa();
          await listaPlanillas(enProceso.id, token);
          await pausa();
          const a = atenciones[Math.floor(Math.random() * atenciones.length)];
          await pedir('GET /planillas/:id', 'GET', `/api/v1/planillas/${a.id}`, token);
          await pausa();
          if (vuelta % 3 === 0)
            await pedir(
              'GET /planillas/export.csv',
              'GET',
              `/api/v1/planillas/export.csv?idTramite=${enProceso.id}`,
              token,
            );
        }
        await pausa();
      }
    };

    console.log(`${USERS} users for ${MINUTES} min (pause ${PAUSA} ms) ...`);
    const progreso = setInterval(() => {
      const n = [...lat.values()].reduce((s, x) => s + x.length, 0);
      const e = [...errores.values()].reduce((s, x) => s + x, 0);
      const m = muestras.at(-1);
      console.log(
        `  ${((Date.now() - t0) / 1000).toFixed(0)} s: ${n} requests, ${e} errors, RSS a ${mb(m?.a ?? 0)} b ${mb(m?.b ?? 0)} worker ${mb(m?.worker ?? 0)} MB, load ${m?.carga.toFixed(1)}`,
      );
    }, 30_000);
    await Promise.all(usuarios.map(vu));
    const duracion = (Date.now() - t0) / 1000;
    activo = false;
    clearInterval(progreso);
    clearInterval(sampler);
    clearInterval(heapSampler);
    muestrear();
    await medirHeaps();

    // ---- Writes counted in the database --------------------------------------------------------
    const versiones = await c.query<{ id: number; version: number }>(
      'SELECT id_planilla AS id, version FROM planilla WHERE id_planilla = ANY($1::int[])',
      [[...revisiones.keys()]],
    );
    let revisionesDb = 0;
    for (const v of versiones) revisionesDb += v.version - (revisiones.get(v.id)?.inicial ?? v.version);
    const [db] = await c.query<{ tramites: number; cargas: number; atenciones: number; documentos: number }>(
      `SELECT (SELECT count(*) FROM tramite WHERE descripcion LIKE 'CARGA DE PRUEBA %')::int AS tramites,
              (SELECT count(*) FROM carga WHERE id_tramite = ANY($1::int[]))::int AS cargas,
              (SELECT count(*) FROM planilla WHERE id_tramite = ANY($1::int[]))::int AS atenciones,
              (SELECT count(*) FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla
                WHERE p.id_tramite = ANY($1::int[]))::int AS documentos`,
      [tramitesPropios],
    );
    const escrituras = [
      ['procedures', aceptadas.tramites, db.tramites],
      ['reviews (revisar / reiniciar)', aceptadas.revisiones, revisionesDb],
      ['data-file loads', aceptadas.cargas, db.cargas],
      ['attentions organized from them', aceptadas.atenciones, db.atenciones],
      ['documents', aceptadas.documentos, db.documentos],
    ] as const;
    const perdidas = escrituras.reduce((s, [, v, d]) => s + Math.max(0, v - d), 0);

    // ---- Memory: first window against last ---------------------------------------------------
    const ventana = Math.min(60_000, (duracion * 1000) / 3);
    const media = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
    const primeras = muestras.filter((m) => m.t <= ventana);
    const ultimas = muestras.filter((m) => m.t >= duracion * 1000 - ventana);
    const memoria = (['a', 'b', 'worker'] as const).map((n) => {
      const p = media(primeras.map((m) => m[n]));
      const u = media(ultimas.map((m) => m[n]));
      return { n, p, u, max: Math.max(...muestras.map((m) => m[n])), crec: ((u - p) / p) * 100 };
    });
    const cargaMedia = media(muestras.map((m) => m.carga));
    const cargaMax = Math.max(...muestras.map((m) => m.carga));

    const totalReq = [...lat.values()].reduce((s, x) => s + x.length, 0);
    const totalErr = [...errores.values()].reduce((s, x) => s + x, 0);
    const rutas = [...new Set([...lat.keys(), ...errores.keys()])].sort();
    const cpus = os.cpus();
    const lines = [
      '## Load through nginx (issue 16 item 4)',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`bench/cluster-carga.ts\`: **${USERS} virtual users for ${MINUTES} min** (${duracion.toFixed(0)} s), a pause of ${PAUSA} ms (± 50 %) between the requests of a user. Machine: ${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}, PostgreSQL ${version}. **The machine is shared and was loaded by other work during the run**: load average (1 min) ${cargaMedia.toFixed(1)} on average, ${cargaMax.toFixed(1)} at most, on ${cpus.length} cores — the client, nginx, both replicas, the worker, s3rver and PostgreSQL all run on it too. The latencies are those of this machine at this load, not of a deployment.`,
      '',
      'The deployment shape of docs/deployment.md started by the cluster harness (`apps/api/src/test/cluster/`):',
      'nginx in front of two `api` processes, one `worker`, s3rver as the bucket, a fresh database with the demo',
      'data. Users by turns: a provider (procedures list; a new procedure; a CSV data file of 5 attentions into it, `?esperar=true`, so the worker ingests it while the client waits; organize; one PDF per',
      'attention; the ZIP of the load; the CSV export of the data), the auditor and the operative (procedures',
      "list, the EN PROCESO procedure's attention list at a random page, an attention's record, a review —",
      "'revisar' then 'reiniciar' — of an attention of its own with an Idempotency-Key), a supervisor (lists,",
      'records, the attention CSV export). Every answer other than the expected status counts as an error.',
      '',
      s3Caido === undefined
        ? 'The bucket (s3rver) answered throughout.'
        : `**The bucket (s3rver, the harness's stand-in for S3) stopped answering about ${(s3Caido / 1000).toFixed(0)} s into the run**; from then on every upload was refused with 503 ALMACENAMIENTO_NO_DISPONIBLE ("no se guardó ningún archivo") and the mix had no successful uploads (why it stopped: the end of \`s3.log\` in the run's folder, printed by the harness when it happened).`,
      '',
      `Requests: **${totalReq}** answered as expected, **${totalErr} errors**${totalErr ? ` (first: ${ejemplos.slice(0, 3).join(' · ').replace(/\|/g, '/')})` : ''}.`,
      '',
      '| route | requests | errors | p50 | p95 | max |',
      '|---|---|---|---|---|---|',
      ...rutas.map((r) => {
        const x = percentiles(lat.get(r) ?? []);
        return `| ${r} | ${x.n} | ${errores.get(r) ?? 0} | ${x.p50.toFixed(0)} ms | **${x.p95.toFixed(0)} ms** | ${x.max.toFixed(0)} ms |`;
      }),
      '',
      `Writes the clients saw accepted, counted afterwards in the database (lost: **${perdidas}**):`,
      '',
      '| write | accepted (clients) | in the database |',
      '|---|---|---|',
      ...escrituras.map(([k, v, d]) => `| ${k} | ${v} | ${d} |`),
      '',
      `Resident memory (VmRSS, sampled every 5 s, ${muestras.length} samples): mean of the first ${(ventana / 1000).toFixed(0)} s against the last ${(ventana / 1000).toFixed(0)} s.`,
      '',
      '| process | first window | last window | change | max |',
      '|---|---|---|---|---|',
      ...memoria.map(
        (m) =>
          `| ${m.n === 'worker' ? 'worker' : `api ${m.n}`} | ${mb(m.p)} MB | ${mb(m.u)} MB | **${m.crec >= 0 ? '+' : ''}${m.crec.toFixed(1)} %** | ${mb(m.max)} MB |`,
      ),
      '',
      `V8 heap in use after a full collection (read through each process's inspector every minute, ${heaps.length} samples; what the program still references, so a leak grows here while resident memory can also grow by what V8 and malloc keep for later; the collection each minute also lets V8 give pages back, so the resident figures above are those of processes collected each minute):`,
      '',
      '| process | after the first minute | last sample | change | min | max |',
      '|---|---|---|---|---|---|',
      ...(['a', 'b', 'worker'] as const).map((n) => {
        const xs = heaps.map((h) => h[n]);
        // The sample before any traffic is the empty process: caches, compiled code and pools fill in the
        // first minute. The baseline is the heap after that minute.
        const p = xs[Math.min(1, xs.length - 1)] ?? 0;
        const u = xs[xs.length - 1] ?? 0;
        const crec = ((u - p) / p) * 100;
        return `| ${n === 'worker' ? 'worker' : `api ${n}`} | ${mb(p)} MB | ${mb(u)} MB | **${crec >= 0 ? '+' : ''}${crec.toFixed(1)} %** | ${mb(Math.min(...xs))} MB | ${mb(Math.max(...xs))} MB |`;
      }),
      '',
      `Heap after a full collection, minute by minute (MB): ${(['a', 'b', 'worker'] as const).map((n) => `${n === 'worker' ? 'worker' : `api ${n}`} ${heaps.map((h) => mb(h[n])).join(' · ')}`).join('; ')}.`,
      '',
      "Minute by minute: requests answered as expected and errors, the mean resident memory of each process and the machine's load average (1 min) over the minute's samples.",
      '',
      '| minute | requests | errors | api a | api b | worker | load average |',
      '|---|---|---|---|---|---|---|',
      ...Array.from({ length: porMinuto.length }, (_, k) => {
        const x = porMinuto[k];
        const ms = muestras.filter((m) => m.t >= k * 60_000 && m.t < (k + 1) * 60_000);
        const rss = (n: 'a' | 'b' | 'worker') => `${mb(media(ms.map((m) => m[n])))} MB`;
        return `| ${k + 1} | ${x?.n ?? 0} | ${x?.e ?? 0} | ${rss('a')} | ${rss('b')} | ${rss('worker')} | ${media(ms.map((m) => m.carga)).toFixed(1)} |`;
      }),
      '',
    ];
    console.log(lines.join('\n'));
    if (ejemplos.length) console.log(`errors:\n  ${ejemplos.join('\n  ')}`);
    if (!values['no-write'] && !activo)
      writeSection(path.join(ROOT, 'docs/performance.md'), lines.join('\n'));
    if (totalErr || perdidas) process.exitCode = 1;
  } finally {
    await c.stop();
  }
}

/** Replaces the "## Load through nginx" section of the file (other benchmarks keep theirs). */
function writeSection(file: string, section: string) {
  const current = fs.readFileSync(file, 'utf8');
  const start = current.indexOf('## Load through nginx');
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
