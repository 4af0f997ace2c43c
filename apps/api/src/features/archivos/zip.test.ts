import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../lib/storage/index.ts';
import { entradasZip, zipStream } from './zip.ts';

const memoria = (objetos: Map<string, Buffer>): Storage => ({
  kind: 'local',
  spoolDir: '/nonexistent',
  putFile: async () => {},
  read: async (k) => Readable.from([objetos.get(k) as Buffer]),
  remove: async () => {},
  signedUrl: () => null,
});

const leer = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('ZIP stream', () => {
  it('announces exactly the length it writes, also past a 64 KiB central directory', async () => {
    for (const n of [3, 2500]) {
      const objetos = new Map<string, Buffer>();
      const filas = Array.from({ length: n }, (_, i) => {
        objetos.set(`k${i}`, Buffer.from(`%PDF-1.4 ${i}`));
        return {
          ruta: `k${i}`,
          nombre: `documento-con-un-nombre-largo-${i}.pdf`,
          tamano: Buffer.byteLength(`%PDF-1.4 ${i}`),
          fechaCrea: new Date('2026-03-03T10:00:00Z'),
          numero: String(1000 + (i % 700)),
          fechaDesde: '2026-03-03',
          especialidad: null,
        };
      });
      const { stream, size } = zipStream(memoria(objetos), entradasZip(filas, 'atencion'));
      const body = await leer(stream);
      expect(size).toBe(body.length);
      // JSZip checks every entry's CRC-32 with its own code (the server's comes from zlib).
      const zip = await JSZip.loadAsync(body, { checkCRC32: true });
      expect(Object.values(zip.files).filter((f) => !f.dir)).toHaveLength(n);
      for (const f of Object.values(zip.files).slice(0, 50)) if (!f.dir) await f.async('uint8array');
      expect(await zip.file('1002/documento-con-un-nombre-largo-2.pdf')?.async('string')).toBe('%PDF-1.4 2');
    }
  });

  it('names files safely and never twice in a folder', () => {
    const base = {
      ruta: 'x',
      tamano: 1,
      fechaCrea: new Date(),
      fechaDesde: '2026-03-03',
      especialidad: 'CARDIOLOGÍA',
    };
    const e = entradasZip(
      [
        { ...base, numero: '7', nombre: 'a.pdf' },
        { ...base, numero: '7', nombre: 'A.pdf' },
        { ...base, numero: '7', nombre: 'a.pdf' },
        { ...base, numero: 'x/../y', nombre: 'b:c.pdf' },
      ],
      'fecha-especialidad',
    );
    expect(e.map((x) => x.path)).toEqual([
      '2026-03-03/CARDIOLOGÍA/7/a.pdf',
      '2026-03-03/CARDIOLOGÍA/7/A (2).pdf',
      '2026-03-03/CARDIOLOGÍA/7/a (3).pdf',
      '2026-03-03/CARDIOLOGÍA/x_.._y/b_c.pdf',
    ]);
  });
});
