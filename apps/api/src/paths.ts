import path from 'node:path';

/**
 * The folder of the API workspace (apps/api). This file lives in `src/` and, once bundled for
 * `npm start`, in `dist/main.mjs` (decision 30): both one level below it, so every file the server
 * reads beside its code (migrations, reference data, the web build) is found from here in both cases.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = path.join(API_ROOT, 'src/db/migrations');
export const SEED_DATA_DIR = path.join(API_ROOT, 'src/db/seed/data');
export const WEB_DIST_DIR = path.join(API_ROOT, '../web/dist');
