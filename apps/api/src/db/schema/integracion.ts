import { bigint, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { fk } from './common.ts';
import { carga } from './tramites.ts';

/**
 * Backup files (archivosRespaldo) received with POST /cargatramites/registro-completo: kept on disk
 * under DATA_DIR/respaldos, one row each. The sandbox keeps its own copy of this table (schema
 * `sandbox`, see features/sandbox/schema.ts).
 */
export const cargaRespaldo = pgTable(
  'carga_respaldo',
  {
    idCargaRespaldo: serial().primaryKey(),
    idCarga: fk(() => carga.idCarga),
    idTramite: integer().notNull(),
    nombreArchivo: varchar({ length: 300 }).notNull(),
    tipo: varchar({ length: 60 }).notNull(),
    tamanio: bigint({ mode: 'number' }).notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    /** Path relative to DATA_DIR/respaldos; never built from the user's file name. */
    ruta: varchar({ length: 300 }).notNull(),
    idUsuarioReg: integer().notNull(),
    fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carga_respaldo_carga_idx').on(t.idCarga)],
);
