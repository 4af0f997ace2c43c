import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { perfil, usuario } from './admin.ts';
import { fk } from './common.ts';

/** One row per login; closed by logout or expiry. The token's `sid` points here. */
export const sesion = pgTable(
  'sesion',
  {
    idSesion: uuid().primaryKey().defaultRandom(),
    idUsuario: fk(() => usuario.idUsuario),
    fechaInicio: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaFin: timestamp({ withTimezone: true }),
    expira: timestamp({ withTimezone: true }).notNull(),
    ip: varchar({ length: 64 }),
    agente: varchar({ length: 300 }),
    motivoFin: varchar({ length: 40 }),
  },
  (t) => [index('sesion_usuario_idx').on(t.idUsuario, t.fechaInicio)],
);

/** Failed logins and errors. */
export const sesionErr = pgTable(
  'sesion_err',
  {
    idSesionErr: serial().primaryKey(),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuario: varchar({ length: 160 }),
    idUsuario: integer(),
    ip: varchar({ length: 64 }),
    tipo: varchar({ length: 20 }).notNull(),
    motivo: varchar({ length: 300 }).notNull(),
  },
  (t) => [index('sesion_err_fecha_idx').on(t.fecha)],
);

/** Route accesses of a session, reported by the web client on navigation. */
export const accesoSesion = pgTable(
  'acceso_sesion',
  {
    idAccesoSesion: serial().primaryKey(),
    idSesion: uuid().references(() => sesion.idSesion),
    idUsuario: integer().notNull(),
    ruta: varchar({ length: 300 }).notNull(),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('acceso_sesion_fecha_idx').on(t.fecha)],
);

/** Tips shown after login, per profile. */
export const consejoPerfil = pgTable('consejo_perfil', {
  idConsejoPerfil: serial().primaryKey(),
  idPerfil: fk(() => perfil.idPerfil),
  consejoTexto: text().notNull(),
});

/** Single-use, expiring password reset links; only the hash of the secret is stored. */
export const claveReset = pgTable('clave_reset', {
  idClaveReset: serial().primaryKey(),
  idUsuario: fk(() => usuario.idUsuario),
  tokenHash: varchar({ length: 64 }).notNull().unique(),
  expira: timestamp({ withTimezone: true }).notNull(),
  usado: boolean().notNull().default(false),
  fechaReg: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Login throttling (decision 33): failed attempts per account (`u:` + lower(name), growing delays)
 * and per address (`ip:` + address, a window), counted before the password is checked.
 */
export const loginIntento = pgTable(
  'login_intento',
  {
    clave: varchar({ length: 200 }).primaryKey(),
    fallos: integer().notNull().default(0),
    desde: timestamp({ withTimezone: true }).notNull().defaultNow(),
    hasta: timestamp({ withTimezone: true }),
  },
  (t) => [index('login_intento_desde_idx').on(t.desde)],
);
