import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './common.ts';

/**
 * The outbox (migration 0012, decision in docs/decisions.md 'Correo saliente'): every e-mail the
 * product sends on its own is a row written in the transaction of the change that causes it, and a
 * background job (features/correo/worker.ts) delivers it. `adjuntos` holds attachment specs (a report
 * to render at send time, the insurer's logo, or small literal content), never rendered PDFs.
 */
export const correo = pgTable(
  'correo',
  {
    idCorreo: bigserial({ mode: 'number' }).primaryKey(),
    /** What the message is (OBSERVACIONES, RESPUESTAS, …): for lists and tests, not for sending. */
    clase: varchar({ length: 40 }).notNull(),
    /** Recipients, comma-separated. */
    para: text().notNull(),
    asunto: varchar({ length: 300 }).notNull(),
    texto: text().notNull(),
    html: text(),
    adjuntos: jsonb().notNull().default(sql`'[]'::jsonb`),
    idTramite: integer(),
    /** PENDIENTE → ENVIADO, or FALLIDO after MAIL_RETRY_MAX attempts. */
    estado: varchar({ length: 10 }).notNull().default('PENDIENTE'),
    intentos: integer().notNull().default(0),
    /** When the job may take it: due time, then retry time, or the end of a claim's lease. */
    proximoIntento: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reclamadoEn: timestamp({ withTimezone: true }),
    ultimoError: text(),
    messageId: varchar({ length: 300 }),
    fechaEnvio: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [
    index('correo_pendiente_idx').on(t.proximoIntento, t.idCorreo).where(sql`estado = 'PENDIENTE'`),
    index('correo_tramite_idx').on(t.idTramite, t.fechaReg),
  ],
);
