import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { usuario } from './admin.ts';

/**
 * A user's preferences kept on the server (migration 0020, decision 58): a JSON object the API validates with
 * `preferenciasSchema` (packages/domain/src/herramientas/preferencias.ts). No row: the defaults.
 */
export const usuarioPreferencia = pgTable('usuario_preferencia', {
  idUsuario: integer()
    .primaryKey()
    .references(() => usuario.idUsuario, { onDelete: 'cascade' }),
  preferencias: jsonb().notNull().default(sql`'{}'::jsonb`),
  fechaAct: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
