import type {
  getEmpresasByIdImagenesResponse,
  getPersonasByIdResponse,
  getSuscripcionesAudByIdResponse,
  mensajeSchema,
  Page,
  suscripcionRow,
  UsuarioView,
} from '@app/domain';
import type { z } from 'zod';
import type { Row } from '../../components/form/field-spec.ts';
import type { Saved } from '../../components/form/use-record-form.ts';
import type { ListQuery as Query } from '../../components/resource-list.tsx';
import { api } from '../../lib/api.ts';

/** The administration endpoints (apps/api/src/features/admin; the sessions' are features/sesiones) and their query keys. */
export type { Row } from '../../components/form/field-spec.ts';

type Mensaje = z.input<typeof mensajeSchema>;

/** The rows as the API answers them: the domain's response schemas, as they travel (instants as strings). */
export type Persona = z.input<typeof getPersonasByIdResponse>;
export type Suscripcion = z.input<typeof suscripcionRow>;
export type SuscripcionAud = z.input<typeof getSuscripcionesAudByIdResponse>;
export type EmpresaImg = z.input<typeof getEmpresasByIdImagenesResponse>['items'][number];

/** A company as its page reads it (the `empresa` declaration's row). */
export type Empresa = {
  idEmpresa: number;
  nombreCorto: string;
  documento: string;
  localidadNombre: string | null;
  razonSocial: string;
  nombre: string;
  direccion: string | null;
  suscriptor: boolean;
  empresaSuscriptoraNombre: string | null;
  fechaReg: string;
  fechaAct: string | null;
};

export type Usuario = UsuarioView;

const list =
  <T>(path: string) =>
  (query: Query, signal?: AbortSignal) =>
    api<Page<T>>(path, { query, signal });
const crud = <T>(path: string) => ({
  list: list<T>(path),
  get: (id: number, signal?: AbortSignal) => api<T>(`${path}/${id}`, { signal }),
  create: (body: Row) => api<Saved<T>>(path, { method: 'POST', body }),
  update: (id: number, body: Row) => api<Saved<T>>(`${path}/${id}`, { method: 'PUT', body }),
  remove: (id: number) => api<Mensaje>(`${path}/${id}`, { method: 'DELETE' }),
});

export const adminApi = {
  usuarios: crud<Usuario>('/usuarios'),
  personas: crud<Persona>('/personas'),
  medicos: crud<Row>('/medicos'),
  suscripciones: crud<Suscripcion>('/suscripciones'),
  auditoria: (idSuscripcion: number) => list<SuscripcionAud>(`/suscripciones/${idSuscripcion}/auditoria`),
  auditoriaDetalle: (id: number, signal?: AbortSignal) =>
    api<SuscripcionAud>(`/suscripciones-aud/${id}`, { signal }),
  vigente: (idEmpresa: number, signal?: AbortSignal) =>
    api<Suscripcion>(`/empresas/${idEmpresa}/suscripcion-vigente`, { signal }),
  imagenes: (idEmpresa: number) => ({
    list: list<EmpresaImg>(`/empresas/${idEmpresa}/imagenes`),
    upload: (form: FormData) =>
      api<Saved<EmpresaImg>>(`/empresas/${idEmpresa}/imagenes`, { method: 'POST', body: form }),
    remove: (id: number) => api<Mensaje>(`/empresas/${idEmpresa}/imagenes/${id}`, { method: 'DELETE' }),
    blob: async (id: number) =>
      (await api<Response>(`/empresas/${idEmpresa}/imagenes/${id}`, { raw: true })).blob(),
  }),
  /** The company's logo, or null when it has none (204). */
  logo: async (idEmpresa: number, signal?: AbortSignal): Promise<Blob | null> => {
    const res = await api<Response>(`/empresas/${idEmpresa}/logo`, { raw: true, signal });
    return res.status === 204 ? null : res.blob();
  },
  tarifaDetalle: (idAsegurador: number) => list<Row>(`/aseguradores/${idAsegurador}/tarifa-detalle`),
};

/** Every cached list or record of the administration starts with ['admin', resource]. */
export const adminKeys = {
  all: (resource: string) => ['admin', resource] as const,
  list: (resource: string, query: unknown) => ['admin', resource, 'lista', query] as const,
  one: (resource: string, id: unknown) => ['admin', resource, 'uno', id] as const,
  logo: (idEmpresa: number) => ['empresa-logo', idEmpresa] as const,
};
