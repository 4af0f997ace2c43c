import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MSG, MSG_CARGA } from '@app/domain';
import { formatCount } from '@app/domain/common/format';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cedulaFrom } from '../../db/seed/demo.ts';
import { multipart as carpeta, pdf, png } from '../../features/archivos/test-utils.ts';
import { csv, fila, filas, multipart } from '../../features/cargas/test-fixtures.ts';
import { pdfPaginas } from '../../features/reportes/test-utils.ts';
import { Cluster, hasta, NGINX, pedir, puertos } from './cluster.ts';

/*
 * Issue 16 items 2 and 3 (decision 72): the product as a deployment runs it — nginx (the Debian
 * package) on loopback in front of two API replicas, one worker, s3rver as the bucket, one PostgreSQL
 * database migrated by `migrate` — every process a real child of the built bundle, so `kill -9` is
 * real. The claim journey goes through nginx from 127.0.0.2 (a browser's address, not the proxy's);
 * then the faults: a worker killed during an ingest, an API replica killed during an upload, every
 * database connection terminated during an ingest and before a ZIP and a PDF, the storage server
 * stopped during a folder upload.
 */

const spec = inject('testDb');
const omitir = spec.kind !== 'postgres' || !NGINX;

const CLAVE = 'Demo.2026';

let c: Cluster;

type Json = Record<string, unknown>;

/** A signed-in user of the web app, talking through nginx only. */
class Usuario {
  token = '';
  constructor(readonly usuario: string) {}
  async entrar() {
    const r = await c.pedir('POST', '/api/v1/auth/login', {
      // A forged address the proxy must not let through (TRUST_PROXY=1 believes nginx's hop only).
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: Buffer.from(JSON.stringify({ usuario: this.usuario, clave: CLAVE })),
    });
    expect(r.status, r.body.toString()).toBe(200);
    this.token = JSON.parse(r.body.toString()).token;
    return this;
  }
  headers(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }
  async json(method: string, ruta: string, body?: unknown, extra: Record<string, string> = {}) {
    const r = await c.pedir(method, ruta, {
      headers: this.headers(body === undefined ? extra : { 'content-type': 'application/json', ...extra }),
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    });
    const text = r.body.toString();
    return {
      status: r.status,
      body: (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text) as Json,
      raw: r,
    };
  }
  subir(
    ruta: string,
    m: { payload: Buffer; headers: Record<string, string> },
    extra: Record<string, string> = {},
  ) {
    return c.pedir('POST', ruta, { headers: this.headers({ ...m.headers, ...extra }), body: m.payload });
  }
}

const prestador = new Usuario('prestador@demo.ec');
const supervisor = new Usuario('supervisor.am@demo.ec');

