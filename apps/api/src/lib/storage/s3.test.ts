import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from './s3.ts';
import { StorageUnavailable } from './types.ts';

/*
 * Kept-alive connections the store closes (issue 16 item 4: under load, a PUT sent on a pooled connection
 * that s3rver had just closed was refused with ECONNRESET and the user got the 503 "almacenamiento no
 * disponible"). A small server that drops, without answering, the second request of every connection
 * — what a store closing an idle connection as our request arrives looks like to the client — or, in
 * `caido` mode, every request.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-keepalive-'));
const objetos = new Map<string, Buffer>();
let recibidas = 0;
let caido = false;
const porConexion = new WeakMap<object, number>();
const server = http.createServer((req, res) => {
  recibidas++;
  const n = (porConexion.get(req.socket) ?? 0) + 1;
  porConexion.set(req.socket, n);
  if (caido || n === 2) return void req.socket.destroy();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const key = req.url ?? '';
    if (req.method === 'PUT') {
      objetos.set(key, Buffer.concat(chunks));
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const o = objetos.get(key);
      if (o) res.writeHead(200, { 'content-length': o.length }).end(o);
      else res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    } else if (req.method === 'DELETE') {
      objetos.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
});
let storage: ReturnType<typeof s3Storage>;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  storage = s3Storage(
    {
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      forcePathStyle: true,
      prefix: '',
    },
    path.join(dir, 'spool'),
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

const put = (key: string, content: Buffer) => {
  const file = path.join(dir, crypto.randomUUID());
  fs.writeFileSync(file, content);
  return storage.putFile(key, file, {
    size: content.length,
    contentType: 'text/csv',
    sha256: crypto.createHash('sha256').update(content).digest('hex'),
  });
};
const leer = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of await storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('s3Storage on kept-alive connections', () => {
  it('sends again, whole, a request whose pooled connection the store had closed', async () => {
    // One after the other: each request after the first goes out on the pooled connection, whose
    // second request the server drops.
    const uno = Buffer.from('a;b\n1;2\n');
    const dos = Buffer.alloc(300_000, 'x'); // larger than one piece of the file stream
    await put('cargas/uno.csv', uno);
    const antes = recibidas;
    await put('cargas/dos.csv', dos);
    expect(recibidas - antes).toBe(2); // dropped once, then sent again on a new connection
    expect(objetos.get('/b/cargas/dos.csv')?.equals(dos)).toBe(true);
    expect((await leer('cargas/uno.csv')).equals(uno)).toBe(true);
    expect((await leer('cargas/dos.csv')).equals(dos)).toBe(true);
    await storage.remove(['cargas/uno.csv', 'cargas/dos.csv']);
    expect(objetos.size).toBe(0);
    // The spooled files are removed after their upload, retried or not.
    expect(fs.readdirSync(dir).filter((f) => f !== 'spool')).toEqual([]);
  });

  it('does not retry on a new connection: a store that drops every request is unavailable (a 503)', async () => {
    caido = true;
    try {
      // The pooled connections are dropped and retried; the new ones too, which ends it.
      const antes = recibidas;
      const e = await put('cargas/tres.csv', Buffer.from('x')).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(StorageUnavailable);
      expect(recibidas - antes).toBeLessThanOrEqual(3);
      expect(objetos.has('/b/cargas/tres.csv')).toBe(false);
    } finally {
      caido = false;
    }
  });
});
