import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { observacion, respuesta } from './admin2.ts';
import { fk, stamps } from './common.ts';
import { planilla, planillaDet } from './planillas.ts';

/**
 * The conversation columns of an observation (migration 0011): copies of its attention's keys kept
 * by triggers (the pending list pages in an index), the stale-write version, the round in which it
 * was sent to the provider, the answer's stamps and the auditor's decision on the answer.
 */
const conversacion = {
  /** Copies of the attention's id_tramite, id_carga, numero and estado (triggers; never written by the API). */
  idTramite: integer(),
  idCarga: integer(),
  planillaNumero: varchar({ length: 40 }),
  planillaEstado: smallint().notNull().default(1),
  version: integer().notNull().default(1),
  /** Round in which the supervisor sent it to the provider; null while not sent (a draft). */
  ronda: integer(),
  fechaEnvio: timestamp({ withTimezone: true }),
  idUsuarioEnvio: integer(),
  /** The provider's answer (registered, then sent back with all the answers of the round). */
  fechaResp: timestamp({ withTimezone: true }),
  idUsuarioResp: integer(),
  fechaEnvioResp: timestamp({ withTimezone: true }),
  idUsuarioEnvioResp: integer(),
  /** The auditor's decision on the answer: MANTIENE (glosa stands), REDUCE or RETIRA (accepted). */
  aceptada: smallint().notNull().default(0),
  resolucion: varchar({ length: 10 }),
  fechaAcepta: timestamp({ withTimezone: true }),
  idUsuarioAcepta: integer(),
  respondida: boolean().generatedAlwaysAs(sql`id_respuesta IS NOT NULL OR respuesta IS NOT NULL`),
};

/**
 * What an observation on either level holds: the catalogue observation and its type (M or D), the
 * auditor's text, the provider's answer (a standard one or its own text), its state (1 active, 0
 * deleted) and the conversation columns.
 */
const observada = () => ({
  idObservacion: fk(() => observacion.idObservacion),
  observacionTipo: varchar({ length: 1 }).notNull(),
  descripcion: text(),
  idRespuesta: integer().references(() => respuesta.idRespuesta),
  respuesta: text(),
  estado: smallint().notNull().default(1),
  ...conversacion,
});

/** A supporting file of an attention; `ruta` is the generated storage key, `nombre` only metadata. */
export const archivoPla = pgTable(
  'archivo_pla',
  {
    idArchivoPla: serial().primaryKey(),
    idPlanilla: fk(() => planilla.idPlanilla),
    idCarga: integer().notNull(),
    idTramite: integer().notNull(),
    nombre: varchar({ length: 300 }).notNull(),
    ruta: varchar({ length: 300 }).notNull(),
    tipo: varchar({ length: 40 }).notNull(),
    tamano: bigint({ mode: 'number' }).notNull(),
    hash: varchar({ length: 64 }).notNull(),
    fechaCrea: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaMod: timestamp({ withTimezone: true }),
    idUsuario: integer(),
  },
  (t) => [
    index('archivo_pla_planilla_idx').on(t.idPlanilla, t.hash),
    index('archivo_pla_tramite_idx').on(t.idTramite, t.fechaCrea),
    index('archivo_pla_carga_idx').on(t.idCarga),
  ],
);

/** Observation on an attention (type M or D) and its answer. */
export const plaObs = pgTable(
  'pla_obs',
  {
    idPlaObs: serial().primaryKey(),
    idPlanilla: fk(() => planilla.idPlanilla),
    ...observada(),
    ...stamps,
  },
  (t) => [
    index('pla_obs_planilla_idx').on(t.idPlanilla, t.observacionTipo),
    // + INCLUDE (respondida, ronda, fecha_envio_resp, aceptada), in the migration
    index('pla_obs_tramite_idx')
      .on(t.idTramite, t.observacionTipo, t.idCarga, t.planillaNumero, t.idPlanilla, t.idPlaObs)
      .where(sql`estado = 1 AND planilla_estado = 1`),
  ],
);

/** Observation on a line item and its answer. */
export const plaDetObs = pgTable(
  'pla_det_obs',
  {
    idPlaDetObs: serial().primaryKey(),
    idPlanillaDet: fk(() => planillaDet.idPlanillaDet),
    idPlanilla: integer().notNull(),
    ...observada(),
    ...stamps,
  },
  (t) => [
    index('pla_det_obs_planilla_idx').on(t.idPlanilla, t.observacionTipo),
    index('pla_det_obs_tramite_idx')
      .on(t.idTramite, t.observacionTipo, t.idCarga, t.planillaNumero, t.idPlanilla, t.idPlaDetObs)
      .where(sql`estado = 1 AND planilla_estado = 1`),
    index('pla_det_obs_detalle_idx').on(t.idPlanillaDet),
  ],
);
