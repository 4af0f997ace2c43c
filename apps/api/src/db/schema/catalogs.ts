import { index, integer, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './common.ts';

export const tipoIden = pgTable(
  'tipo_iden',
  {
    idTipoIden: serial().primaryKey(),
    codigo: varchar({ length: 5 }).notNull(),
    nombre: varchar({ length: 120 }).notNull(),
    longitud: integer(),
    ...stamps,
  },
  (t) => [uniqueIndex('tipo_iden_codigo_uq').on(t.codigo)],
);

export const estadoCivil = pgTable('estado_civil', {
  idEstadoCivil: serial().primaryKey(),
  nombre: varchar({ length: 120 }).notNull().unique(),
  ...stamps,
});

export const localidad = pgTable(
  'localidad',
  {
    idLocalidad: serial().primaryKey(),
    codigo: varchar({ length: 10 }).notNull(),
    nombre: varchar({ length: 120 }).notNull(),
    provincia: varchar({ length: 120 }).notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('localidad_codigo_uq').on(t.codigo)],
);

export const formaPago = pgTable('forma_pago', {
  idFormaPago: serial().primaryKey(),
  nombre: varchar({ length: 120 }).notNull().unique(),
  ...stamps,
});

export const plan = pgTable('plan', {
  idPlan: serial().primaryKey(),
  nombre: varchar({ length: 120 }).notNull().unique(),
  descripcion: varchar({ length: 500 }),
  valor: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  duracionMeses: integer().notNull().default(12),
  ...stamps,
});

export const especialidad = pgTable('especialidad', {
  idEspecialidad: serial().primaryKey(),
  nombre: varchar({ length: 120 }).notNull().unique(),
  ...stamps,
});

export const servicio = pgTable('servicio', {
  idServicio: serial().primaryKey(),
  codigo: varchar({ length: 10 }).notNull().unique(),
  nombre: varchar({ length: 120 }).notNull(),
  ...stamps,
});

export const tipoElem = pgTable('tipo_elem', {
  idTipoElem: serial().primaryKey(),
  codigo: varchar({ length: 2 }).notNull().unique(),
  nombre: varchar({ length: 120 }).notNull(),
  ...stamps,
});

export const clasElem = pgTable('clas_elem', {
  idClasElem: serial().primaryKey(),
  nombre: varchar({ length: 120 }).notNull().unique(),
  descripcion: varchar({ length: 500 }),
  ...stamps,
});

export const clasDiag = pgTable('clas_diag', {
  idClasDiag: serial().primaryKey(),
  codigo: varchar({ length: 10 }).notNull().unique(),
  nombre: varchar({ length: 300 }).notNull(),
  nivel: integer().notNull(),
  padre: varchar({ length: 10 }),
  ...stamps,
});

export const tipoExamen = pgTable('tipo_examen', {
  idTipoExamen: serial().primaryKey(),
  nombre: varchar({ length: 120 }).notNull().unique(),
  ...stamps,
});

export const medioCom = pgTable('medio_com', {
  idMedioCom: serial().primaryKey(),
  nombre: varchar({ length: 120 }).notNull().unique(),
  ...stamps,
});

/** CIE-10 in Spanish; `codigo` without the dot (J180), searchable by code and words. */
export const diagnostico = pgTable(
  'diagnostico',
  {
    idDiagnostico: serial().primaryKey(),
    codigo: varchar({ length: 10 }).notNull().unique(),
    codigoPunto: varchar({ length: 10 }).notNull(),
    nombre: text().notNull(),
    capitulo: varchar({ length: 10 }),
    grupo: varchar({ length: 10 }),
    idClasDiag: integer().references(() => clasDiag.idClasDiag),
    sexo: varchar({ length: 1 }),
    edadMin: integer(),
    edadMax: integer(),
    ...stamps,
  },
  // The clasdiag_diagnostico list filters by group.
  (t) => [index('diagnostico_clas_diag_idx').on(t.idClasDiag)],
);
