import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/*
 * The product as a deployment runs it (issue 16 item 2, decision 72), on loopback: one PostgreSQL
 * database made for the run, `migrate` once, an S3-compatible server (s3rver), two API replicas and
 * one worker as real processes of the built bundle (so `kill -9` is real), and nginx in front with
 * the configuration docs/deployment.md gives. This file: ports, the build, waiting and one HTTP
 * request; cluster.ts starts and stops the processes.
 */

export const ROOT = path.resolve(import.meta.dirname, '../../../../..');
export const API_DIR = path.join(ROOT, 'apps/api');
export const DIST = path.join(API_DIR, 'dist-cluster');
export const MAIN = path.join(DIST, 'main.mjs');

/** nginx's `fail_timeout` for the replicas: how long a replica that failed a request is left out. */
export const FAIL_TIMEOUT_MS = 5_000;

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((f) => fs.existsSync(f));

export type Puertos = { nginx: number; a: number; b: number; worker: number; worker2: number; s3: number };

/**
 * The cluster's ports: CLUSTER_PUERTO_BASE and the five after it when set, else free ones the
 * system hands out (so a run never collides with a server a developer has open).
 */
export async function puertos(): Promise<Puertos> {
  const base = Number(process.env.CLUSTER_PUERTO_BASE);
  const n = Number.isInteger(base) && base > 0 ? [0, 1, 2, 3, 4, 5].map((i) => base + i) : await libres(6);
  return { nginx: n[0], a: n[1], b: n[2], worker: n[3], worker2: n[4], s3: n[5] };
}

export async function libres(k: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: k },
      () =>
        new Promise<net.Server>((ok, ko) => {
          const srv = net.createServer();
          srv.once('error', ko);
          srv.listen(0, '127.0.0.1', () => ok(srv));
        }),
    ),
  );
  const out = servers.map((srv) => (srv.address() as net.AddressInfo).port);
  await Promise.all(servers.map((srv) => new Promise((ok) => srv.close(ok))));
  return out;
}
export type Rol = 'api' | 'worker';
export type Nombre = 'a' | 'b' | 'worker' | 'worker2';

export const S3 = { bucket: 'reclamos', key: 'S3RVER', secret: 'S3RVER' };

/** Builds the API bundle once (the package's own build command, into dist-cluster). */
export function construir() {
  const pkg = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
  const script = String(pkg.scripts.build).replace('--outdir=dist ', '--outdir=dist-cluster ');
  if (!script.includes('dist-cluster')) throw new Error(`unexpected build script: ${script}`);
  execFileSync('sh', ['-c', script], {
    cwd: API_DIR,
    env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` },
    stdio: 'pipe',
  });
}

export const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `f` is true (polled), or fails with `que`. */
export async function hasta(que: string, f: () => boolean | Promise<boolean>, ms = 60_000, cada = 100) {
  const fin = Date.now() + ms;
  for (;;) {
    if (await f()) return;
    if (Date.now() > fin) throw new Error(`timed out: ${que}`);
    await esperar(cada);
  }
}

export type Respuesta = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One HTTP request with node:http (a source address of our own, streamed bodies, no retries). */
export function pedir(
  port: number,
  method: string,
  ruta: string,
  opts: {
    headers?: Record<string, string>;
    body?: Buffer;
    localAddress?: string;
    timeoutMs?: number;
    /** Pause between 64 KiB pieces of the body (a slow client: the request is seen mid-body). */
    pausaMs?: number;
    /** Runs when the answer's headers arrive; its body is read once this resolves. */
    alCabeceras?: (h: http.IncomingHttpHeaders) => Promise<void>;
  } = {},
): Promise<Respuesta> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: ruta,
        headers: {
          ...(opts.body ? { 'content-length': String(opts.body.length) } : {}),
          ...opts.headers,
        },
        localAddress: opts.localAddress,
        agent: false,
        timeout: opts.timeoutMs ?? 120_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('response aborted')));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        const leer = () => res.on('data', (c: Buffer) => chunks.push(c));
        if (opts.alCabeceras) opts.alCabeceras(res.headers).then(leer, reject);
        else leer();
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timeout')));
    req.on('error', reject);
    if (opts.body) {
      // In pieces, as a browser sends a large upload: a replica killed meanwhile is seen mid-body.
      const body = opts.body;
      const size = opts.pausaMs ? 64 * 1024 : 256 * 1024;
      let off = 0;
      const next = () => {
        if (req.destroyed) return;
        while (off < body.length) {
          const piece = body.subarray(off, off + size);
          off += piece.length;
          const ok = req.write(piece);
          if (opts.pausaMs) return void setTimeout(next, opts.pausaMs);
          if (!ok) return void req.once('drain', next);
        }
        req.end();
      };
      next();
    } else req.end();
  });
}
