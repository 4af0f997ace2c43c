import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amzDates, signature } from '../../lib/storage/s3.ts';
import {
  crearTramite,
  eliminarCargaConErrores,
  type Fixture,
  type Ids,
  loadIds,
} from '../../test/fixtures.ts';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { multipart, pdf, png, storedFiles } from './test-utils.ts';

/*
 * The object-storage path against a small S3-compatible server that checks every request's SigV4
 * signature (header-signed and presigned) and the uploaded content's SHA-256.
 */

const creds = {
  accessKeyId: 'AKIAPRUEBA',
  secret: 'secreto-de-prueba',
  region: 'us-east-1',
  bucket: 'archivos',
};

type Obj = { body: Buffer; type: string };

function fakeS3() {
  const objects = new Map<string, Obj>();
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const deny = (why: string) => {
        log.push(`DENY ${why}`);
        res.writeHead(403).end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${why}</Message></Error>`);
      };
      const body = Buffer.concat(chunks);
      if (url.searchParams.has('X-Amz-Signature')) {
        const q = new URLSearchParams(url.searchParams);
        const given = q.get('X-Amz-Signature');
        q.delete('X-Amz-Signature');
        const amz = q.get('X-Amz-Date') ?? '';
        const s = signature({
          method: req.method ?? 'GET',
          url,
          query: q,
          headers: { host: req.headers.host ?? '' },
          payloadHash: 'UNSIGNED-PAYLOAD',
          secret: creds.secret,
          region: creds.region,
          amz,
          day: amz.slice(0, 8),
        });
        if (s.signature !== given) return deny('presigned signature');
        const expires = Number(q.get('X-Amz-Expires'));
        const t0 = Date.parse(
          amz.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
        );
        if (!(expires > 0 && expires <= 604800) || Date.now() > t0 + expires * 1000) return deny('expired');
      } else {
        const auth = req.headers.authorization ?? '';
        const m =
          /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
            auth,
          );
        if (!m || m[1] !== creds.accessKeyId) return deny('authorization');
        const headers: Record<string, string> = {};
        for (const h of m[4].split(';')) headers[h] = String(req.headers[h] ?? '');
        const s = signature({
          method: req.method ?? 'GET',
          url,
          headers,
          payloadHash: String(req.headers['x-amz-content-sha256']),
          secret: creds.secret,
          region: m[3],
          amz: String(req.headers['x-amz-date']),
          day: m[2],
        });
        if (s.signature !== m[5]) return deny('header signature');
        if (!m[4].split(';').includes('host') || !m[4].split(';').includes('x-amz-date'))
          return deny('headers');
      }
      const [, bucket, ...rest] = url.pathname.split('/');
      if (bucket !== creds.bucket) return res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      const key = rest.map(decodeURIComponent).join('/');
      log.push(`${req.method} ${key}`);
      if (req.method === 'PUT') {
        const sha = crypto.createHash('sha256').update(body).digest('hex');
        if (sha !== req.headers['x-amz-content-sha256']) return deny('payload hash');
        if (Number(req.headers['content-length']) !== body.length) return deny('length');
        objects.set(key, { body, type: String(req.headers['content-type']) });
        return res.writeHead(200, { etag: `"${sha.slice(0, 32)}"` }).end();
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        const h: Record<string, string | number> = {
          'content-type': o.type,
          'content-length': o.body.length,
        };
        const cd = url.searchParams.get('response-content-disposition');
        if (cd) h['content-disposition'] = cd;
        const ct = url.searchParams.get('response-content-type');
        if (ct) h['content-type'] = ct;
        return res.writeHead(200, h).end(o.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      res.writeHead(405).end();
    });
  });
  return { server, objects, log };
}

let t: TestContext;
let ids: Ids;
let s3: ReturnType<typeof fakeS3>;
let endpoint: string;

beforeAll(async () => {
  s3 = fakeS3();
  await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  t = await createTestContext({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: creds.bucket,
    S3_REGION: creds.region,
    S3_ACCESS_KEY_ID: creds.accessKeyId,
    S3_SECRET_ACCESS_KEY: creds.secret,
    S3_FORCE_PATH_STYLE: true,
    S3_PREFIX: 'prueba/',
  });
  ids = await loadIds(t);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => s3?.server.close(r));
});

const subir = async (idCarga: number, files: { name: string; content: Buffer }[]) => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/cargas/${idCarga}/archivos`,
    headers: { ...(await t.auth(DEMO.prestador)), ...body.headers },
    payload: body.payload,
  });
};

const httpGet = (url: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });

