import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { prestador, usuario } from './admin.ts';
import { fk, periodo, stamps } from './common.ts';
import { carga, elemento, tramite } from './tramites.ts';

/** An attention (planilla): rows of a load with the same noPlanilla. */
export const planilla = pgTable(
  'planilla',
  {
    idPlanilla: serial().primaryKey(),
    idTramite: fk(() => tramite.idTramite),
    idCarga: fk(() => carga.idCarga),
    idPrestador: fk(() => prestador.idPrestador),
    numero: varchar({ length: 40 }).notNull(),
    numeroExt: varchar({ length: 40 }),
    cedula: varchar({ length: 13 }).notNull(),
    nombre: varchar({ length: 200 }).notNull(),
    cedulaMedico: varchar({ length: 13 }),
    nombreMedico: varchar({ length: 200 }),
    diag1: varchar({ length: 10 }),
    diag2: varchar({ length: 10 }),
    diag3: varchar({ length: 10 }),
    diag4: varchar({ length: 10 }),
    diag5: varchar({ length: 10 }),
    controlDiag1: smallint().notNull().default(1),
    controlDiag2: smallint().notNull().default(0),
    controlDiag3: smallint().notNull().default(0),
    controlDiag4: smallint().notNull().default(0),
    controlDiag5: smallint().notNull().default(0),
    codigoVal: varchar({ length: 40 }),
    ...periodo(),
    horaDesde: varchar({ length: 5 }),
    horaHasta: varchar({ length: 5 }),
    lMuerto: smallint().notNull().default(0),
    estadoAud: varchar({ length: 12 }).notNull().default('PENDIENTE'),
    estadoDoc: varchar({ length: 12 }).notNull().default('PENDIENTE'),
    idUsuarioMed: integer().references(() => usuario.idUsuario),
    idUsuarioDoc: integer().references(() => usuario.idUsuario),
    fechaAud: timestamp({ withTimezone: true }),
    fechaDoc: timestamp({ withTimezone: true }),
    idPlantilla: integer(),
    nivel: smallint().notNull().default(1),
    duplicada: smallint().notNull().default(0),
    /** 1 active, 0 annulled (soft delete: the ANULADAS tab). */
    estado: smallint().notNull().default(1),
    total: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** Claimed / approved / objected (glosa) of every line, kept by triggers (migration 0013). */
    totalReclamado: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    totalAprobado: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    totalGlosa: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    version: integer().notNull().default(1),
    ...stamps,
  },
  (t) => [
    index('planilla_tramite_numero_idx').on(t.idTramite, t.estado, t.numero, t.idPlanilla),
    index('planilla_carga_idx').on(t.idCarga),
    index('planilla_tramite_cedula_idx').on(t.idTramite, t.cedula),
    index('planilla_tramite_med_idx').on(t.idTramite, t.idUsuarioMed, t.estadoAud),
    index('planilla_tramite_doc_idx').on(t.idTramite, t.idUsuarioDoc, t.estadoDoc),
    index('planilla_dup_idx').on(t.idPrestador, t.cedula, t.fechaDesde, t.fechaHasta),
    // Attentions with a diagnosis (diagnostico_diagaten): one probe per position instead of a scan.
    // INCLUDE (total_reclamado, total_aprobado, total_glosa) in migration 0013 (drizzle has no INCLUDE).
    index('planilla_tramite_totales_idx').on(t.idTramite, t.idCarga).where(sql`estado = 1`),
    index('planilla_diag1_idx').on(t.diag1),
    index('planilla_diag2_idx').on(t.diag2).where(sql`diag2 IS NOT NULL`),
    index('planilla_diag3_idx').on(t.diag3).where(sql`diag3 IS NOT NULL`),
    index('planilla_diag4_idx').on(t.diag4).where(sql`diag4 IS NOT NULL`),
    index('planilla_diag5_idx').on(t.diag5).where(sql`diag5 IS NOT NULL`),
  ],
);

/** A line item of an attention. */
export const planillaDet = pgTable(
  'planilla_det',
  {
    idPlanillaDet: serial().primaryKey(),
    idPlanilla: fk(() => planilla.idPlanilla, { onDelete: 'cascade' }),
    idElemento: integer().references(() => elemento.idElemento),
    codigo: varchar({ length: 30 }).notNull(),
    descripcion: varchar({ length: 400 }),
    fechaAtencion: date({ mode: 'string' }),
    cantidad: integer().notNull(),
    valorUni: numeric({ precision: 14, scale: 2 }).notNull(),
    vPaciente: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    fTarifario: numeric({ precision: 8, scale: 4 }).notNull().default('1'),
    noModificador: varchar({ length: 20 }),
    tipo: varchar({ length: 1 }).notNull(),
    laboratorio: smallint().notNull().default(0),
    imagen: smallint().notNull().default(0),
    estado: smallint().notNull().default(1),
    /** What the audit approved (issue 13): NULL = as claimed; an inactive line approves nothing. */
    cantidadAprobada: integer(),
    valorAprobado: numeric({ precision: 14, scale: 2 }),
    fila: integer(),
    ...stamps,
  },
  (t) => [index('planilla_det_planilla_idx').on(t.idPlanilla, t.fechaAtencion)],
);

/** Audit trail of attentions and line items: who changed which field from what to what. */
export const auditoriaPla = pgTable(
  'auditoria_pla',
  {
    idAuditoria: serial().primaryKey(),
    idPlanilla: integer().notNull(),
    idPlanillaDet: integer(),
    idUsuario: integer(),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
    operacion: varchar({ length: 20 }).notNull(),
    campo: varchar({ length: 60 }),
    antes: text(),
    despues: text(),
  },
  (t) => [index('auditoria_pla_planilla_idx').on(t.idPlanilla, t.fecha)],
);
