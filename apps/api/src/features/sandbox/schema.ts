import type { Database, Queryable } from '../../db/client.ts';

/*
 * The sandbox of the integration API lives in its own PostgreSQL schema, `sandbox`, holding a copy of
 * every table a registration writes (procedure, authorization, log, load, rows, errors, backups). A
 * sandbox call runs its transaction with `SET LOCAL search_path TO sandbox, public`: the very same
 * statements as a real call (the ingest included) then write the sandbox tables, while catalogues,
 * users and providers still resolve to `public`. Real lists never read the schema, so sandbox data
 * cannot show up in them; sandbox ids start at 900,000,001 so they are never mistaken for real ones.
 *
 * The copies are kept in step with `public` at every start (tables created, columns added or dropped),
 * so a migration of a real table never breaks the sandbox.
 */

export const SANDBOX = 'sandbox';
export const TABLAS_SANDBOX = [
  'tramite',
  'autorizacion',
  'bitacora_tra',
  'carga',
  'carga_fila',
  'carga_error',
  'carga_respaldo',
] as const;
export const SANDBOX_ID_INICIAL = 900_000_001;

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Columna = { nombre: string; tipo: string; defecto: string | null; notNull: boolean };

const columnas = (tx: Queryable, tabla: string) =>
  tx.query<Columna>(
    `SELECT a.attname AS nombre, format_type(a.atttypid, a.atttypmod) AS tipo,
            pg_get_expr(d.adbin, d.adrelid) AS defecto, a.attnotnull AS "notNull"
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [tabla],
  );

/** Creates the sandbox schema or brings it in step with the real tables. Idempotent. */
export async function ensureSandboxSchema(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL database.
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(4200023)');
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${SANDBOX}`);
    for (const tabla of TABLAS_SANDBOX) {
      const destino = `${SANDBOX}.${tabla}`;
      const [existe] = await tx.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [destino]);
      if (!existe.ok) {
        await tx.query(
          `CREATE TABLE ${destino} (LIKE public.${tabla} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`,
        );
      } else {
        const reales = await columnas(tx, `public.${tabla}`);
        const copia = await columnas(tx, destino);
        const enCopia = new Set(copia.map((c) => c.nombre));
        const enReal = new Set(reales.map((c) => c.nombre));
        for (const c of reales) {
          if (enCopia.has(c.nombre)) continue;
          const def = c.defecto ? ` DEFAULT ${c.defecto}` : '';
          // NOT NULL only with a default (rows already in the copy need a value).
          const nn = c.notNull && c.defecto ? ' NOT NULL' : '';
          await tx.query(`ALTER TABLE ${destino} ADD COLUMN ${q(c.nombre)} ${c.tipo}${def}${nn}`);
        }
        for (const c of copia) {
          if (!enReal.has(c.nombre)) await tx.query(`ALTER TABLE ${destino} DROP COLUMN ${q(c.nombre)}`);
        }
      }
      // Serial columns copied with LIKE still draw from the real sequence: give them their own.
      for (const c of await columnas(tx, destino)) {
        if (!c.defecto?.startsWith('nextval(') || c.defecto.startsWith(`nextval('${SANDBOX}.`)) continue;
        const seq = `${SANDBOX}.${q(`${tabla}_${c.nombre}_seq`)}`;
        await tx.query(
          `CREATE SEQUENCE IF NOT EXISTS ${seq} START WITH ${SANDBOX_ID_INICIAL} OWNED BY ${destino}.${q(c.nombre)}`,
        );
        await tx.query(
          `ALTER TABLE ${destino} ALTER COLUMN ${q(c.nombre)} SET DEFAULT nextval('${seq}'::regclass)`,
        );
      }
    }
    await tx.query(`ALTER TABLE ${SANDBOX}.tramite ALTER COLUMN sandbox SET DEFAULT true`);
    const [chk] = await tx.query(
      `SELECT 1 FROM pg_constraint WHERE conrelid = '${SANDBOX}.tramite'::regclass AND conname = 'tramite_solo_sandbox'`,
    );
    if (!chk)
      await tx.query(`ALTER TABLE ${SANDBOX}.tramite ADD CONSTRAINT tramite_solo_sandbox CHECK (sandbox)`);
  });
}

/** From here to the end of the caller's transaction, unqualified tables are the sandbox's. */
export async function enSandbox(tx: Queryable): Promise<void> {
  await tx.query(`SET LOCAL search_path TO ${SANDBOX}, public`);
}

export type Modo = 'real' | 'sandbox';

/** A read or write in the mode's tables, in one transaction. */
export function enModo<T>(db: Database, modo: Modo, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (modo === 'sandbox') await enSandbox(tx);
    return fn(tx);
  });
}
