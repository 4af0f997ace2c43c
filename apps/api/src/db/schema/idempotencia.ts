import {
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { usuario } from './admin.ts';
import { fk } from './common.ts';

/**
 * Idempotency keys (migration 0016, decision 49; apps/api/src/plugins/idempotency.ts): the first answer
 * to each (user, key) of a POST or PUT, replayed while the key lives. `estadoHttp` null: still running.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    idUsuario: fk(() => usuario.idUsuario, { onDelete: 'cascade' }),
    clave: varchar({ length: 255 }).notNull(),
    /** 'POST /api/v1/tramites': the route pattern the key was first used on. */
    metodoRuta: varchar({ length: 300 }).notNull(),
    /** sha256 of method, route, path parameters, query and body: another request with the key is a 422. */
    huella: char({ length: 64 }).notNull(),
    estadoHttp: smallint(),
    tipoContenido: varchar({ length: 200 }),
    respuesta: text(),
    fechaCreacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expira: timestamp({ withTimezone: true }).notNull(),
    /** The process running the request (its liveness advisory lock; migration 0026, decision 73). */
    proceso: integer(),
  },
  (t) => [
    primaryKey({ name: 'idempotencia_pk', columns: [t.idUsuario, t.clave] }),
    index('idempotencia_expira_idx').on(t.expira),
  ],
);
