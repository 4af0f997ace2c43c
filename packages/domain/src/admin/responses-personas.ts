/**
 * A person's row, typed for the web's forms (persons are a declared resource, admin/personas-recursos.ts, whose
 * derived row the API answers; admin.test.ts checks both name the same columns).
 */
import { z } from 'zod';
import { columnasRegistro, fecha } from '../common/responses.ts';

/** A person as the lists and forms read it. */
const personaRow = z.object({
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
  ...columnasRegistro,
});

/** `GET /api/v1/personas/:id` → 200. */
export const getPersonasByIdResponse = personaRow;
