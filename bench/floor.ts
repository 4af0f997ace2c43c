/**
 * The floor of an ingest (bench/ingest.ts, bench/cluster-ingest.ts): the bare streaming parse of the
 * file with the server's parser and options, and PostgreSQL's own COPY of the same rows into a plain
 * table of 19 text columns; the resident memory of a process (Linux /proc); a streamed upload.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { JSONParser } from '@streamparser/json';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CSV_OPCIONES, rowsOf } from '../apps/api/src/features/cargas/sources.ts';
import type { Formato } from './generate.ts';

/** Peak resident memory of a process since the last reset, and its current one (Linux /proc). */
export function peakRss(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
}
export function resetPeak(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not permitted: the peak then covers the whole life of the server.
  }
}

/** The parse alone, with the server's parser and options, counting records. */
export async function bareParse(formato: Formato, file: string): Promise<number> {
  let n = 0;
  if (formato === 'csv') {
    const parser = fs
      .createReadStream(file, { highWaterMark: 256 * 1024 })
      .pipe(parse({ ...CSV_OPCIONES, delimiter: ';' }));
    for await (const _ of parser) n++;
    return n - 1;
  }
  if (formato === 'json') {
    // As the server reads it (sources.ts): 256 KiB chunks written to the synchronous parser.
    const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
    parser.onValue = () => {
      n++;
    };
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) parser.write(chunk);
    return n;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    fs.createReadStream(file, { highWaterMark: 256 * 1024 }),
    {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    },
  );
  for await (const sheet of reader) {
    for await (const _ of sheet) n++;
    break;
  }
  return n - 1;
}

const ESC = /[\\\t\n\r]/g;
const copyText = (v: string | null) =>
  v === null
    ? '\\N'
    : v.replace(ESC, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c);

/** COPY of the same rows into `bench_floor` (19 text columns, created by the caller), from rows prepared beforehand. */
export async function copyFloor(client: pg.Client, formato: Formato, file: string): Promise<number> {
  const chunks: string[] = [];
  let buf: string[] = [];
  for await (const cells of rowsOf(formato, { file })) {
    buf.push(cells.map(copyText).join('\t'));
    if (buf.length === 5000) {
      chunks.push(`${buf.join('\n')}\n`);
      buf = [];
    }
  }
  if (buf.length) chunks.push(`${buf.join('\n')}\n`);
  await client.query('TRUNCATE bench_floor');
  const t0 = performance.now();
  const stream = client.query(copyFrom('COPY bench_floor FROM STDIN'));
  await pipeline(
    (async function* () {
      for (const c of chunks) yield c;
    })(),
    stream,
  );
  return performance.now() - t0;
}

/** Streams the file as a multipart upload (never read whole). */
export function upload(url: string, token: string, file: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    const input = fs.createReadStream(file);
    input.on('error', reject);
    input.on('end', () => req.end(tail));
    input.pipe(req, { end: false });
  });
}
