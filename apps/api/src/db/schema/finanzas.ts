import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { usuario } from './admin.ts';
import { fk } from './common.ts';
import { planilla, planillaDet } from './planillas.ts';
import { tramite } from './tramites.ts';

/**
 * The insurer's payment files (migration 0018, decision 56): a file, its rows matched to attentions, and
 * each row's amount spread over the attention's lines.
 */
export const pagoFin = pgTable(
  'pago_fin',
  {
    idPagoFin: serial().primaryKey(),
    idTramite: fk(() => tramite.idTramite),
    nombreArchivo: varchar({ length: 255 }).notNull(),
    /** SHA-256 of the file's bytes: the same file is refused a second time. */
    hash: varchar({ length: 64 }).notNull(),
    /** The file's last-modified time as the browser reported it (docs/spec-summary.md 000 §7 fechaModificacion). */
    fechaModificacion: timestamp({ withTimezone: true }),
    filas: integer().notNull(),
    totalPagado: numeric({ precision: 14, scale: 2 }).notNull(),
    fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaAct: timestamp({ withTimezone: true }),
    idUsuarioReg: integer().references(() => usuario.idUsuario),
    idUsuarioAct: integer(),
  },
  (t) => [
    uniqueIndex('pago_fin_tramite_hash_uq').on(t.idTramite, t.hash),
    check('pago_fin_total_ck', sql`total_pagado >= 0`),
  ],
);

export const pagoFinFila = pgTable(
  'pago_fin_fila',
  {
    idPagoFinFila: serial().primaryKey(),
    idPagoFin: fk(() => pagoFin.idPagoFin, { onDelete: 'cascade' }),
    /** Row number in the file (the header is row 1). */
    fila: integer().notNull(),
    idPlanilla: fk(() => planilla.idPlanilla),
    /** The line code paid; null: the whole attention. */
    codigo: varchar({ length: 30 }),
    fechaAtencion: date({ mode: 'string' }),
    /** Approved for what the row pays, and already paid for it before the row, when it was loaded. */
    valorAprobado: numeric({ precision: 14, scale: 2 }).notNull(),
    valorPagadoAntes: numeric({ precision: 14, scale: 2 }).notNull(),
    valorPagado: numeric({ precision: 14, scale: 2 }).notNull(),
    fechaPago: date({ mode: 'string' }).notNull(),
    referencia: varchar({ length: 60 }),
  },
  (t) => [
    uniqueIndex('pago_fin_fila_archivo_fila_uq').on(t.idPagoFin, t.fila),
    index('pago_fin_fila_planilla_idx').on(t.idPlanilla),
    check(
      'pago_fin_fila_valor_ck',
      sql`valor_pagado >= 0 AND valor_pagado_antes >= 0 AND valor_aprobado >= 0`,
    ),
  ],
);

export const pagoFinDet = pgTable(
  'pago_fin_det',
  {
    idPagoFinFila: fk(() => pagoFinFila.idPagoFinFila, { onDelete: 'cascade' }),
    idPlanillaDet: fk(() => planillaDet.idPlanillaDet),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'pago_fin_det_pk', columns: [t.idPagoFinFila, t.idPlanillaDet] }),
    // INCLUDE (valor) in migration 0018 (drizzle has no INCLUDE).
    index('pago_fin_det_detalle_idx').on(t.idPlanillaDet),
    check('pago_fin_det_valor_ck', sql`valor > 0`),
  ],
);
