import type {
  deleteApiTokensByIdResponse,
  deleteSandboxTramitesResponse,
  getApiTokensResponse,
  getSandboxLogResponse,
  getSandboxTramitesResponse,
  postApiTokensResponse201,
  registroResultadoSchema,
} from '@app/domain/integracion/responses';
import type { apiTokenCreateSchema, RegistroCampos } from '@app/domain/integracion/schemas';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type ApiToken = z.input<typeof getApiTokensResponse>[number];

export type SandboxLlamada = z.input<typeof getSandboxLogResponse>['items'][number];

export type SandboxTramite = z.input<typeof getSandboxTramitesResponse>['items'][number];

/** The answer of registro-datos / registro-completo. */
export type RegistroRespuesta = z.input<typeof registroResultadoSchema>;

/** The sandbox upload form: the contract's text fields (as parsed) and the files. */
export type RegistroForm = Pick<
  RegistroCampos,
  'fechaDesde' | 'fechaHasta' | 'idServicio' | 'idAutorizacion'
> & {
  archivoDatos: File;
  archivosRespaldo: File[];
};

export const integracionKeys = {
  tokens: ['integracion', 'tokens'] as const,
  log: (page: number, estado?: string) => ['integracion', 'sandbox-log', estado ?? '', page] as const,
  tramites: (page: number) => ['integracion', 'sandbox-tramites', page] as const,
  all: ['integracion'] as const,
};

export const integracionApi = {
  tokens: (signal?: AbortSignal) =>
    api<z.input<typeof getApiTokensResponse>>('/api/v1/api-tokens', { signal }),
  crearToken: (body: z.input<typeof apiTokenCreateSchema>) =>
    api<z.input<typeof postApiTokensResponse201>>('/api/v1/api-tokens', {
      method: 'POST',
      body,
    }),
  revocarToken: (id: number) =>
    api<z.input<typeof deleteApiTokensByIdResponse>>(`/api/v1/api-tokens/${id}`, { method: 'DELETE' }),
  log: (page: number, estado?: string, signal?: AbortSignal) =>
    api<z.input<typeof getSandboxLogResponse>>('/sandbox/log', {
      query: { page, pageSize: 10, estado },
      signal,
    }),
  tramites: (page: number, signal?: AbortSignal) =>
    api<z.input<typeof getSandboxTramitesResponse>>('/sandbox/tramites', {
      query: { page, pageSize: 10 },
      signal,
    }),
  vaciar: () => api<z.input<typeof deleteSandboxTramitesResponse>>('/sandbox/tramites', { method: 'DELETE' }),
  /** The sandbox upload form (docs/spec-summary.md 000 §3): the same multipart call a provider's system makes. */
  registrar: (f: RegistroForm, idUsuario: number) => {
    const completo = f.archivosRespaldo.length > 0;
    const body = new FormData();
    body.append('fechaDesde', f.fechaDesde);
    body.append('fechaHasta', f.fechaHasta);
    body.append('idUsuario', String(idUsuario));
    body.append('idServicio', String(f.idServicio));
    if (f.idAutorizacion) body.append('idAutorizacion', String(f.idAutorizacion));
    if (f.archivoDatos.lastModified) body.append('fechaModificacion', String(f.archivoDatos.lastModified));
    body.append('archivoDatos', f.archivoDatos, f.archivoDatos.name);
    for (const r of f.archivosRespaldo) body.append('archivosRespaldo', r, r.name);
    return api<RegistroRespuesta>(
      `/sandbox/cargatramites/${completo ? 'registro-completo' : 'registro-datos'}`,
      { method: 'POST', body },
    );
  },
};
