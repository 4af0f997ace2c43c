import type {
  accesosSesionPageSchema,
  sandboxLogPageSchema,
  sesionesErroresPageSchema,
  sesionesPageSchema,
  sesionesPorDiaSchema,
  sesionesPorMesSchema,
} from '@app/domain';
import type { z } from 'zod';
import type { ListQuery } from '../../components/resource-list.tsx';
import { api } from '../../lib/api.ts';

/** The session administration endpoints (apps/api/src/features/sesiones); rows typed by the domain's response schemas. */

type Fila<S extends z.ZodType> = z.input<S> extends { items: (infer R)[] } ? R : never;
export type Sesion = Fila<typeof sesionesPageSchema>;
export type SesionErr = Fila<typeof sesionesErroresPageSchema>;
export type AccesoSesion = Fila<typeof accesosSesionPageSchema>;
export type SandboxLog = Fila<typeof sandboxLogPageSchema>;

const lista =
  <S extends z.ZodType>(path: string) =>
  (query: ListQuery, signal?: AbortSignal) =>
    api<z.input<S>>(path, { query, signal });

export const sesionesApi = {
  sesiones: lista<typeof sesionesPageSchema>('/sesiones'),
  errores: lista<typeof sesionesErroresPageSchema>('/sesiones/errores'),
  accesos: lista<typeof accesosSesionPageSchema>('/sesiones/accesos'),
  sandbox: lista<typeof sandboxLogPageSchema>('/sandbox-log'),
  porMes: (anio: number, signal?: AbortSignal) =>
    api<z.input<typeof sesionesPorMesSchema>>('/sesiones/por-mes', { query: { anio }, signal }),
  porDia: (mes: string, signal?: AbortSignal) =>
    api<z.input<typeof sesionesPorDiaSchema>>('/sesiones/por-dia', { query: { mes }, signal }),
};

/** Every cached list or chart of the session administration starts with ['admin', 'sesiones-…'] (as the other administration screens). */
export const sesionesKeys = {
  lista: (nombre: string) => ['admin', `sesiones-${nombre}`] as const,
  grafico: (nombre: 'mes' | 'dia', valor: number | string) => ['admin', `sesiones-${nombre}`, valor] as const,
};
