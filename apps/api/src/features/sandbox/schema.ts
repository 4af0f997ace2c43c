import type { Database, Queryable } from '../../db/client.ts';
import { consulta, fila, type SQL, sql, una } from '../../lib/sql.ts';

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

const id = (name: string) => sql.identifier(name);
const ESQUEMA = id(SANDBOX);

type Columna = { nombre: string; tipo: string; defecto: string | null; obligatoria: boolean };

const columnasDe = (tx: Queryable, tabla: string) =>
  consulta<Columna>(
    tx,
    sql`SELECT a.attname AS nombre, format_type(a.atttypid, a.atttypmod) AS tipo,
            pg_get_expr(d.adbin, d.adrelid) AS defecto, a.attnotnull AS obligatoria
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = ${tabla}::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
  );

/** Creates the sandbox schema or brings it in step with the real tables. Idempotent. */
export async function ensureSandboxSchema(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const run = (q: SQL) => consulta(tx, q);
    // Several processes may start together on one PostgreSQL database.
    if (db.kind === 'postgres') await run(sql`SELECT pg_advisory_xact_lock(4200023)`);
    await run(sql`CREATE SCHEMA IF NOT EXISTS ${ESQUEMA}`);
    for (const tabla of TABLAS_SANDBOX) {
      const destino = sql`${ESQUEMA}.${id(tabla)}`;
      const existe = await fila<{ ok: boolean }>(
        tx,
        sql`SELECT to_regclass(${`${SANDBOX}.${tabla}`}) IS NOT NULL AS ok`,
      );
      if (!existe.ok) {
        await run(
          sql`CREATE TABLE ${destino} (LIKE public.${id(tabla)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`,
        );
      } else {
        const reales = await columnasDe(tx, `public.${tabla}`);
        const copia = await columnasDe(tx, `${SANDBOX}.${tabla}`);
        const enCopia = new Set(copia.map((c) => c.nombre));
        const enReal = new Set(reales.map((c) => c.nombre));
        for (const c of reales) {
          if (enCopia.has(c.nombre)) continue;
          // Type and default as the catalogue writes them (text of the database, never of a request).
          const def = c.defecto ? sql.raw(` DEFAULT ${c.defecto}`) : sql.empty();
          // NOT NULL only with a default (rows already in the copy need a value).
          const nn = sql.raw(c.obligatoria && c.defecto ? ' NOT NULL' : '');
          await run(sql`ALTER TABLE ${destino} ADD COLUMN ${id(c.nombre)} ${sql.raw(c.tipo)}${def}${nn}`);
        }
        for (const c of copia) {
          if (!enReal.has(c.nombre)) await run(sql`ALTER TABLE ${destino} DROP COLUMN ${id(c.nombre)}`);
        }
      }
      // Serial columns copied with LIKE still draw from the real sequence: give them their own.
      for (const c of await columnasDe(tx, `${SANDBOX}.${tabla}`)) {
        if (!c.defecto?.startsWith('nextval(') || c.defecto.startsWith(`nextval('${SANDBOX}.`)) continue;
        const seq = sql`${ESQUEMA}.${id(`${tabla}_${c.nombre}_seq`)}`;
        // DDL takes no parameters: the start and the sequence's name are text of this module.
        await run(
          sql`CREATE SEQUENCE IF NOT EXISTS ${seq} START WITH ${sql.raw(String(SANDBOX_ID_INICIAL))} OWNED BY ${destino}.${id(c.nombre)}`,
        );
        const nombreSeq = `${SANDBOX}."${`${tabla}_${c.nombre}_seq`.replace(/"/g, '""')}"`;
        await run(
          sql`ALTER TABLE ${destino} ALTER COLUMN ${id(c.nombre)} SET DEFAULT nextval(${sql.raw(`'${nombreSeq}'`)}::regclass)`,
        );
      }
    }
    await run(sql`ALTER TABLE ${ESQUEMA}.tramite ALTER COLUMN sandbox SET DEFAULT true`);
    const chk = await una(
      tx,
      sql`SELECT 1 FROM pg_constraint WHERE conrelid = ${`${SANDBOX}.tramite`}::regclass AND conname = 'tramite_solo_sandbox'`,
    );
    if (!chk)
      await run(sql`ALTER TABLE ${ESQUEMA}.tramite ADD CONSTRAINT tramite_solo_sandbox CHECK (sandbox)`);
  });
}

const SEARCH_PATH = sql`SET LOCAL search_path TO ${ESQUEMA}, public`;

/** From here to the end of the caller's transaction, unqualified tables are the sandbox's. */
export async function enSandbox(tx: Queryable): Promise<void> {
  await consulta(tx, SEARCH_PATH);
}

export type Modo = 'real' | 'sandbox';

/** A read or write in the mode's tables, in one transaction. */
export function enModo<T>(db: Database, modo: Modo, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (modo === 'sandbox') await enSandbox(tx);
    return fn(tx);
  });
}
