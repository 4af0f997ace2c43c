import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { asegurador, empresa, prestador, suscripcion, usuario } from './admin.ts';
import { clasElem, servicio, tipoElem } from './catalogs.ts';
import { fk, periodo, stamps } from './common.ts';

/** Week of the year used by weekly loads. */
export const semana = pgTable(
  'semana',
  {
    idSemana: serial().primaryKey(),
    anio: integer().notNull(),
    numero: integer().notNull(),
    ...periodo(),
    ...stamps,
  },
  (t) => [uniqueIndex('semana_anio_numero_uq').on(t.anio, t.numero)],
);

/** An insurer's tariff sheet: prices of one class of elements for a period (here, beside the prices
 * that cite it, so that admin2.ts and this file do not import each other). */
export const tarifario = pgTable('tarifario', {
  idTarifario: serial().primaryKey(),
  idClasElem: fk(() => clasElem.idClasElem),
  idAsegurador: fk(() => asegurador.idAsegurador),
  descripcion: varchar({ length: 500 }).notNull(),
  ...periodo(),
  ...stamps,
});

/** Coded elements (TPSNS services, medicines, supplies) with their reference value. */
export const elemento = pgTable(
  'elemento',
  {
    idElemento: serial().primaryKey(),
    idClasElem: integer().references(() => clasElem.idClasElem),
    idTipoElem: integer().references(() => tipoElem.idTipoElem),
    codigo: varchar({ length: 30 }).notNull(),
    nombre: varchar({ length: 400 }).notNull(),
    valor: numeric({ precision: 14, scale: 2 }),
    ...stamps,
  },
  (t) => [uniqueIndex('elemento_codigo_uq').on(t.codigo), index('elemento_clas_elem_idx').on(t.idClasElem)],
);

/** A provider's own code for an element (equivalence) and its agreed price. */
export const elemPres = pgTable(
  'elem_pres',
  {
    idElemPres: serial().primaryKey(),
    idPrestador: fk(() => prestador.idPrestador),
    idElemento: integer().references(() => elemento.idElemento),
    codigo: varchar({ length: 30 }).notNull(),
    nombre: varchar({ length: 400 }).notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('elem_pres_prestador_codigo_uq').on(t.idPrestador, t.codigo),
    index('elem_pres_elemento_idx').on(t.idElemento),
  ],
);

/** The provider's price list: the value agreed for an element. */
export const tarifaPres = pgTable(
  'tarifa_pres',
  {
    idTarifaPres: serial().primaryKey(),
    idPrestador: fk(() => prestador.idPrestador),
    idElemento: fk(() => elemento.idElemento),
    /** The tariff sheet or agreement the value comes from (docs/spec-summary.md 001 'Tarifario/Convenio'). */
    idTarifario: integer().references(() => tarifario.idTarifario),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('tarifa_pres_prestador_elemento_uq').on(t.idPrestador, t.idElemento)],
);

export const tramite = pgTable(
  'tramite',
  {
    idTramite: serial().primaryKey(),
    /** The insurer-side subscription the procedure is submitted to (the tenant of the audit side). */
    idSuscripcion: fk(() => suscripcion.idSuscripcion),
    idEmpresaAseguradora: fk(() => empresa.idEmpresa),
    idPrestador: fk(() => prestador.idPrestador),
    idServicio: fk(() => servicio.idServicio),
    numero: varchar({ length: 30 }).notNull(),
    ...periodo(),
    descripcion: varchar({ length: 500 }).notNull(),
    estadoTramite: varchar({ length: 20 }).notNull().default('REGISTRADO'),
    frecuenciaCarga: varchar({ length: 1 }).notNull(),
    numSemana: integer().notNull().default(0),
    maxSemanas: integer().notNull().default(0),
    tipoAsignacion: varchar({ length: 1 }).notNull().default('U'),
    tieneApr: smallint().notNull().default(0),
    fechaIniAud: timestamp({ withTimezone: true }),
    fechaFinAud: timestamp({ withTimezone: true }),
    /** Sandbox procedures (integration API tests) never mix with real ones. */
    sandbox: boolean().notNull().default(false),
    version: integer().notNull().default(1),
    ...stamps,
  },
  (t) => [
    index('tramite_suscripcion_estado_idx').on(t.idSuscripcion, t.sandbox, t.estadoTramite, t.idTramite),
    index('tramite_prestador_idx').on(t.idPrestador, t.sandbox, t.idTramite),
    uniqueIndex('tramite_numero_uq').on(t.numero),
  ],
);

