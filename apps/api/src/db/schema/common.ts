import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Creation and update stamps, set by the server from the session (never by the client). */
export const stamps = {
  fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
  fechaAct: timestamp({ withTimezone: true }),
  idUsuarioReg: integer(),
  idUsuarioAct: integer(),
};
