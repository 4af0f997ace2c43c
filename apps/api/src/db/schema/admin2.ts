import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { asegurador, empresa, prestador, suscripcion, usuario } from './admin.ts';
import { especialidad, formaPago, medioCom, plan, tipoExamen } from './catalogs.ts';
import { fk, periodo, stamps } from './common.ts';
import { elemento, tarifario } from './tramites.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Modules a plan includes (1 administration, 5 audit, ...). */
export const moduPlan = pgTable('modu_plan', {
  idModuPlan: serial().primaryKey(),
  idPlan: fk(() => plan.idPlan),
  modulo: integer().notNull(),
  nombre: varchar({ length: 120 }).notNull(),
  ...stamps,
});

/** History of a subscription: creation, renewal, changes. */
export const suscripcionAud = pgTable('suscripcion_aud', {
  idSuscripcionAud: serial().primaryKey(),
  idSuscripcion: fk(() => suscripcion.idSuscripcion),
  idPlan: fk(() => plan.idPlan),
  idFormaPago: fk(() => formaPago.idFormaPago),
  numero: varchar({ length: 40 }).notNull(),
  ...periodo(),
  tipo: varchar({ length: 20 }).notNull(),
  ...stamps,
});

export const factura = pgTable('factura', {
  idFactura: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  numero: varchar({ length: 20 }).notNull(),
  fecha: date({ mode: 'string' }).notNull(),
  subtotal: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  iva: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  total: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  estado: varchar({ length: 20 }).notNull().default('EMITIDA'),
  ...stamps,
});

export const facturaDet = pgTable('factura_det', {
  idFacturaDet: serial().primaryKey(),
  idFactura: fk(() => factura.idFactura, { onDelete: 'cascade' }),
  descripcion: varchar({ length: 300 }).notNull(),
  cantidad: integer().notNull().default(1),
  valorUni: numeric({ precision: 14, scale: 2 }).notNull(),
  total: numeric({ precision: 14, scale: 2 }).notNull(),
  ...stamps,
});

export const suscPago = pgTable('susc_pago', {
  idSuscPago: serial().primaryKey(),
  idSuscripcion: fk(() => suscripcion.idSuscripcion),
  idFactura: fk(() => factura.idFactura),
  estadoPago: varchar({ length: 20 }).notNull(),
  ...periodo(),
  ...stamps,
});

export const pago = pgTable('pago', {
  idPago: serial().primaryKey(),
  idFactura: fk(() => factura.idFactura),
  idFormaPago: integer().references(() => formaPago.idFormaPago),
  fecha: date({ mode: 'string' }).notNull(),
  valor: numeric({ precision: 14, scale: 2 }).notNull(),
  referencia: varchar({ length: 80 }),
  ...stamps,
});

/** Standard observations (M medical, D documental, C common) of a company. */
export const observacion = pgTable('observacion', {
  idObservacion: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  descripcion: varchar({ length: 500 }).notNull(),
  tipo: varchar({ length: 1 }).notNull(),
  ...stamps,
});

/** Standard answers to observations. */
export const respuesta = pgTable('respuesta', {
  idRespuesta: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  descripcion: varchar({ length: 500 }).notNull(),
  ...stamps,
});

/** Templates of line items that can be applied to an attention. */
export const plantilla = pgTable('plantilla', {
  idPlantilla: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  nombre: varchar({ length: 200 }).notNull(),
  descripcion: varchar({ length: 500 }),
  ...stamps,
});

export const plantillaDet = pgTable('plantilla_det', {
  idPlantillaDet: serial().primaryKey(),
  idPlantilla: fk(() => plantilla.idPlantilla, { onDelete: 'cascade' }),
  idElemento: fk(() => elemento.idElemento),
  cantidad: integer().notNull().default(1),
  ...stamps,
});

export const examen = pgTable('examen', {
  idExamen: serial().primaryKey(),
  idTipoExamen: fk(() => tipoExamen.idTipoExamen),
  codigo: varchar({ length: 30 }).notNull(),
  nombre: varchar({ length: 300 }).notNull(),
  ...stamps,
});

export const elemExam = pgTable('elem_exam', {
  idElemExam: serial().primaryKey(),
  idElemento: fk(() => elemento.idElemento),
  idExamen: fk(() => examen.idExamen),
  ...stamps,
});

