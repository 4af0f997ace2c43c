import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF as poppler's `pdftotext` reads it (a real PDF reader, installed by `.ci/run`),
 * one string per page, whitespace collapsed. `-layout` keeps a table row on one line.
 */
export async function pdfPaginas(pdf: Buffer | Uint8Array): Promise<string[]> {
  const child = run('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
  });
  child.child.stdin?.end(Buffer.from(pdf));
  const { stdout } = await child;
  return stdout
    .toString('utf8')
    .split('\f')
    .slice(0, -1)
    .map((p) => p.replace(/[ \t]+/g, ' '));
}

/** The whole text, whitespace collapsed. */
export const pdfTexto = async (pdf: Buffer | Uint8Array) =>
  (await pdfPaginas(pdf)).join('\n').replace(/\s+/g, ' ');

/** How many images each page draws (`pdfimages -list`): the insurer's logo in the page frame. */
export async function imagenesPorPagina(pdf: Buffer | Uint8Array): Promise<Map<number, number>> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pdfimages-'));
  try {
    const file = path.join(dir, 'r.pdf');
    await fs.promises.writeFile(file, pdf);
    const { stdout } = await run('pdfimages', ['-list', file], { encoding: 'utf8' });
    const out = new Map<number, number>();
    for (const l of stdout.split('\n').slice(2)) {
      const page = Number(l.trim().split(/\s+/)[0]);
      if (page > 0) out.set(page, (out.get(page) ?? 0) + 1);
    }
    return out;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
