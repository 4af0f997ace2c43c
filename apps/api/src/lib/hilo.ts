import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * How to start a worker thread's module beside the caller (decisions 40 and 48): in the bundle
 * `npm start` runs, `<nombre>.mjs` next to `dist/main.mjs` (the API's build script lists each worker
 * as an entry point); from the sources (tsx, vitest), `<nombre>.ts` imported through tsx's ESM API
 * (Node 20 gives a worker no loader, and tsx's CommonJS API cannot register from a worker).
 *
 * `desde` is the caller's `import.meta.url`. Pass the answer to `new Worker(entry, { eval })`.
 */
export function entradaDeHilo(desde: string, nombre: string): { entry: URL | string; eval: boolean } {
  const fromSource = desde.endsWith('.ts');
  const url = new URL(`./${nombre}.${fromSource ? 'ts' : 'mjs'}`, desde);
  if (!fromSource) return { entry: url, eval: false };
  const pkg = createRequire(desde).resolve('tsx/package.json');
  const api = pathToFileURL(path.join(path.dirname(pkg), 'dist/esm/api/index.mjs')).href;
  return {
    entry: `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(desde)}));`,
    eval: true,
  };
}