export const medioEmp = pgTable('medio_emp', {
  idMedioEmp: serial().primaryKey(),
  idMedioCom: fk(() => medioCom.idMedioCom),
  idEmpresa: fk(() => empresa.idEmpresa),
  descripcion: varchar({ length: 300 }).notNull(),
  ...stamps,
});

/** Company images (logos), checked by content on upload; small, kept in the database. */
export const empresaImg = pgTable('empresa_img', {
  idEmpresaImg: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  nombre: varchar({ length: 200 }).notNull(),
  tipo: varchar({ length: 40 }).notNull(),
  tamano: integer().notNull(),
  imagen: bytea().notNull(),
  ...stamps,
});

export const horario = pgTable('horario', {
  idHorario: serial().primaryKey(),
  idEmpresa: fk(() => empresa.idEmpresa),
  diaSemana: smallint().notNull(),
  horaDesde: varchar({ length: 5 }).notNull(),
  horaHasta: varchar({ length: 5 }).notNull(),
  ...stamps,
});

/** Company parameters (name/value). */
export const parEmp = pgTable(
  'par_emp',
  {
    idParEmp: serial().primaryKey(),
    idEmpresa: fk(() => empresa.idEmpresa),
    nombre: varchar({ length: 80 }).notNull(),
    valor: varchar({ length: 500 }).notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('par_emp_empresa_nombre_uq').on(t.idEmpresa, t.nombre)],
);

export const tarifaAseg = pgTable('tarifa_aseg', {
  idTarifaAseg: serial().primaryKey(),
  idTarifario: fk(() => tarifario.idTarifario),
  idAsegurador: fk(() => asegurador.idAsegurador),
  ...stamps,
});

export const espePres = pgTable('espe_pres', {
  idEspePres: serial().primaryKey(),
  idEspecialidad: fk(() => especialidad.idEspecialidad),
  idPrestador: fk(() => prestador.idPrestador),
  ...stamps,
});

export const clasAseg = pgTable('clas_aseg', {
  idClasAseg: serial().primaryKey(),
  idAsegurador: fk(() => asegurador.idAsegurador),
  nombre: varchar({ length: 200 }).notNull(),
  ...stamps,
});

/** Ambulatory loads (cargaamb): 5 diagnoses, 10 laboratories, 10 images. */
export const cargaAmb = pgTable(
  'carga_amb',
  {
    idCargaAmb: serial().primaryKey(),
    idTramite: integer().notNull(),
    idCarga: integer(),
    numero: varchar({ length: 40 }).notNull(),
    nombrePaciente: varchar({ length: 200 }).notNull(),
    codVal: varchar({ length: 40 }),
    cedula: varchar({ length: 13 }).notNull(),
    diag1: varchar({ length: 10 }),
    diag2: varchar({ length: 10 }),
    diag3: varchar({ length: 10 }),
    diag4: varchar({ length: 10 }),
    diag5: varchar({ length: 10 }),
    motivo: varchar({ length: 500 }),
    tipo: varchar({ length: 40 }),
    fecha: date({ mode: 'string' }),
    horaDesde: varchar({ length: 5 }),
    horaHasta: varchar({ length: 5 }),
    laboratorios: text().array(),
    imagenes: text().array(),
    ...stamps,
  },
  (t) => [index('carga_amb_tramite_idx').on(t.idTramite, t.idCarga)],
);

/** Calls of the integration API in sandbox mode. */
export const sandboxLog = pgTable('sandbox_log', {
  idSandboxLog: serial().primaryKey(),
  idUsuario: integer().references(() => usuario.idUsuario),
  fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  endpoint: varchar({ length: 200 }).notNull(),
  estado: integer().notNull(),
  mensaje: varchar({ length: 500 }),
  idTramite: integer(),
  idCarga: integer(),
});

/** Personal API tokens of providers' systems; only a hash is stored. */
export const apiToken = pgTable('api_token', {
  idApiToken: serial().primaryKey(),
  idUsuario: fk(() => usuario.idUsuario),
  nombre: varchar({ length: 120 }).notNull(),
  prefijo: varchar({ length: 12 }).notNull(),
  tokenHash: varchar({ length: 64 }).notNull().unique(),
  fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
  fechaUso: timestamp({ withTimezone: true }),
  revocado: timestamp({ withTimezone: true }),
  /** Chosen at creation (default 90 days, at most 365; decision 34). */
  expira: timestamp({ withTimezone: true }).notNull().default(sql`(now() + interval '90 days')`),
});