describe('object storage (S3-compatible)', () => {
  let f: Fixture;
  const a = pdf('s3-a');
  const b = png('s3-b');
  let idArchivo: number;

  beforeAll(async () => {
    f = await crearTramite(t, ids, {
      estado: 'ESTRUCTURADO',
      planillas: [{ numero: '501' }, { numero: '502' }],
    });
  });

  it('uploads signed objects under generated keys; nothing on the local disk', async () => {
    const res = await subir(f.idCarga, [
      { name: '501.pdf', content: a },
      { name: '502_foto.png', content: b },
      { name: '503.pdf', content: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      archivosCargados: ['501.pdf', '502_foto.png'],
      planillasNoEncontradas: ['503.pdf'],
    });
    expect(s3.log.filter((l) => l.startsWith('DENY'))).toEqual([]);
    const keys = [...s3.objects.keys()].sort();
    expect(keys).toHaveLength(2);
    for (const k of keys)
      expect(k).toMatch(
        new RegExp(`^prueba/tramites/${f.idTramite}/cargas/${f.idCarga}/[0-9a-f-]{36}\\.(pdf|png)$`),
      );
    expect([...s3.objects.values()].map((o) => o.type).sort()).toEqual(['application/pdf', 'image/png']);
    expect(storedFiles(path.join(t.config.dataDir, 'files'))).toEqual([]);
    const spool = path.join(t.config.dataDir, 'tmp', 'subidas-archivos');
    expect(fs.readdirSync(spool)).toEqual([]);
    const [row] = await t.database.query<{ id: number }>(
      `SELECT id_archivo_pla AS id FROM archivo_pla WHERE id_carga = $1 AND nombre = '501.pdf'`,
      [f.idCarga],
    );
    idArchivo = row.id;
  });

  it('a duplicate is not uploaded again', async () => {
    const puts = s3.log.filter((l) => l.startsWith('PUT')).length;
    const res = await subir(f.idCarga, [{ name: '501-copia.pdf', content: a }]);
    expect(res.json().archivosDuplicados).toEqual(['501-copia.pdf']);
    expect(s3.log.filter((l) => l.startsWith('PUT')).length).toBe(puts);
  });

  it('streams the content through the API to bearer clients', async () => {
    // Issue 11 item 4: the insurer side reads a provider's files only once the procedure is sent.
    await t.database.query(`UPDATE tramite SET estado_tramite = 'ENVIADO' WHERE id_tramite = $1`, [
      f.idTramite,
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/archivos-pla/${idArchivo}/contenido`,
      headers: await t.auth(DEMO.supervisorAm),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(a);
  });

  it('a browser link redirects to a presigned URL valid for a minute', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/archivos-pla/${idArchivo}/enlace`,
      headers: await t.auth(DEMO.supervisorAm),
      payload: { descarga: true },
    });
    const res = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${endpoint}/archivos/prueba/tramites/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('60');
    const got = await httpGet(location);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(a);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="501.pdf"; filename*=UTF-8''501.pdf`,
    );
    expect(got.headers['content-type']).toBe('application/pdf');
    const tampered = location.replace(/X-Amz-Expires=60/, 'X-Amz-Expires=6000');
    expect((await httpGet(tampered)).status).toBe(403);
  });

  it('ZIPs read from the bucket, built by the job and stored in the bucket (decision 80)', async () => {
    const pedir = async () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/tramites/${f.idTramite}/zip?idCarga=${f.idCarga}`,
        headers: await t.auth(DEMO.supervisorAm),
      });
    let res = await pedir();
    for (let i = 0; res.statusCode === 202 && i < 300; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await pedir();
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const z = await JSZip.loadAsync(res.rawPayload);
    expect(await z.file('501/501.pdf')!.async('nodebuffer')).toEqual(a);
    expect(await z.file('502/502_foto.png')!.async('nodebuffer')).toEqual(b);
    // The stored copy is an object of the bucket (its SHA-256 checked by the server), served again.
    const zips = [...s3.objects.entries()].filter(([k]) => k.includes('/zips/'));
    expect(zips).toHaveLength(1);
    expect(zips[0][1].body.equals(res.rawPayload)).toBe(true);
    expect(zips[0][1].type).toBe('application/zip');
    const otra = await pedir();
    expect(otra.headers['x-zip-origen']).toBe('cache');
    expect(otra.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('deleting the load deletes its objects', async () => {
    // Back to the provider's state (the insurer read it ENVIADO above): the provider deletes its load.
    await t.database.query(`UPDATE tramite SET estado_tramite = 'ESTRUCTURADO' WHERE id_tramite = $1`, [
      f.idTramite,
    ]);
    const res = await eliminarCargaConErrores(t, f.idCarga);
    expect(res.statusCode, res.body).toBe(200);
    // Only the stored ZIP is left: the clean-up removes it after 24 hours (decision 80).
    expect([...s3.objects.keys()].filter((k) => !k.includes('/zips/'))).toEqual([]);
  });

  it('signs dates as SigV4 expects', () => {
    expect(amzDates(new Date('2026-03-04T05:06:07.890Z'))).toEqual({
      amz: '20260304T050607Z',
      day: '20260304',
    });
  });
});
