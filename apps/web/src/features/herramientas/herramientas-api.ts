import type {
  Cobertura,
  consultaCoberturaPageSchema,
  vademecumPageSchema,
} from '@app/domain/herramientas/schemas';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export const herramientasKeys = {
  vademecum: (q: string, page: number) => ['herramientas', 'vademecum', q, page] as const,
  cobertura: (cedula: string) => ['herramientas', 'cobertura', cedula] as const,
  coberturaAtenciones: (cedula: string, idEspecialidad: number | undefined, page: number) =>
    ['herramientas', 'cobertura', cedula, 'atenciones', idEspecialidad ?? 0, page] as const,
  tablaOms: ['herramientas', 'oms-imc-lms'] as const,
};

export const herramientasApi = {
  vademecum: (q: string, page: number, signal?: AbortSignal) =>
    api<z.input<typeof vademecumPageSchema>>('/herramientas/vademecum', { query: { q, page }, signal }),
  cobertura: (cedula: string, signal?: AbortSignal) =>
    api<Cobertura>(`/herramientas/cobertura/${encodeURIComponent(cedula)}`, { signal }),
  /** The claim lookup: every attention of the patient the user may see, 10 per page. */
  coberturaAtenciones: (
    cedula: string,
    idEspecialidad: number | undefined,
    page: number,
    signal?: AbortSignal,
  ) =>
    api<z.input<typeof consultaCoberturaPageSchema>>(
      `/herramientas/cobertura/${encodeURIComponent(cedula)}/atenciones`,
      {
        query: { idEspecialidad, page },
        signal,
      },
    ),
};