async function nuevoTramite(): Promise<number> {
  const [p] = (await prestador.json('GET', '/api/v1/prestadores/mios')).body as unknown as Json[];
  const r = await prestador.json('POST', '/api/v1/tramites', {
    idPrestador: p.idPrestador,
    idServicio: 1,
    fechaDesde: '2026-03-01',
    fechaHasta: '2026-03-31',
    descripcion: 'Trámite del clúster',
    frecuenciaCarga: 'M',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body.item as Json).idTramite as number;
}

const carga = async (id: number) =>
  (
    await c.query<{ estado: string; obs: string | null; progreso: number; clave: string | null }>(
      'SELECT estado_proceso AS estado, obs, progreso, archivo_clave AS clave FROM carga WHERE id_carga = $1',
      [id],
    )
  )[0];
const contar = async (tabla: string, idCarga: number) =>
  (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tabla} WHERE id_carga = $1`, [idCarga]))[0]
    .n;

/** The SHA-256 of each content, sorted: what a ZIP of them must hold, whatever its order. */
const huellas = (contenidos: readonly (Buffer | string)[]) =>
  contenidos.map((b) => crypto.createHash('sha256').update(b).digest('hex')).sort();

/** The SHA-256 of every file in a ZIP (folders left out), sorted. */
async function huellasZip(zip: Buffer) {
  const dentro = Object.values((await JSZip.loadAsync(zip)).files).filter((f) => !f.dir);
  return huellas(await Promise.all(dentro.map((f) => f.async('nodebuffer'))));
}

/** The job row of a procedure's document being built (lib/jobs/documentos.ts): a PDF report's or a ZIP's. */
const trabajoDe = async (tabla: 'reporte_trabajo' | 'zip_trabajo', idTramite: number) =>
  (
    await c.query<{ estado: string; intento: number; progreso: number }>(
      `SELECT estado, intento, progreso FROM ${tabla} WHERE id_tramite = $1`,
      [idTramite],
    )
  )[0];

/** Which replica answered (nginx's X-Replica: the upstream address, or the ones it tried). */
const replicaDe = (r: { headers: Record<string, unknown> }) => String(r.headers['x-replica'] ?? '');

beforeAll(async () => {
  if (omitir) return;
  c = new Cluster(await puertos());
  await c.start();
  await prestador.entrar();
  await supervisor.entrar();
}, 420_000);

afterAll(async () => {
  await c?.stop();
}, 60_000);

// Seconds each, but the machine may be loaded: the same allowance as the faults.
describe.skipIf(omitir)(
  'a real front: nginx, two API replicas, a worker, s3rver (issue 16 item 2)',
  { timeout: 300_000 },
  () => {
    let idTramite: number;
    let idCarga: number;
    const documentos = new Map<string, Buffer>();

    it('the client address is the browser’s, as nginx saw it, not a forged X-Forwarded-For', async () => {
      const rows = await c.query<{ ip: string }>(
        `SELECT s.ip FROM sesion s JOIN usuario u ON u.id_usuario = s.id_usuario WHERE u.nombre = $1`,
        ['prestador@demo.ec'],
      );
      expect(rows.map((r) => r.ip)).toContain('127.0.0.2');
      expect(rows.map((r) => r.ip)).not.toContain('203.0.113.7');
    });

    it('upload on one replica, progress read on the other, ingested by the worker', async () => {
      idTramite = await nuevoTramite();
      const n = 300;
      const up = await prestador.subir(
        `/api/v1/tramites/${idTramite}/cargas`,
        multipart([{ name: 'cluster.csv', content: csv(filas(idTramite, n)) }]),
      );
      expect(up.status, up.body.toString()).toBe(202);
      idCarga = JSON.parse(up.body.toString()).idCarga;
      const arriba = replicaDe(up);
      expect([`127.0.0.1:${c.puertos.a}`, `127.0.0.1:${c.puertos.b}`]).toContain(arriba);
      // Progress: read until the other replica has answered at least once and the load is settled.
      let otra = false;
      let fin: Json = {};
      await hasta('load settled, read on both replicas', async () => {
        const r = await prestador.json('GET', `/api/v1/cargas/${idCarga}`);
        expect(r.status).toBe(200);
        fin = r.body;
        otra ||= replicaDe(r.raw) !== arriba;
        return otra && fin.estadoProceso !== 'PROCESANDO';
      });
      expect(fin).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: n });
      expect(await contar('carga_fila', idCarga)).toBe(n);
      // The worker ingested it (the API replicas never run jobs), and the data file left the bucket.
      expect(c.log('worker')).toContain(`"idCarga":${idCarga}`);
      expect(c.log('a') + c.log('b')).not.toContain('load ingested');
      await hasta('data file removed from the bucket', async () => (await carga(idCarga)).clave === null);
      expect(c.objetos().filter((o) => o.startsWith('cargas/'))).toEqual([]);
    });

    it('organise, then a documents folder stored in the bucket', async () => {
      const fin = await organizarYEsperar(idCarga);
      expect(fin).toMatchObject({ organizacion: 'ORGANIZADA', tienePlanillas: 1 });
      // The worker organised it (decision 85), not the replica that answered the request.
      expect(c.log('worker')).toContain('attentions organised');
      expect(c.log('a') + c.log('b')).not.toContain('attentions organised');
      const planillas = await c.query<{ numero: string }>(
        'SELECT numero FROM planilla WHERE id_carga = $1 AND estado = 1 ORDER BY numero',
        [idCarga],
      );
      expect(planillas).toHaveLength(100);
      documentos.set('carpeta/1000.pdf', pdf('1000'));
      documentos.set('carpeta/1000_2.png', png('1000-b'));
      documentos.set('carpeta/1001-informe.pdf', pdf('1001'));
      documentos.set('carpeta/1099.pdf', pdf('1099'));
      const r = await prestador.subir(
        `/api/v1/cargas/${idCarga}/archivos`,
        carpeta([...documentos].map(([name, content]) => ({ name, content }))),
      );
      expect(r.status, r.body.toString()).toBe(200);
      expect(JSON.parse(r.body.toString()).archivosCargados).toHaveLength(4);
      const filasArchivo = await c.query<{ ruta: string; hash: string }>(
        'SELECT ruta, hash FROM archivo_pla WHERE id_carga = $1',
        [idCarga],
      );
      expect(filasArchivo).toHaveLength(4);
      const objetos = new Set(c.objetos());
      for (const f of filasArchivo) expect(objetos.has(f.ruta), f.ruta).toBe(true);
    });

    it('sent, received, one attention reviewed, across replicas', async () => {
      const env = await prestador.json('POST', `/api/v1/tramites/${idTramite}/acciones/enviar`, {});
      expect(env.status, JSON.stringify(env.body)).toBe(200);
      for (const [accion, estadoActual] of [
        ['recibir', 'ENVIADO'],
        ['iniciar', 'RECIBIDO'],
      ]) {
        const r = await supervisor.json('POST', `/api/v1/tramites/${idTramite}/acciones/${accion}`, {
          estadoActual,
        });
        expect(r.status, `${accion}: ${JSON.stringify(r.body)}`).toBe(200);
      }
      const [p] = await c.query<{ id: number; version: number }>(
        `SELECT id_planilla AS id, version FROM planilla WHERE id_carga = $1 AND numero = '1000' AND estado = 1`,
        [idCarga],
      );
      const r = await supervisor.json('POST', `/api/v1/planillas/${p.id}/revision`, {
        tipo: 'M',
        version: p.version,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [after] = await c.query<{ estado: string }>(
        'SELECT estado_aud AS estado FROM planilla WHERE id_planilla = $1',
        [p.id],
      );
      expect(after.estado).toBe('REVISADA');
    });

    it('the ZIP of the procedure, built by the worker from the bucket into the bucket, through nginx', async () => {
      // Built by the worker (decision 80): 202 with its progress until it is stored.
      const r = await informe(`/api/v1/tramites/${idTramite}/zip`, supervisor);
      expect(r.status, r.body.toString().slice(0, 300)).toBe(200);
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(c.objetos().filter((o) => o.startsWith(`zips/${idTramite}/`))).toHaveLength(1);
      expect(await huellasZip(r.body)).toEqual(huellas([...documentos.values()]));
    });

    it('a PDF report of the procedure, stored in the bucket for the next reader on any replica', async () => {
      const ruta = `/api/v1/reportes/pdf/2/${idTramite}?tipo=M`;
      // Drawn by the worker (decision 78): 202 with its progress until it is stored.
      const r = await informe(ruta, supervisor);
      expect(r.status, r.body.toString().slice(0, 300)).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
      // Stored once the answer is sent; from then on both replicas serve the stored copy.
      await hasta(
        'report stored',
        async () =>
          (await c.query('SELECT 1 FROM reporte_pdf WHERE id_tramite = $1', [idTramite])).length > 0,
      );
      const [fila] = await c.query<{ clave: string }>(
        'SELECT clave_objeto AS clave FROM reporte_pdf WHERE id_tramite = $1',
        [idTramite],
      );
      expect(c.objetos()).toContain(fila.clave);
      const replicas = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const again = await c.pedir('GET', ruta, { headers: supervisor.headers() });
        expect(again.status).toBe(200);
        expect(again.headers['x-reporte-origen']).toBe('cache');
        expect(again.body.equals(r.body)).toBe(true);
        replicas.add(replicaDe(again));
      }
      expect(replicas.size).toBe(2);
    });
  },
);

/** A load's summary as the provider reads it through nginx (a 503 while the database is away is asked again). */
async function leerCarga(id: number): Promise<Json> {
  for (;;) {
    const r = await prestador.json('GET', `/api/v1/cargas/${id}`);
    if (r.status === 200) return r.body;
    expect(r.status, JSON.stringify(r.body)).toBe(503);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

/** Watches a load through the API until it settles; every message the provider saw on the way. */
async function seguir(id: number, ms = 180_000) {
  const vistos: string[] = [];
  let fin: Json = {};
  await hasta(
    `load ${id} settled`,
    async () => {
      fin = await leerCarga(id);
      const m = String(fin.mensaje ?? '');
      if (vistos.at(-1) !== m) vistos.push(m);
      return fin.estadoProceso !== 'PROCESANDO';
    },
    ms,
    100,
  );
  return { fin, vistos };
}

/** Uploads a data file through nginx; resolves with the response (or the error of a cut connection). */
const subirDatos = (
  idTramite: number,
  contenido: string,
  extra: Record<string, string> = {},
  pausaMs?: number,
) => {
  const m = multipart([{ name: 'grande.csv', content: contenido }]);
  return c
    .pedir('POST', `/api/v1/tramites/${idTramite}/cargas`, {
      headers: prestador.headers({ ...m.headers, ...extra }),
      body: m.payload,
      pausaMs,
    })
    .catch((e: Error) => e);
};

/** A procedure with an organised load of `n` rows (n / 3 attentions numbered from 1000). */
async function tramiteOrganizado(n: number) {
  const id = await nuevoTramite();
  const up = await subirDatos(id, csv(filas(id, n)));
  if (up instanceof Error) throw up;
  expect(up.status, up.body.toString()).toBe(202);
  const idCarga: number = JSON.parse(up.body.toString()).idCarga;
  expect((await seguir(idCarga)).fin.estadoProceso).toBe('COMPLETADA');
  expect(await organizarYEsperar(idCarga)).toMatchObject({ organizacion: 'ORGANIZADA' });
  return { idTramite: id, idCarga };
}

/** Presses Organizar (202: a job of the worker, decision 85) and reads the load until it is organised. */
async function organizarYEsperar(idCarga: number) {
  const org = await prestador.json('POST', `/api/v1/cargas/${idCarga}/organizar`, {});
  expect(org.status, JSON.stringify(org.body)).toBe(202);
  expect(org.raw.headers['retry-after']).toBe('1');
  // A second press while it is queued or under way adds nothing and says the same.
  const otra = await prestador.json('POST', `/api/v1/cargas/${idCarga}/organizar`, {});
  expect([202, 409]).toContain(otra.status);
  let fin: Json = {};
  await hasta(
    `load ${idCarga} organised`,
    async () => {
      fin = (await prestador.json('GET', `/api/v1/cargas/${idCarga}`)).body;
      return fin.organizacion !== 'PENDIENTE' && fin.organizacion !== 'ORGANIZANDO';
    },
    120_000,
    100,
  );
  return fin;
}

/** Rows of archivo_pla whose object is not in the bucket (must be none, ever). */
/**
 * The one worker running now and the other one (a kill test replaces the worker it kills by the other
 * one, so after the first such test it may be either).
 */
async function trabajadores() {
  const r = await pedir(c.puertos.worker2, 'GET', '/api/health', { timeoutMs: 2000 }).catch(() => undefined);
  const vivo = r?.status === 200 ? ('worker2' as const) : ('worker' as const);
  return { vivo, otro: vivo === 'worker' ? ('worker2' as const) : ('worker' as const) };
}

async function filasSinObjeto() {
  const objetos = new Set(c.objetos());
  const rows = await c.query<{ ruta: string }>('SELECT ruta FROM archivo_pla');
  return rows.filter((r) => !objetos.has(r.ruta)).map((r) => r.ruta);
}

/**
 * A GET as the web app makes it after a database blip: a 503 says in Spanish to try again after
 * Retry-After seconds, and the next try is answered (never a 502 from nginx: decision 72).
 */
async function comoNavegador(ruta: string) {
  const r = await c.pedir('GET', ruta, { headers: prestador.headers() });
  if (r.status !== 503) return r;
  expect(JSON.parse(r.body.toString()).error).toEqual({
    code: 'BASE_NO_DISPONIBLE',
    message: MSG.baseNoDisponible,
  });
  expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  await new Promise((ok) => setTimeout(ok, 1000));
  return c.pedir('GET', ruta, { headers: prestador.headers() });
}

/**
 * A PDF report or a ZIP as the web app fetches it (decisions 78, 80): a 202 carries the job's progress and
 * `Retry-After`, and the same request is made again until the PDF comes; a 503 of a database blip
 * is asked again too. `mensajes` collects what the user was shown on the way.
 */
async function informe(ruta: string, quien: Usuario, mensajes: string[] = [], ms = 240_000) {
  const fin = Date.now() + ms;
  for (;;) {
    const r = await c.pedir('GET', ruta, { headers: quien.headers() });
    if ((r.status !== 202 && r.status !== 503) || Date.now() > fin) return r;
    if (r.status === 202) {
      const m = String(JSON.parse(r.body.toString()).mensaje);
      if (mensajes.at(-1) !== m) mensajes.push(m);
    }
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    await new Promise((ok) => setTimeout(ok, 500));
  }
}

// Minutes on a loaded 2-core machine: a kill, a new process, a 150,000-row ingest.
describe.skipIf(omitir)('faults (issue 16 item 3)', { timeout: 300_000 }, () => {
  const GRANDE = 150_000;

  /**
   * A new procedure's large load (GRANDE rows) uploaded through nginx (202) and seen under way with some
   * progress, before the fault the test names (`falla`: 'kill', 'cut').
   */
  async function ingestaGrandeEnCurso(falla: string) {
    const id = await nuevoTramite();
    const up = await subirDatos(id, csv(filas(id, GRANDE)));
    if (up instanceof Error) throw up;
    expect(up.status, up.body.toString()).toBe(202);
    const idCarga: number = JSON.parse(up.body.toString()).idCarga;
    await hasta(
      'ingest under way',
      async () => {
        const k = await carga(idCarga);
        if (k.estado !== 'PROCESANDO') throw new Error(`the ingest ended before the ${falla}: ${k.estado}`);
        return k.progreso > 0;
      },
      120_000,
      50,
    );
    return idCarga;
  }

  it('the storage server stopped during a folder upload: a Spanish 503, no row pointing at a missing object; the retry works', async () => {
    const { idCarga } = await tramiteOrganizado(30);
    const docs = Array.from({ length: 10 }, (_, i) => ({
      name: `docs/${1000 + i}.pdf`,
      content: pdf(`s3-${i}`),
    }));
    // Large enough for the body to be on its way when the store stops.
    docs.push({
      name: 'docs/1000_relleno.pdf',
      content: Buffer.concat([pdf('relleno'), crypto.randomBytes(2_000_000)]),
    });
    const m = carpeta(docs);
    const envio = c
      .pedir('POST', `/api/v1/cargas/${idCarga}/archivos`, {
        headers: prestador.headers(m.headers),
        body: m.payload,
        pausaMs: 15,
      })
      .catch((e: Error) => e);
    await new Promise((ok) => setTimeout(ok, 150));
    await c.stopS3();
    const r = await envio;
    if (r instanceof Error) throw r;
    expect(r.status, r.body.toString()).toBe(503);
    expect(JSON.parse(r.body.toString()).error).toEqual({
      code: 'ALMACENAMIENTO_NO_DISPONIBLE',
      message: MSG.almacenamientoNoDisponible,
    });
    expect(await contar('archivo_pla', idCarga)).toBe(0);
    await c.startS3();
    const otra = await prestador.subir(`/api/v1/cargas/${idCarga}/archivos`, m);
    expect(otra.status, otra.body.toString()).toBe(200);
    expect(JSON.parse(otra.body.toString()).archivosCargados).toHaveLength(11);
    expect(await contar('archivo_pla', idCarga)).toBe(11);
    expect(await filasSinObjeto()).toEqual([]);
  });

  it('kill -9 of the API replica receiving an upload: the retry through nginx with the same key is accepted once', async () => {
    const id = await nuevoTramite();
    const contenido = csv(filas(id, 60_000));
    const clave = crypto.randomUUID();
    const envio = subirDatos(id, contenido, { 'idempotency-key': clave }, 5);
    let muerta: 'a' | 'b' | undefined;
    await hasta(
      'a replica receiving the upload',
      () => {
        muerta = c.recibiendo('a') ? 'a' : c.recibiendo('b') ? 'b' : undefined;
        return muerta !== undefined;
      },
      60_000,
      10,
    );
    await c.matar(muerta!);
    const cortada = await envio;
    // nginx answers 502 for the replica that died mid-body (or the connection is cut).
    if (!(cortada instanceof Error)) expect(cortada.status, cortada.body.toString()).toBe(502);
    const t0 = Date.now();
    const otra = await subirDatos(id, contenido, { 'idempotency-key': clave });
    if (otra instanceof Error) throw otra;
    expect(otra.status, otra.body.toString()).toBe(202);
    expect(Date.now() - t0).toBeLessThan(15_000);
    // nginx may try the dead one first (refused) and pass the request on: the answer is the other's.
    expect(replicaDe(otra).split(', ').at(-1)).not.toBe(`127.0.0.1:${c.puertos[muerta!]}`);
    const idCarga: number = JSON.parse(otra.body.toString()).idCarga;
    expect((await seguir(idCarga)).fin).toMatchObject({
      estadoProceso: 'COMPLETADA',
      numeroRegistros: 60_000,
    });
    const cargas = await c.query('SELECT id_carga FROM carga WHERE id_tramite = $1', [id]);
    expect(cargas).toHaveLength(1);
    await c.startRol(muerta!);
  });

  // The PDF reports are drawn by a worker and stored before any replica serves them (decision 78): the
  // worker's kill is the fault that matters for them (below).
  it('kill -9 of the API replica streaming a ZIP: the client’s retry through nginx gets it whole', async () => {
    const { idTramite, idCarga } = await tramiteOrganizado(30);
    // Incompressible documents: the ZIP (about 24 MB) cannot be sent before the kill.
    const docs = Array.from({ length: 10 }, (_, i) => ({
      name: `grandes/${1000 + i}.pdf`,
      content: Buffer.concat([pdf(`grande-${i}`), crypto.randomBytes(2_400_000)]),
    }));
    expect((await prestador.subir(`/api/v1/cargas/${idCarga}/archivos`, carpeta(docs))).status).toBe(200);
    for (const ruta of [`/api/v1/tramites/${idTramite}/zip`]) {
      // Built by the worker and stored first (decision 80): the replica streams the stored copy.
      expect((await informe(ruta, prestador)).status).toBe(200);
      let muerta: 'a' | 'b' | undefined;
      const cortada = await c
        .pedir('GET', ruta, {
          headers: prestador.headers(),
          // The answer has begun on one replica: that one is killed before the body is read.
          alCabeceras: async (h) => {
            muerta = String(h['x-replica']).endsWith(`:${c.puertos.a}`) ? 'a' : 'b';
            await c.matar(muerta);
          },
        })
        .catch((e: Error) => e);
      expect(muerta, ruta).toBeDefined();
      // Cut mid-answer: an error, or fewer bytes than announced.
      if (!(cortada instanceof Error)) {
        expect(cortada.status, `${ruta}: ${cortada.body.toString().slice(0, 200)}`).toBe(200);
        expect(cortada.body.length).toBeLessThan(
          Number(cortada.headers['content-length'] ?? Number.POSITIVE_INFINITY),
        );
      }
      const entera = await c.pedir('GET', ruta, { headers: prestador.headers() });
      expect(entera.status, `${ruta}: ${entera.body.toString().slice(0, 200)}`).toBe(200);
      expect(replicaDe(entera).split(', ').at(-1)).not.toBe(`127.0.0.1:${c.puertos[muerta!]}`);
      if (ruta.endsWith('/zip')) {
        const dentro = await huellasZip(entera.body);
        expect(dentro).toHaveLength(10);
        expect(dentro).toEqual(huellas(docs.map((d) => d.content)));
      } else expect(entera.body.subarray(0, 5).toString()).toBe('%PDF-');
      await c.startRol(muerta!);
    }
  });

  it('kill -9 of the worker during an ingest: another worker finishes it, every row once, the provider sees it resume', async () => {
    const idCarga = await ingestaGrandeEnCurso('kill');
    await c.matar('worker');
    // The replacement: a worker process of its own (what an orchestrator starts).
    await c.startRol('worker2');
    const { fin, vistos } = await seguir(idCarga);
    expect(fin).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: GRANDE });
    expect(vistos).toContain(MSG_CARGA.reanudada(2, 5));
    expect(await contar('carga_fila', idCarga)).toBe(GRANDE);
    expect(c.log('worker2')).toContain(`"idCarga":${idCarga}`);
    const jobs = await c.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`carga:${idCarga}`]);
    expect(jobs).toEqual([]);
  });

  it('kill -9 of the worker during an organise: another worker organises it once, the provider sees it resume', async () => {
    // 50,000 attentions of as many patients (one patient for all would make the duplicates' pairs
    // quadratic): seconds of set-based statements, time enough to kill the worker inside them.
    const idTramite = await nuevoTramite();
    const filasGrandes = Array.from({ length: GRANDE }, (_, i) => {
      const k = Math.floor(i / 3);
      return fila(idTramite, { noPlanilla: String(1000 + k), cedula1: cedulaFrom(String(170_000_000 + k)) });
    });
    const up = await subirDatos(idTramite, csv(filasGrandes));
    if (up instanceof Error) throw up;
    expect(up.status, up.body.toString()).toBe(202);
    const idCarga: number = JSON.parse(up.body.toString()).idCarga;
    expect((await seguir(idCarga)).fin).toMatchObject({ estadoProceso: 'COMPLETADA', contadorErrores: 0 });
    const { vivo, otro } = await trabajadores();
    const org = await prestador.json('POST', `/api/v1/cargas/${idCarga}/organizar`, {});
    expect(org.status, JSON.stringify(org.body)).toBe(202);
    await hasta(
      'attentions being written',
      async () => {
        const [k] = await c.query<{ organizacion: string }>(
          'SELECT organizacion FROM carga WHERE id_carga = $1',
          [idCarga],
        );
        if (k.organizacion === 'ORGANIZADA') throw new Error('the organise ended before the kill');
        const activas = await c.query(
          `SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query ILIKE '%INSERT INTO planilla%'`,
        );
        return k.organizacion === 'ORGANIZANDO' && activas.length > 0;
      },
      120_000,
      50,
    );
    await c.matar(vivo);
    await c.startRol(otro);
    const vistos: string[] = [];
    let fin: Json = {};
    await hasta(
      `load ${idCarga} organised after the kill`,
      async () => {
        fin = (await prestador.json('GET', `/api/v1/cargas/${idCarga}`)).body;
        const m = String(fin.organizacionObs ?? '');
        if (vistos.at(-1) !== m) vistos.push(m);
        return fin.organizacion !== 'PENDIENTE' && fin.organizacion !== 'ORGANIZANDO';
      },
      240_000,
      200,
    );
    expect(fin).toMatchObject({ organizacion: 'ORGANIZADA', tienePlanillas: 1 });
    expect(vistos).toContain(MSG_CARGA.organizacionReanudada(2, 3));
    expect(await contar('planilla', idCarga)).toBe(GRANDE / 3);
    const notas = await c.query(`SELECT 1 FROM bitacora_tra WHERE id_tramite = $1 AND observacion LIKE $2`, [
      idTramite,
      `Carga ${idCarga}: % atenciones médicas organizadas%`,
    ]);
    expect(notas).toHaveLength(1);
    expect(c.log(otro)).toContain('attentions organised');
    const jobs = await c.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`organizar:${idCarga}`]);
    expect(jobs).toEqual([]);
  });

  it('kill -9 of the worker during a PDF report: another worker finishes it, stored once, the user sees it resume', async () => {
    // A load with 55,000 novelties (written here: organising thousands of attentions takes minutes on a
    // loaded machine): report 2 of the load takes seconds to draw.
    const N = 55_000;
    const { idTramite, idCarga } = await tramiteOrganizado(30);
    await c.query(
      `INSERT INTO carga_error (id_carga, tipo, fila, columna, valor, mensaje)
       SELECT $1, 'N', g, 'cedula1', '0911111111', 'NOVEDAD DE PRUEBA ' || g FROM generate_series(1, $2::int) g`,
      [idCarga, N],
    );
    const { vivo, otro } = await trabajadores();
    const ruta = `/api/v1/reportes/pdf/2/${idTramite}?identificador02=${idCarga}&tipo=M`;
    const primera = await c.pedir('GET', ruta, { headers: prestador.headers() });
    expect(primera.status, primera.body.toString().slice(0, 300)).toBe(202);
    const trabajo = () => trabajoDe('reporte_trabajo', idTramite);
    await hasta(
      'report being drawn',
      async () => {
        const t = await trabajo();
        if (!t) throw new Error('the report ended before the kill');
        return t.estado === 'GENERANDO';
      },
      120_000,
      50,
    );
    await c.matar(vivo);
    const mensajes: string[] = [];
    // No worker for a moment: the user is told where the report stood.
    const esperando = await c.pedir('GET', ruta, { headers: prestador.headers() });
    expect(esperando.status).toBe(202);
    expect(JSON.parse(esperando.body.toString())).toMatchObject({
      estado: 'GENERANDO',
      intento: 1,
      maxIntentos: 3,
    });
    // The replacement (what an orchestrator starts) takes the job once the dead worker's lock is seen free.
    await c.startRol(otro);
    const r = await informe(ruta, prestador, mensajes);
    expect(r.status, r.body.toString().slice(0, 300)).toBe(200);
    expect(
      mensajes.some((m) => m.startsWith('Se reanudó la generación del reporte (intento 2 de 3)')),
      mensajes.join(' | '),
    ).toBe(true);
    // Whole: every page, every novelty once.
    const paginas = await pdfPaginas(r.body);
    expect(paginas.at(-1)).toContain(`Página ${paginas.length} de ${paginas.length}`);
    const todo = paginas.join('\n');
    expect(todo).toContain(`Novedades de la carga (${formatCount(N)})`);
    expect(todo.match(/NOVEDAD DE PRUEBA \d+/g)?.length).toBe(N);
    expect(todo).toContain(`NOVEDAD DE PRUEBA ${N}`);
    // Once: one stored copy, one object in the bucket, no job or progress row left.
    const filas = await c.query<{ clave: string }>(
      'SELECT clave_objeto AS clave FROM reporte_pdf WHERE id_tramite = $1',
      [idTramite],
    );
    expect(filas).toHaveLength(1);
    expect(c.objetos().filter((o) => o.startsWith(`reportes/${idTramite}/`))).toEqual([filas[0].clave]);
    expect(await trabajo()).toBeUndefined();
    expect(
      await c.query('SELECT 1 FROM graphile_worker.jobs WHERE key LIKE $1', [`reporte:${idTramite}:%`]),
    ).toEqual([]);
    const again = await c.pedir('GET', ruta, { headers: prestador.headers() });
    expect(again.headers['x-reporte-origen']).toBe('cache');
    expect(again.body.equals(r.body)).toBe(true);
  });

  it('kill -9 of the worker during a ZIP: another worker finishes it, stored once, the user sees it resume', async () => {
    const { idTramite, idCarga } = await tramiteOrganizado(30);
    // Incompressible documents (about 180 MB): the worker is still copying them at the kill.
    const docs = Array.from({ length: 18 }, (_, i) => ({
      name: `zip/${1000 + (i % 10)}_${i}.pdf`,
      content: Buffer.concat([pdf(`zip-grande-${i}`), crypto.randomBytes(10_000_000)]),
    }));
    const subida = await prestador.subir(`/api/v1/cargas/${idCarga}/archivos`, carpeta(docs));
    expect(subida.status, subida.body.toString().slice(0, 300)).toBe(200);
    const { vivo, otro } = await trabajadores();
    const ruta = `/api/v1/tramites/${idTramite}/zip?idCarga=${idCarga}`;
    // The first click: it waits its 2 s for the copy while the worker builds it (and is killed).
    const primera = c.pedir('GET', ruta, { headers: prestador.headers() });
    const trabajo = () => trabajoDe('zip_trabajo', idTramite);
    await hasta(
      'ZIP being built',
      async () => {
        const t = await trabajo();
        if (!t && (await c.query('SELECT 1 FROM zip_archivo WHERE id_tramite = $1', [idTramite])).length)
          throw new Error('the ZIP was stored before the kill');
        return t?.estado === 'GENERANDO';
      },
      120_000,
      20,
    );
    await c.matar(vivo);
    const r1 = await primera;
    expect(r1.status, r1.body.toString().slice(0, 300)).toBe(202);
    // No worker for a moment: the user is told where the ZIP stood.
    const esperando = await c.pedir('GET', ruta, { headers: prestador.headers() });
    expect(esperando.status, esperando.body.toString().slice(0, 300)).toBe(202);
    expect(JSON.parse(esperando.body.toString())).toMatchObject({
      estado: 'GENERANDO',
      intento: 1,
      maxIntentos: 3,
    });
    expect(c.objetos().filter((o) => o.startsWith(`zips/${idTramite}/`))).toEqual([]);
    // The replacement takes the job once the dead worker's lock is seen free (decision 60).
    await c.startRol(otro);
    const mensajes: string[] = [];
    const r = await informe(ruta, prestador, mensajes);
    expect(r.status, r.body.toString().slice(0, 300)).toBe(200);
    expect(
      mensajes.some((m) => m.startsWith('Se reanudó la generación del ZIP (intento 2 de 3)')),
      mensajes.join(' | '),
    ).toBe(true);
    // Whole: every document once, byte for byte.
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(await huellasZip(r.body)).toEqual(huellas(docs.map((d) => d.content)));
    // Once: one stored copy, one object in the bucket, no job or progress row left.
    const filas = await c.query<{ clave: string }>(
      'SELECT clave_objeto AS clave FROM zip_archivo WHERE id_tramite = $1',
      [idTramite],
    );
    expect(filas).toHaveLength(1);
    expect(c.objetos().filter((o) => o.startsWith(`zips/${idTramite}/`))).toEqual([filas[0].clave]);
    expect(await trabajo()).toBeUndefined();
    await hasta(
      'ZIP job completed',
      async () =>
        (await c.query('SELECT 1 FROM graphile_worker.jobs WHERE key LIKE $1', [`zip:${idTramite}:%`]))
          .length === 0,
      10_000,
    );
    const again = await c.pedir('GET', ruta, { headers: prestador.headers() });
    expect(again.headers['x-zip-origen']).toBe('cache');
    expect(again.body.equals(r.body)).toBe(true);
  });

  it('every database connection terminated during an ingest: retried, no half-written load', async () => {
    const idCarga = await ingestaGrandeEnCurso('cut');
    expect(await c.cortarConexiones()).toBeGreaterThan(3);
    const { fin, vistos } = await seguir(idCarga);
    expect(fin).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: GRANDE });
    expect(vistos).toContain(MSG_CARGA.reanudada(2, 5));
    expect(await contar('carga_fila', idCarga)).toBe(GRANDE);
  });

  it('connections terminated just before a ZIP and a PDF: the requests through nginx still answer', async () => {
    const { idTramite, idCarga } = await tramiteOrganizado(30);
    const m = carpeta([
      { name: 'z/1000.pdf', content: pdf('zip-1') },
      { name: 'z/1001.png', content: png('zip-2') },
    ]);
    expect((await prestador.subir(`/api/v1/cargas/${idCarga}/archivos`, m)).status).toBe(200);
    await c.cortarConexiones();
    let zip = await comoNavegador(`/api/v1/tramites/${idTramite}/zip`);
    if (zip.status === 202) zip = await informe(`/api/v1/tramites/${idTramite}/zip`, prestador);
    expect(zip.status, zip.body.toString().slice(0, 300)).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(zip.body)).files).filter((f) => !f.endsWith('/'))).toHaveLength(
      2,
    );
    await c.cortarConexiones();
    const reporte = await informe(`/api/v1/reportes/pdf/2/${idTramite}?tipo=M`, prestador);
    expect(reporte.status, reporte.body.toString().slice(0, 300)).toBe(200);
    expect(reporte.body.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

// Written to a file so a failed run can be read afterwards (CLUSTER_KEEP=1 keeps the folder).
afterAll(() => {
  if (c && process.env.CLUSTER_KEEP) fs.writeFileSync(path.join(c.dir, 'DONDE'), c.dir);
});
