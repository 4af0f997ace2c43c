import { type AnyPgColumn, date, integer, type ReferenceConfig, timestamp } from 'drizzle-orm/pg-core';

/** Creation and update stamps, set by the server from the session (never by the client). */
export const stamps = {
  fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
  fechaAct: timestamp({ withTimezone: true }),
  idUsuarioReg: integer(),
  idUsuarioAct: integer(),
};

/** A required reference: an integer NOT NULL column with a foreign key to `column`. */
export const fk = (column: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer().notNull().references(column, actions);

/** A period of days (the first and the last, both required). */
export const periodo = () => ({
  fechaDesde: date({ mode: 'string' }).notNull(),
  fechaHasta: date({ mode: 'string' }).notNull(),
});
