import type { changePasswordSchema, TotpProof } from '@app/domain';
import type {
  dosFactoresInicioSchema,
  getAuthConsejoResponse,
  getAuthCorreoDisponibleResponse,
  postAuthLoginResponse,
} from '@app/domain/auth/responses';
import type { loginSchema, resetPasswordSchema } from '@app/domain/auth/schemas';
import type { mensajeSchema } from '@app/domain/common/responses';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type LoginInput = z.input<typeof loginSchema>;
export type LoginResult = z.input<typeof postAuthLoginResponse>;
export type Mensaje = z.input<typeof mensajeSchema>;
export type TotpSetup = z.input<typeof dosFactoresInicioSchema>;

/** The auth endpoints of the API (docs/design-summary.md §3), typed once for every account screen. */
export const authApi = {
  login: (body: LoginInput) => api<LoginResult>('/auth/login', { method: 'POST', body }),
  logout: () => api<Mensaje>('/auth/logout', { method: 'POST' }),
  inactividad: () => api<Mensaje>('/auth/inactividad', { method: 'POST' }),
  consejo: () => api<z.input<typeof getAuthConsejoResponse>>('/auth/consejo'),
  acceso: (ruta: string) => api<void>('/auth/acceso', { method: 'POST', body: { ruta } }),
  cambiarClave: (body: z.input<typeof changePasswordSchema>) =>
    api<Mensaje>('/auth/cambiar-clave', { method: 'POST', body }),
  olvidoClave: (usuario: string) => api<Mensaje>('/auth/olvido-clave', { method: 'POST', body: { usuario } }),
  restablecerClave: (idUsuario: string, body: z.input<typeof resetPasswordSchema>) =>
    api<Mensaje>(`/auth/restablecer-clave/${encodeURIComponent(idUsuario)}`, { method: 'POST', body }),
  /** With an active second factor, `prueba` (its current code or the password) is required. */
  iniciar2fa: (prueba?: TotpProof) => api<TotpSetup>('/auth/2fa/iniciar', { method: 'POST', body: prueba }),
  confirmar2fa: (codigo: string) => api<Mensaje>('/auth/2fa/confirmar', { method: 'POST', body: { codigo } }),
  desactivar2fa: (prueba: TotpProof) =>
    api<Mensaje>('/auth/2fa/desactivar', { method: 'POST', body: prueba }),
  correoDisponible: (email: string) =>
    api<z.input<typeof getAuthCorreoDisponibleResponse>>('/auth/correo-disponible', { query: { email } }),
};
