import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, contentDisposition, ObjectNotFound, type Storage, StorageUnavailable } from './types.ts';

/** A request to the store that sends or receives nothing for this long is given up. */
const STALL_MS = 60_000;
/** Attempts of a request whose kept-alive connection turns out closed before any answer (`send`). */
const REINTENTOS = 3;
const CONEXION_CERRADA = new Set(['ECONNRESET', 'EPIPE']);

/*
 * S3-compatible object storage over its REST API, signed with AWS Signature Version 4 (node:crypto;
 * no SDK). Bodies are streamed both ways; uploads carry their SHA-256 (known from the upload) so the
 * payload is signed too. Downloads for browsers use short-lived presigned URLs.
 */

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
};

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const sha256hex = (data: string) => crypto.createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding, as SigV4 wants it. */
export const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function amzDates(d = new Date()) {
  const amz = d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { amz, day: amz.slice(0, 8) };
}

export function signingKey(secret: string, day: string, region: string) {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
}

export const canonicalQuery = (q: URLSearchParams) =>
  [...q.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/** The SigV4 signature of a request (headers: lower-case names, all of them signed). */
export function signature(opts: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  query?: URLSearchParams;
  secret: string;
  region: string;
  amz: string;
  day: string;
}) {
  const names = Object.keys(opts.headers).sort();
  const canonical = [
    opts.method,
    opts.url.pathname,
    canonicalQuery(opts.query ?? opts.url.searchParams),
    names.map((n) => `${n}:${opts.headers[n].trim()}\n`).join(''),
    names.join(';'),
    opts.payloadHash,
  ].join('\n');
  const scope = `${opts.day}/${opts.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', opts.amz, scope, sha256hex(canonical)].join('\n');
  return {
    signedHeaders: names.join(';'),
    scope,
    signature: crypto
      .createHmac('sha256', signingKey(opts.secret, opts.day, opts.region))
      .update(toSign)
      .digest('hex'),
  };
}

export function s3Storage(o: S3Options, spoolDir: string): Storage {
  fs.mkdirSync(spoolDir, { recursive: true });
  const base = new URL(o.endpoint);
  const agentOpts = { keepAlive: true, maxSockets: 16 };
  const agent = base.protocol === 'https:' ? new https.Agent(agentOpts) : new http.Agent(agentOpts);
  const lib = base.protocol === 'https:' ? https : http;

  const urlOf = (key: string) => {
    assertKey(key);
    const u = new URL(base.toString());
    const objectPath = `${o.prefix}${key}`.split('/').map(uriEncode).join('/');
    const root = base.pathname.replace(/\/$/, '');
    if (o.forcePathStyle) u.pathname = `${root}/${uriEncode(o.bucket)}/${objectPath}`;
    else {
      u.hostname = `${o.bucket}.${base.hostname}`;
      u.pathname = `${root}/${objectPath}`;
    }
    return u;
  };

  /**
   * One signed request. `body` opens the payload afresh for each attempt: a request that fails on a
   * kept-alive connection before any answer — the store closed it while it sat idle in the pool (its
   * keep-alive timeout, or ours read late on a busy event loop), so the request never reached it — is
   * sent again on another connection, in at most REINTENTOS attempts in all (every request here is
   * idempotent: a PUT of the same bytes to the same key, a GET, a DELETE). A refusal on a new connection
   * is the store away.
   */
  function send(
    method: string,
    url: URL,
    payloadHash: string,
    extra: Record<string, string> = {},
    body?: () => Readable,
  ): Promise<http.IncomingMessage> {
    const { amz, day } = amzDates();
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amz,
      ...extra,
    };
    const s = signature({
      method,
      url,
      headers,
      payloadHash,
      secret: o.secretAccessKey,
      region: o.region,
      amz,
      day,
    });
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${o.accessKeyId}/${s.scope}, SignedHeaders=${s.signedHeaders}, Signature=${s.signature}`;
    const intento = (n: number): Promise<http.IncomingMessage> =>
      new Promise((resolve, reject) => {
        let respondido = false;
        const req = lib.request(url, { method, headers, agent }, (res) => {
          respondido = true;
          resolve(res);
        });
        const payload = body?.();
        let bodyError: unknown;
        req.once('error', (e: NodeJS.ErrnoException) => {
          req.on('error', () => {}); // the body's pipe may still report the destroyed request
          if (bodyError) return reject(bodyError); // our own file could not be read
          if (!respondido && req.reusedSocket && CONEXION_CERRADA.has(e.code ?? '') && n < REINTENTOS) {
            payload?.destroy();
            return resolve(intento(n + 1));
          }
          // The store refused, reset or stopped answering: unavailable (a 503 for the client).
          payload?.destroy();
          reject(new StorageUnavailable(`${method} ${url.pathname}`, e));
        });
        req.setTimeout(STALL_MS, () => req.destroy(new Error(`no answer for ${STALL_MS} ms`)));
        if (payload) {
          payload.on('error', (e) => {
            bodyError = e;
            req.destroy(e);
          });
          payload.pipe(req);
        } else req.end();
      });
    return intento(1);
  }

  const failure = async (res: http.IncomingMessage, what: string) => {
    let text = '';
    for await (const c of res) if (text.length < 2000) text += c;
    const msg = `S3 ${what}: HTTP ${res.statusCode} ${text.slice(0, 500)}`;
    return (res.statusCode ?? 0) >= 500 ? new StorageUnavailable(msg) : new Error(msg);
  };

  return {
    kind: 's3',
    spoolDir,
    putFile: async (key, file, meta) => {
      try {
        const res = await send(
          'PUT',
          urlOf(key),
          meta.sha256,
          { 'content-length': String(meta.size), 'content-type': meta.contentType },
          () => fs.createReadStream(file),
        );
        if (res.statusCode !== 200) throw await failure(res, `PUT ${key}`);
        res.resume();
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
    read: async (key) => {
      const res = await send('GET', urlOf(key), 'UNSIGNED-PAYLOAD');
      if (res.statusCode === 404) {
        res.resume();
        throw new ObjectNotFound(key);
      }
      if (res.statusCode !== 200) throw await failure(res, `GET ${key}`);
      return res;
    },
    remove: async (keys) => {
      const queue = [...keys];
      const worker = async () => {
        for (let k = queue.shift(); k !== undefined; k = queue.shift()) {
          const res = await send('DELETE', urlOf(k), sha256hex(''));
          if (res.statusCode !== 204 && res.statusCode !== 200 && res.statusCode !== 404)
            throw await failure(res, `DELETE ${k}`);
          res.resume();
        }
      };
      await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
    },
    signedUrl: (key, opts) => {
      const url = urlOf(key);
      const { amz, day } = amzDates();
      const q = url.searchParams;
      q.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
      q.set('X-Amz-Credential', `${o.accessKeyId}/${day}/${o.region}/s3/aws4_request`);
      q.set('X-Amz-Date', amz);
      q.set('X-Amz-Expires', String(opts.expiresSec));
      q.set('X-Amz-SignedHeaders', 'host');
      q.set('response-content-disposition', contentDisposition(opts.fileName, opts.inline));
      q.set('response-content-type', opts.contentType);
      const s = signature({
        method: 'GET',
        url,
        headers: { host: url.host },
        payloadHash: 'UNSIGNED-PAYLOAD',
        secret: o.secretAccessKey,
        region: o.region,
        amz,
        day,
      });
      // URLSearchParams encodes spaces as '+': rebuild the query with the signed encoding.
      url.search = `${canonicalQuery(q)}&X-Amz-Signature=${s.signature}`;
      return url.toString();
    },
  };
}

export const s3SpoolDir = (dataDir: string) => path.join(dataDir, 'tmp', 'subidas-archivos');

/** Streams a readable into a file (used by tests and tools). */
export const toFile = (r: Readable, file: string) => pipeline(r, fs.createWriteStream(file));
