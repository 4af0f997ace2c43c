import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, ObjectNotFound, type Storage } from './types.ts';

/** Objects as files under `root` (DATA_DIR/files); uploads are received in `root/.subidas`. */
export function localStorage(root: string): Storage {
  const spoolDir = path.join(root, '.subidas');
  fs.mkdirSync(spoolDir, { recursive: true });
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const made = new Set<string>();
  return {
    kind: 'local',
    spoolDir,
    putFile: async (key, src) => {
      const dest = file(key);
      const dir = path.dirname(dest);
      if (!made.has(dir)) {
        await fs.promises.mkdir(dir, { recursive: true });
        made.add(dir);
      }
      await fs.promises.rename(src, dest);
    },
    read: (key, opts) =>
      new Promise<Readable>((resolve, reject) => {
        const size = opts?.size;
        const s = fs.createReadStream(file(key), {
          highWaterMark: 256 * 1024,
          ...(size !== undefined && size > 0 ? { start: 0, end: size - 1 } : {}),
        });
        s.once('open', () => resolve(s));
        s.once('error', (e: NodeJS.ErrnoException) =>
          reject(e.code === 'ENOENT' ? new ObjectNotFound(key) : e),
        );
      }),
    remove: async (keys) => {
      for (const k of keys) await fs.promises.rm(file(k), { force: true });
    },
    signedUrl: () => null,
    localPath: file,
  };
}