export const autorizacion = pgTable(
  'autorizacion',
  {
    idAutorizacion: serial().primaryKey(),
    idTramite: fk(() => tramite.idTramite),
    descripcion: varchar({ length: 500 }).notNull(),
    observacion: varchar({ length: 1000 }),
    estadoAut: varchar({ length: 20 }).notNull().default('SOLICITADA'),
    fechaDesde: date({ mode: 'string' }),
    fechaHasta: date({ mode: 'string' }),
    fechaApr: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [index('autorizacion_tramite_idx').on(t.idTramite)],
);

/** Procedure log (bitácora): written by the server on every state change and review. */
export const bitacoraTra = pgTable(
  'bitacora_tra',
  {
    idBitacoraTra: serial().primaryKey(),
    idTramite: fk(() => tramite.idTramite),
    idUsuario: fk(() => usuario.idUsuario),
    tipo: varchar({ length: 40 }).notNull(),
    observacion: text().notNull(),
    fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bitacora_tra_tramite_idx').on(t.idTramite, t.fechaReg)],
);

export const carga = pgTable(
  'carga',
  {
    idCarga: serial().primaryKey(),
    idTramite: fk(() => tramite.idTramite),
    idUsuario: fk(() => usuario.idUsuario),
    idSemana: integer().references(() => semana.idSemana),
    idAutorizacion: integer().references(() => autorizacion.idAutorizacion),
    tipoCarga: varchar({ length: 1 }).notNull(),
    numSemana: integer(),
    ...periodo(),
    numeroRegistros: integer().notNull().default(0),
    numeroRegVal: integer().notNull().default(0),
    contadorErrores: integer().notNull().default(0),
    contadorNovedades: integer().notNull().default(0),
    tieneErrores: smallint().notNull().default(0),
    tieneNovedades: smallint().notNull().default(0),
    tienePlanillas: smallint().notNull().default(0),
    tieneArchivos: smallint().notNull().default(0),
    /** 1 active, 0 deleted. */
    estado: smallint().notNull().default(1),
    /** PROCESANDO while the background job ingests, then COMPLETADA or FALLIDA. */
    estadoProceso: varchar({ length: 20 }).notNull().default('PROCESANDO'),
    progreso: integer().notNull().default(0),
    filasPorSegundo: integer(),
    tamanioArchivo: bigint({ mode: 'number' }).notNull().default(0),
    nombreArchivo: varchar({ length: 300 }).notNull(),
    formato: varchar({ length: 10 }).notNull(),
    fechaModificacion: timestamp({ withTimezone: true }),
    obs: text(),
    fechaCreacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaActualizacion: timestamp({ withTimezone: true }),
    /** Storage key of the data file while it waits for its ingest (migration 0021; null after). */
    archivoClave: varchar({ length: 300 }),
    /**
     * Organising its attentions as a background job (migration 0030, decision 85): null, PENDIENTE,
     * ORGANIZANDO, ORGANIZADA or FALLIDA (the dead letter); organizacionObs: what the row says of it.
     */
    organizacion: varchar({ length: 12 }),
    organizacionObs: text(),
  },
  (t) => [index('carga_tramite_idx').on(t.idTramite, t.idCarga)],
);

/**
 * Raw rows of a data file as received (for downloads), plus their flags. No foreign key to carga on
 * purpose: the ingest is its only writer, inside the load's own transaction, and a per-row key check
 * made COPY 4.5 × slower (100,000 rows: 4.3 s instead of 0.95 s, docs/performance.md); deleting a
 * load removes its rows explicitly.
 */
export const cargaFila = pgTable(
  'carga_fila',
  {
    idCarga: integer().notNull(),
    fila: integer().notNull(),
    idTramite: text(),
    noPlanilla: text(),
    cedula1: text(),
    cedula2: text(),
    nombre: text(),
    fIngreso: text(),
    fSalida: text(),
    diagPri: text(),
    diagSec: text(),
    lMuerto: text(),
    fTarifario: text(),
    noServicio: text(),
    cantidad: text(),
    vSem: text(),
    vPaciente: text(),
    noModificador: text(),
    nombreMedIns: text(),
    tipo: text(),
    fechaAtencion: text(),
    tieneError: boolean().notNull().default(false),
    tieneNovedad: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.idCarga, t.fila] })],
);

/** Errors (E) and warnings/novedades (N) of a load, per row and column, in Spanish (no foreign key: see carga_fila). */
export const cargaError = pgTable(
  'carga_error',
  {
    idCargaError: serial().primaryKey(),
    idCarga: integer().notNull(),
    fila: integer().notNull(),
    columna: varchar({ length: 40 }),
    valor: text(),
    mensaje: varchar({ length: 500 }).notNull(),
    tipo: varchar({ length: 1 }).notNull(),
  },
  (t) => [index('carga_error_carga_idx').on(t.idCarga, t.tipo, t.fila)],
);
