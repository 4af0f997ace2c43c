/** Response schemas of the admin API routes: users (see responses.ts). */
import { z } from 'zod';
import { banderasUsuario } from '../auth/responses.ts';
import { columnasRegistro, mensajeSchema, pageOf } from '../common/responses.ts';

/** A user as the lists and forms read it: company, profile, person, its flags. */
const usuarioRow = z.object({
  idUsuario: z.number().int(),
  idEmpresa: z.number().int(),
  empresaNombre: z.string(),
  idPerfil: z.number().int(),
  perfilNombre: z.string(),
  idSuscripcion: z.number().int().nullable(),
  idPersona: z.number().int().nullable(),
  personaDocumento: z.string().nullable(),
  personaNombre: z.string().nullable(),
  nombre: z.string(),
  activo: z.boolean(),
  ...banderasUsuario,
  ...columnasRegistro,
});

/** `GET /api/v1/usuarios` → 200. */
export const getUsuariosResponse = pageOf(usuarioRow);
/** `GET /api/v1/usuarios/:id` → 200. */
export const getUsuariosByIdResponse = usuarioRow;
/** `POST /api/v1/usuarios` → 201; `PUT /api/v1/usuarios/:id` → 200. */
export const postUsuariosResponse201 = mensajeSchema.extend({ item: usuarioRow });
export const putUsuariosByIdResponse = postUsuariosResponse201;
