import type { Storage } from '../../lib/storage/index.ts';
import type { Database } from '../client.ts';
import { seedDemo } from './demo.ts';
import { seedDemoArchivos } from './demo-archivos.ts';
import { seedDemoTramites } from './demo-tramites.ts';
import { seedReference } from './reference.ts';

/**
 * Seeds an empty database: reference data always, demo companies and users unless disabled, and demo
 * procedures with organised attentions and their documents when asked (the server does; the test
 * template does not, its tests build their own procedures).
 */
export async function seedIfEmpty(
  database: Database,
  opts: {
    demo: boolean;
    tramites?: boolean /** Where the demo procedures' documents go. */;
    archivos?: Storage;
  },
): Promise<boolean> {
  const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM perfil');
  if (n > 0) return false;
  await database.transaction(async (tx) => {
    await seedReference(tx);
    if (opts.demo) await seedDemo(tx);
    if (opts.demo && opts.tramites) {
      await seedDemoTramites(tx);
      if (opts.archivos) await seedDemoArchivos(tx, opts.archivos);
    }
  });
  return true;
}
