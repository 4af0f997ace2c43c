/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { sessionUserSchema } from './profiles.ts';

/**
 * The signed-in user as `GET /auth/me` and `POST /auth/login` send it: the session's user
 * (auth/profiles.ts), its flags included.
 */
export const sesionUsuarioSchema = sessionUserSchema;

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
