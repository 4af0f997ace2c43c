import fs from 'node:fs/promises';
import { BYTES_DETECCION, detectarFormato, esBinarioConocido, esZip, type FormatoDatos } from '@app/domain';

export type Sniff = { ok: true; encoding: 'utf8' | 'latin1' } | { ok: false };

const WINDOW = 8192;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Bytes up to the last complete UTF-8 character (a window may cut one in half). */
function utf8Prefix(buf: Buffer, whole: boolean): Buffer {
  if (whole) return buf;
  let end = buf.length;
  for (let i = buf.length - 1; i >= Math.max(0, buf.length - 4); i--) {
    if ((buf[i] & 0xc0) !== 0x80) {
      end = i;
      break;
    }
  }
  return buf.subarray(0, end);
}

function isText(buf: Buffer): boolean {
  for (const b of buf) {
    // Control characters other than tab, line feed, carriage return and form feed: binary.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  }
  return true;
}

/**
 * Checks the content of an uploaded data file against its declared format by its first bytes
 * (docs/design-summary.md §8: by content, not by name): `.xlsx` must be a ZIP, JSON must open with `[` or `{`,
 * CSV must be text (UTF-8, or Windows Latin-1 as spreadsheets in Spanish often save it).
 */
export async function sniffFile(file: string, formato: FormatoDatos, size: number): Promise<Sniff> {
  const fh = await fs.open(file, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(Math.min(WINDOW, size));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  if (formato === 'xlsx') return esZip(head) ? { ok: true, encoding: 'utf8' } : { ok: false };
  // Binary files whatever their name (the domain's list of magic numbers): never a CSV or a JSON.
  if (esBinarioConocido(head)) return { ok: false };
  const body = head.subarray(0, 3).equals(BOM) ? head.subarray(3) : head;
  if (!isText(body)) return { ok: false };
  let encoding: 'utf8' | 'latin1' = 'utf8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(utf8Prefix(body, head.length === size));
  } catch {
    encoding = 'latin1';
  }
  if (formato === 'json') {
    if (encoding !== 'utf8') return { ok: false };
    const first = body.toString('utf8').trimStart()[0];
    return first === '[' || first === '{' ? { ok: true, encoding } : { ok: false };
  }
  return { ok: true, encoding };
}

/** The data file's format by its content (`detectarFormato`, shared with the upload dialog). */
export async function formatoDelContenido(file: string, size: number): Promise<FormatoDatos | null> {
  const fh = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(Math.min(BYTES_DETECCION, size));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return detectarFormato(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}
