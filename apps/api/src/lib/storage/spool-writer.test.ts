import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpoolWriter } from './spool-writer.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-writer-'));
const writer = new SpoolWriter();
afterAll(async () => {
  await writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SpoolWriter', () => {
  it('writes each buffer whole, many at once, from its thread', async () => {
    const bufs = Array.from({ length: 20 }, (_, i) => Buffer.alloc(100_000 + i, i));
    await Promise.all(bufs.map((b, i) => writer.write(path.join(dir, `${i}.part`), Buffer.from(b))));
    for (let i = 0; i < bufs.length; i++)
      expect(fs.readFileSync(path.join(dir, `${i}.part`)).equals(bufs[i])).toBe(true);
  });

  it("copies a slice of Node's shared pool instead of moving the pool away", async () => {
    const small = Buffer.from('%PDF-1.4 pequeño'); // from the pool
    const neighbour = Buffer.from('vecino'); // same pool
    await writer.write(path.join(dir, 'small.part'), small);
    expect(fs.readFileSync(path.join(dir, 'small.part'), 'utf8')).toBe('%PDF-1.4 pequeño');
    expect(small.toString()).toBe('%PDF-1.4 pequeño');
    expect(neighbour.toString()).toBe('vecino');
  });

  it('rejects with the file-system error and keeps working', async () => {
    await expect(
      writer.write(path.join(dir, 'no-existe', 'x.part'), Buffer.alloc(10_000)),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await writer.write(path.join(dir, 'after.part'), Buffer.alloc(10_000, 1));
    expect(fs.statSync(path.join(dir, 'after.part')).size).toBe(10_000);
  });
});
