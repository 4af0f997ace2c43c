import type { RegistroInput, renovacionSchema } from '@app/domain';
import type {
  getRegistroFormasPagoResponse,
  getRegistroPlanesResponse,
  getRegistroRenovacionResponse,
  postRegistroRenovacionResponse,
  postRegistroResponse201,
} from '@app/domain/admin/responses-registro';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type Plan = z.input<typeof getRegistroPlanesResponse>['items'][number];
export type FormaPago = z.input<typeof getRegistroFormasPagoResponse>['items'][number];
export type RegistroResult = z.input<typeof postRegistroResponse201>;
export type RenovacionResult = z.input<typeof postRegistroRenovacionResponse>;
type Renovacion = z.input<typeof getRegistroRenovacionResponse>;

/** Public registration and renewal endpoints (apps/api/src/features/registro). */
export const registroApi = {
  planes: (signal?: AbortSignal) =>
    api<z.input<typeof getRegistroPlanesResponse>>('/registro/planes', { signal }),
  formasPago: (signal?: AbortSignal) =>
    api<z.input<typeof getRegistroFormasPagoResponse>>('/registro/formas-pago', { signal }),
  registrar: (body: RegistroInput) => api<RegistroResult>('/registro', { method: 'POST', body }),
  actual: (signal?: AbortSignal) => api<Renovacion>('/registro/renovacion', { signal }),
  renovar: (body: z.output<typeof renovacionSchema>) =>
    api<RenovacionResult>('/registro/renovacion', { method: 'POST', body }),
};
