import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS, nodeFlags } from './node-flags.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const scripts = (file: string): Record<string, string> =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** The node command line of a script (its last `node …`). */
const linea = (s: string) => s.slice(s.lastIndexOf('node '));

describe('the server processes run with the declared Node flags (decision 79)', () => {
  it('the all-in-one start and the API replicas pass them; the worker does not', () => {
    const raiz = scripts('package.json');
    const api = scripts('apps/api/package.json');
    for (const [nombre, s] of [
      ['start (apps/api)', api.start],
      ['start:api', raiz['start:api']],
    ] as const)
      for (const f of NODE_FLAGS) expect(linea(s), nombre).toContain(` ${f} `);
    for (const f of NODE_FLAGS) expect(linea(raiz['start:worker'])).not.toContain(f);
    expect(nodeFlags('worker')).toEqual([]);
    expect(nodeFlags('api')).toEqual(NODE_FLAGS);
    expect(nodeFlags()).toEqual(NODE_FLAGS);
  });
});
