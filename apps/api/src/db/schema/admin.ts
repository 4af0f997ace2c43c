import { bigint, boolean, date, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { especialidad, estadoCivil, formaPago, localidad, plan, tipoIden } from './catalogs.ts';
import { fk, periodo, stamps } from './common.ts';

const flagColumns = {
  moduloAdministracion: boolean().notNull().default(false),
  moduloAtencion: boolean().notNull().default(false),
  moduloAuditoria: boolean().notNull().default(false),
  moduloFacturacion: boolean().notNull().default(false),
  moduloDashboards: boolean().notNull().default(false),
  menuParametros: boolean().notNull().default(false),
  menuProcesos: boolean().notNull().default(false),
  menuReportes: boolean().notNull().default(false),
  menuAyuda: boolean().notNull().default(false),
  opcionConsulta: boolean().notNull().default(false),
  opcionOperaciones: boolean().notNull().default(false),
  opcionDescarga: boolean().notNull().default(false),
  opcionMenu: boolean().notNull().default(false),
};

export const empresa = pgTable('empresa', {
  idEmpresa: serial().primaryKey(),
  nombreCorto: varchar({ length: 60 }).notNull(),
  documento: varchar({ length: 13 }).notNull().unique(),
  idLocalidad: integer().references(() => localidad.idLocalidad),
  razonSocial: varchar({ length: 200 }).notNull(),
  nombre: varchar({ length: 200 }).notNull(),
  direccion: varchar({ length: 300 }),
  /** A subscriber centre (the insurer side) owns subscriptions, users and persons tabs. */
  suscriptor: boolean().notNull().default(false),
  /** Insurer-side subscriber company that this company works under (providers point to it). */
  idEmpresaSuscriptora: integer(),
  ...stamps,
});

export const perfil = pgTable('perfil', {
  idPerfil: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  nombre: varchar({ length: 80 }).notNull().unique(),
  estado: smallint().notNull().default(1),
  ...flagColumns,
  ...stamps,
});

export const persona = pgTable('persona', {
  idPersona: serial().primaryKey(),
  idTipoIden: integer().references(() => tipoIden.idTipoIden),
  documento: varchar({ length: 13 }).notNull(),
  idEstadoCivil: integer().references(() => estadoCivil.idEstadoCivil),
  fechaNac: date({ mode: 'string' }),
  sexo: varchar({ length: 1 }),
  telefono: varchar({ length: 10 }),
  primerNombre: varchar({ length: 60 }).notNull(),
  segundoNombre: varchar({ length: 60 }),
  primerApellido: varchar({ length: 60 }).notNull(),
  segundoApellido: varchar({ length: 60 }),
  idLocalidad: integer().references(() => localidad.idLocalidad),
  email: varchar({ length: 160 }),
  direccion: varchar({ length: 300 }),
  idEmpresa: fk(() => empresa.idEmpresa),
  tipoPersona: varchar({ length: 1 }).notNull().default('N'),
  ...stamps,
});

export const suscripcion = pgTable('suscripcion', {
  idSuscripcion: serial().primaryKey(),
  idPlan: fk(() => plan.idPlan),
  idFormaPago: fk(() => formaPago.idFormaPago),
  idEmpresa: fk(() => empresa.idEmpresa),
  idUsuario: integer(),
  numero: varchar({ length: 40 }).notNull(),
  estado: varchar({ length: 20 }).notNull().default('VIGENTE'),
  ...periodo(),
  ...stamps,
});

export const usuario = pgTable('usuario', {
  idUsuario: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  idPerfil: fk(() => perfil.idPerfil),
  idSuscripcion: integer().references(() => suscripcion.idSuscripcion),
  idPersona: integer().references(() => persona.idPersona),
  /** The login name (an e-mail). */
  nombre: varchar({ length: 160 }).notNull().unique(),
  clave: varchar({ length: 200 }).notNull(),
  activo: boolean().notNull().default(true),
  totpSecreto: varchar({ length: 64 }),
  totpActivo: boolean().notNull().default(false),
  /** A new secret waiting for its first code (2fa/iniciar → 2fa/confirmar); the active one stays meanwhile. */
  totpPendiente: varchar({ length: 64 }),
  /** Last accepted TOTP time step: a code is used once (ASVS 2.8.4). */
  totpUltimoPaso: bigint({ mode: 'number' }),
  /** A platform operator: writes the system-wide catalogues (issue 11). Set by the seed or SQL only. */
  plataforma: boolean().notNull().default(false),
  ...flagColumns,
  ...stamps,
});

export const medico = pgTable('medico', {
  idMedico: serial().primaryKey(),
  idPersona: fk(() => persona.idPersona),
  idEspecialidad: integer().references(() => especialidad.idEspecialidad),
  documento: varchar({ length: 20 }).notNull(),
  ...stamps,
});

export const asegurador = pgTable('asegurador', {
  idAsegurador: serial().primaryKey(),
  nombre: varchar({ length: 200 }).notNull(),
  tipo: varchar({ length: 40 }).notNull(),
  idEmpresa: integer().references(() => empresa.idEmpresa),
  ...stamps,
});

export const prestador = pgTable('prestador', {
  idPrestador: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  razonSocial: varchar({ length: 200 }).notNull(),
  nombreComercial: varchar({ length: 200 }).notNull(),
  ruc: varchar({ length: 13 }).notNull().unique(),
  ...stamps,
});
