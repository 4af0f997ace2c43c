import type { SessionUser, TotpProof } from '@app/domain';
import { api } from '../../lib/api.ts';

export type LoginInput = { usuario: string; clave: string; codigo?: string };
export type LoginResult = { token: string; expiraEn: string; usuario: SessionUser };
export type Mensaje = { mensaje: string };
export type TotpSetup = { secreto: string; otpauth: string; qr: string };

/** The auth endpoints of the API (docs/design-summary.md §3), typed once for every account screen. */
export const authApi = {
  login: (body: LoginInput) => api<LoginResult>('/auth/login', { method: 'POST', body }),
  logout: () => api<Mensaje>('/auth/logout', { method: 'POST' }),
  inactividad: () => api<Mensaje>('/auth/inactividad', { method: 'POST' }),
  consejo: () => api<{ consejoTexto: string }>('/auth/consejo'),
  acceso: (ruta: string) => api<void>('/auth/acceso', { method: 'POST', body: { ruta } }),
  cambiarClave: (body: { claveActual: string; nuevaClave: string; confirmacion: string }) =>
    api<Mensaje>('/auth/cambiar-clave', { method: 'POST', body }),
  olvidoClave: (usuario: string) => api<Mensaje>('/auth/olvido-clave', { method: 'POST', body: { usuario } }),
  restablecerClave: (idUsuario: string, body: { token: string; nuevaClave: string; confirmacion: string }) =>
    api<Mensaje>(`/auth/restablecer-clave/${encodeURIComponent(idUsuario)}`, { method: 'POST', body }),
  /** With an active second factor, `prueba` (its current code or the password) is required. */
  iniciar2fa: (prueba?: TotpProof) => api<TotpSetup>('/auth/2fa/iniciar', { method: 'POST', body: prueba }),
  confirmar2fa: (codigo: string) => api<Mensaje>('/auth/2fa/confirmar', { method: 'POST', body: { codigo } }),
  desactivar2fa: (prueba: TotpProof) =>
    api<Mensaje>('/auth/2fa/desactivar', { method: 'POST', body: prueba }),
  correoDisponible: (email: string) =>
    api<{ disponible: boolean }>('/auth/correo-disponible', { query: { email } }),
};
