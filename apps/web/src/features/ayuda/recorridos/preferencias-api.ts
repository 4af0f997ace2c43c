import type { Preferencias, PreferenciasUpdate } from '@app/domain/herramientas/preferencias';
import { api } from '../../../lib/api.ts';

/** The signed-in user's preferences (GET/PUT /api/v1/auth/me/preferencias, decision 58), cached per user. */
export const preferenciasKeys = { de: (idUsuario: number) => ['preferencias', idUsuario] as const };

export const preferenciasApi = {
  get: (signal?: AbortSignal) => api<Preferencias>('/auth/me/preferencias', { signal }),
  put: (body: PreferenciasUpdate) => api<Preferencias>('/auth/me/preferencias', { method: 'PUT', body }),
};
