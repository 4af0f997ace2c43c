import type { RegistroInput } from '@app/domain';
import { api } from '../../app/api.ts';

export type Plan = {
  idPlan: number;
  nombre: string;
  descripcion: string | null;
  valor: string;
  duracionMeses: number;
};
export type FormaPago = { idFormaPago: number; nombre: string };
export type RegistroResult = {
  mensaje: string;
  idEmpresa: number;
  idSuscripcion: number;
  idUsuario: number;
  usuario: string;
  plan: string;
  fechaDesde: string;
  fechaHasta: string;
};
export type RenovacionResult = {
  mensaje: string;
  idSuscripcion: number;
  plan: string;
  fechaDesde: string;
  fechaHasta: string;
};
export type SuscripcionActual = {
  idSuscripcion: number;
  numero: string;
  planNombre: string;
  formaPagoNombre: string;
  fechaDesde: string;
  fechaHasta: string;
} | null;

/** Public registration and renewal endpoints (apps/api/src/features/registro). */
export const registroApi = {
  planes: (signal?: AbortSignal) => api<{ items: Plan[] }>('/registro/planes', { signal }),
  formasPago: (signal?: AbortSignal) => api<{ items: FormaPago[] }>('/registro/formas-pago', { signal }),
  registrar: (body: RegistroInput) => api<RegistroResult>('/registro', { method: 'POST', body }),
  actual: (signal?: AbortSignal) =>
    api<{ suscripcion: SuscripcionActual }>('/registro/renovacion', { signal }),
  renovar: (body: { idPlan: number; idFormaPago: number; aceptaTerminos: true }) =>
    api<RenovacionResult>('/registro/renovacion', { method: 'POST', body }),
};
