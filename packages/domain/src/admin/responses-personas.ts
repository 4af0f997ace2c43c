/** Response schemas of the admin API routes: people and doctors (see responses.ts). */
import { z } from 'zod';
import { fecha, instante } from '../common/responses.ts';

/** `GET /api/v1/medicos` → 200. */
export const getMedicosResponse = z.object({
  items: z.array(
    z.object({
      idMedico: z.number().int(),
      idPersona: z.number().int(),
      idEspecialidad: z.number().int().nullable(),
      especialidadNombre: z.string().nullable(),
      documento: z.string(),
      personaDocumento: z.string(),
      personaNombre: z.string(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/personas` → 200. */
export const getPersonasResponse = z.object({
  items: z.array(
    z.object({
      idPersona: z.number().int(),
      idTipoIden: z.number().int().nullable(),
      tipoIdenNombre: z.string().nullable(),
      documento: z.string(),
      idEstadoCivil: z.number().int().nullable(),
      estadoCivilNombre: z.string().nullable(),
      fechaNac: fecha.nullable(),
      sexo: z.string().nullable(),
      telefono: z.string().nullable(),
      primerNombre: z.string(),
      segundoNombre: z.string().nullable(),
      primerApellido: z.string(),
      segundoApellido: z.string().nullable(),
      idLocalidad: z.number().int().nullable(),
      localidadNombre: z.string().nullable(),
      email: z.string().nullable(),
      direccion: z.string().nullable(),
      idEmpresa: z.number().int(),
      tipoPersona: z.string(),
      nombreCompleto: z.string(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/personas/:id` → 200. */
export const getPersonasByIdResponse = z.object({
  idPersona: z.number().int(),
  idTipoIden: z.number().int().nullable(),
  tipoIdenNombre: z.string().nullable(),
  documento: z.string(),
  idEstadoCivil: z.number().int().nullable(),
  estadoCivilNombre: z.string().nullable(),
  fechaNac: fecha.nullable(),
  sexo: z.string().nullable(),
  telefono: z.string().nullable(),
  primerNombre: z.string(),
  segundoNombre: z.string().nullable(),
  primerApellido: z.string(),
  segundoApellido: z.string().nullable(),
  idLocalidad: z.number().int().nullable(),
  localidadNombre: z.string().nullable(),
  email: z.string().nullable(),
  direccion: z.string().nullable(),
  idEmpresa: z.number().int(),
  tipoPersona: z.string(),
  nombreCompleto: z.string(),
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `POST /api/v1/medicos` → 201. */
export const postMedicosResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idMedico: z.number().int(),
    idPersona: z.number().int(),
    idEspecialidad: z.number().int().nullable(),
    especialidadNombre: z.string().nullable(),
    documento: z.string(),
    personaDocumento: z.string(),
    personaNombre: z.string(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `POST /api/v1/personas` → 201. */
export const postPersonasResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idPersona: z.number().int(),
    idTipoIden: z.number().int().nullable(),
    tipoIdenNombre: z.string().nullable(),
    documento: z.string(),
    idEstadoCivil: z.number().int().nullable(),
    estadoCivilNombre: z.string().nullable(),
    fechaNac: fecha.nullable(),
    sexo: z.string().nullable(),
    telefono: z.string().nullable(),
    primerNombre: z.string(),
    segundoNombre: z.string().nullable(),
    primerApellido: z.string(),
    segundoApellido: z.string().nullable(),
    idLocalidad: z.number().int().nullable(),
    localidadNombre: z.string().nullable(),
    email: z.string().nullable(),
    direccion: z.string().nullable(),
    idEmpresa: z.number().int(),
    tipoPersona: z.string(),
    nombreCompleto: z.string(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `PUT /api/v1/personas/:id` → 200. */
export const putPersonasByIdResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idPersona: z.number().int(),
    idTipoIden: z.number().int().nullable(),
    tipoIdenNombre: z.string().nullable(),
    documento: z.string(),
    idEstadoCivil: z.number().int().nullable(),
    estadoCivilNombre: z.string().nullable(),
    fechaNac: fecha.nullable(),
    sexo: z.string().nullable(),
    telefono: z.string().nullable(),
    primerNombre: z.string(),
    segundoNombre: z.string().nullable(),
    primerApellido: z.string(),
    segundoApellido: z.string().nullable(),
    idLocalidad: z.number().int().nullable(),
    localidadNombre: z.string().nullable(),
    email: z.string().nullable(),
    direccion: z.string().nullable(),
    idEmpresa: z.number().int(),
    tipoPersona: z.string(),
    nombreCompleto: z.string(),
    fechaReg: instante,
    fechaAct: instante,
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int(),
  }),
});

// Routes the tests reach without a body to learn from: the same rows as their siblings.
export const getMedicosByIdResponse = postMedicosResponse201.shape.item;
export const putMedicosByIdResponse = postMedicosResponse201;
