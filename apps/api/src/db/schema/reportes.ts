import {
  bigint,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { fk } from './common.ts';
import { tramite } from './tramites.ts';

/**
 * The last generated PDF of each variant of a procedure report (migration 0015, decision 48): a
 * request whose data version (features/reportes/cache.ts) equals `version` is served from the stored
 * object instead of drawing the report again.
 */
export const reportePdf = pgTable(
  'reporte_pdf',
  {
    idReportePdf: serial().primaryKey(),
    idTramite: fk(() => tramite.idTramite, { onDelete: 'cascade' }),
    /** Report, load, type, attention and reader: 'r11-c0-tx-p0-v-'. */
    variante: varchar({ length: 80 }).notNull(),
    /** SHA-256 (hex) of the data version the PDF was drawn from. */
    version: varchar({ length: 64 }).notNull(),
    /** The object in the storage layer (lib/storage). */
    claveObjeto: varchar({ length: 300 }).notNull(),
    /** The download's file name. */
    nombre: varchar({ length: 200 }).notNull(),
    tamano: bigint({ mode: 'number' }).notNull(),
    paginas: integer().notNull(),
    fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('reporte_pdf_tramite_variante_uq').on(t.idTramite, t.variante)],
);

/**
 * A report being drawn by a background job (migration 0028, decision 78): one row per variant and
 * data version, so a repeated request adds the job once and any replica reads its progress. Removed
 * when the report is stored; 'FALLIDO' (the dead letter) is reported once by the next request.
 */
export const reporteTrabajo = pgTable(
  'reporte_trabajo',
  {
    idTramite: fk(() => tramite.idTramite, { onDelete: 'cascade' }),
    variante: varchar({ length: 80 }).notNull(),
    version: varchar({ length: 64 }).notNull(),
    /** PENDIENTE, GENERANDO or FALLIDO. */
    estado: varchar({ length: 12 }).notNull().default('PENDIENTE'),
    intento: integer().notNull().default(0),
    maxIntentos: integer().notNull(),
    /** 0–100, written by the worker every second while it draws. */
    progreso: integer().notNull().default(0),
    mensaje: varchar({ length: 300 }),
    fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaAct: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'reporte_trabajo_pk', columns: [t.idTramite, t.variante, t.version] })],
);
