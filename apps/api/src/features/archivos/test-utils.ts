import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Archivo = { name: string; content: Buffer; field?: string };

/** A multipart/form-data body built by hand (repeated `archivos` unless told). */
export function multipart(files: Archivo[], fields: Record<string, string> = {}) {
  const boundary = `----archivos${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'archivos'}"; filename="${f.name.replace(/"/g, '%22')}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Distinct small documents of each type (the content decides the type, not the name). */
export const pdf = (tag: string = crypto.randomUUID()) =>
  Buffer.from(`%PDF-1.4\n% ${tag}\n1 0 obj <<>> endobj\n%%EOF\n`);
export const png = (tag: string = crypto.randomUUID()) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(tag)]);
export const jpeg = (tag: string = crypto.randomUUID()) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(tag), Buffer.from([0xff, 0xd9])]);
/** A Windows executable (MZ header). */
export const exe = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), crypto.randomBytes(64)]);

/** Every stored object under a local store's root (the spool folder apart). */
export function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (p !== path.join(root, '.subidas')) walk(p);
      } else out.push(path.relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

export const spooled = (root: string) =>
  fs.existsSync(path.join(root, '.subidas')) ? fs.readdirSync(path.join(root, '.subidas')) : [];
