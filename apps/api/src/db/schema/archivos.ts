import {
  bigint,
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
import { stamps } from './common.ts';
import { planilla, planillaDet } from './planillas.ts';

/** A supporting file of an attention; `ruta` is the generated storage key, `nombre` only metadata. */
export const archivoPla = pgTable(
  'archivo_pla',
  {
    idArchivoPla: serial().primaryKey(),
    idPlanilla: integer()
      .notNull()
      .references(() => planilla.idPlanilla),
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
    idPlanilla: integer()
      .notNull()
      .references(() => planilla.idPlanilla),
    idObservacion: integer()
      .notNull()
      .references(() => observacion.idObservacion),
    observacionTipo: varchar({ length: 1 }).notNull(),
    descripcion: text(),
    idRespuesta: integer().references(() => respuesta.idRespuesta),
    respuesta: text(),
    estado: smallint().notNull().default(1),
    ...stamps,
  },
  (t) => [index('pla_obs_planilla_idx').on(t.idPlanilla, t.observacionTipo)],
);

/** Observation on a line item and its answer. */
export const plaDetObs = pgTable(
  'pla_det_obs',
  {
    idPlaDetObs: serial().primaryKey(),
    idPlanillaDet: integer()
      .notNull()
      .references(() => planillaDet.idPlanillaDet),
    idPlanilla: integer().notNull(),
    idObservacion: integer()
      .notNull()
      .references(() => observacion.idObservacion),
    observacionTipo: varchar({ length: 1 }).notNull(),
    descripcion: text(),
    idRespuesta: integer().references(() => respuesta.idRespuesta),
    respuesta: text(),
    estado: smallint().notNull().default(1),
    ...stamps,
  },
  (t) => [index('pla_det_obs_planilla_idx').on(t.idPlanilla, t.observacionTipo)],
);
