import type { Page } from '@app/domain/catalogs/define';
import type { registroResultadoSchema } from '@app/domain/integracion/responses';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import type { Tramite } from '../tramites/tramites-api.ts';

export type ApiToken = {
  idApiToken: number;
  nombre: string;
  prefijo: string;
  fechaReg: string;
  fechaUso: string | null;
  revocado: string | null;
  expira: string;
  vencido: boolean;
};

export type SandboxLlamada = {
  idSandboxLog: number;
  fecha: string;
  endpoint: string;
  estado: number;
  mensaje: string | null;
  idTramite: number | null;
  idCarga: number | null;
  usuarioNombre: string | null;
};

export type SandboxTramite = Tramite & {
  idCarga: number | null;
  numeroRegistros: number | null;
  contadorErrores: number | null;
  numRespaldos: number;
};

/** The answer of registro-datos / registro-completo. */
export type RegistroRespuesta = z.input<typeof registroResultadoSchema>;

export type RegistroForm = {
  fechaDesde: string;
  fechaHasta: string;
  idServicio: number;
  idAutorizacion?: number;
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
  tokens: (signal?: AbortSignal) => api<ApiToken[]>('/api/v1/api-tokens', { signal }),
  crearToken: (body: { nombre: string; diasVigencia: number }) =>
    api<{ mensaje: string; idApiToken: number; token: string; expira: string }>('/api/v1/api-tokens', {
      method: 'POST',
      body,
    }),
  revocarToken: (id: number) => api<{ mensaje: string }>(`/api/v1/api-tokens/${id}`, { method: 'DELETE' }),
  log: (page: number, estado?: string, signal?: AbortSignal) =>
    api<Page<SandboxLlamada>>('/sandbox/log', { query: { page, pageSize: 10, estado }, signal }),
  tramites: (page: number, signal?: AbortSignal) =>
    api<Page<SandboxTramite>>('/sandbox/tramites', { query: { page, pageSize: 10 }, signal }),
  vaciar: () => api<{ mensaje: string; eliminados: number }>('/sandbox/tramites', { method: 'DELETE' }),
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
