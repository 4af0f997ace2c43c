/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { USER_FLAGS } from './profiles.ts';

/** A user's module, menu and option flags (auth/profiles.ts USER_FLAGS), each a boolean. */
export const banderasUsuario = Object.fromEntries(USER_FLAGS.map((f) => [f, z.boolean()])) as {
  [K in (typeof USER_FLAGS)[number]]: z.ZodBoolean;
};

/** The signed-in user as `GET /auth/me` and `POST /auth/login` send it. */
export const sesionUsuarioSchema = z.object({
  idUsuario: z.number().int(),
  nombre: z.string(),
  idPerfil: z.number().int(),
  perfilNombre: z.string(),
  idEmpresa: z.number().int(),
  nombreEmpresa: z.string(),
  idSuscripcion: z.number().int().nullable(),
  idPersona: z.number().int().nullable(),
  totpActivo: z.boolean(),
  plataforma: z.boolean(),
  idMedico: z.number().int().nullable(),
  personaNombre: z.string().nullable(),
  ...banderasUsuario,
});

/** `GET /api/v1/auth/consejo` → 200. */
export const getAuthConsejoResponse = z.object({
  consejoTexto: z.string(),
});

/** `GET /api/v1/auth/correo-disponible` → 200. */
export const getAuthCorreoDisponibleResponse = z.object({
  disponible: z.boolean(),
});

/** `GET /api/v1/auth/me` → 200. */
export const getAuthMeResponse = z.object({
  usuario: sesionUsuarioSchema,
});

/** `POST /api/v1/auth/cambiar-clave` → 200. */
export const postAuthCambiarClaveResponse = z.object({
  mensaje: z.string(),
});

/** `POST /api/v1/auth/login` → 200. */
export const postAuthLoginResponse = z.object({
  token: z.string(),
  expiraEn: z.string(),
  usuario: sesionUsuarioSchema,
});

/** `POST /api/v1/auth/logout` → 200. */
export const postAuthLogoutResponse = z.object({
  mensaje: z.string(),
});

/** `POST /api/v1/auth/olvido-clave` → 200. */
export const postAuthOlvidoClaveResponse = z.object({
  mensaje: z.string(),
});

/** `POST /api/v1/auth/restablecer-clave/:idUsuario` → 200. */
export const postAuthRestablecerClaveByIdUsuarioResponse = z.object({
  mensaje: z.string(),
});

/** `POST /api/v1/auth/2fa/iniciar`: the new secret, its otpauth URI and a QR code (data URL). */
export const dosFactoresInicioSchema = z.object({ secreto: z.string(), otpauth: z.string(), qr: z.string() });
