import type {
  Flags,
  getEmpresasByIdImagenesResponse,
  getPersonasByIdResponse,
  getSuscripcionesAudByIdResponse,
  getTramitesByIdCargaambResponse,
  Page,
  suscripcionRow,
  UsuarioView,
} from '@app/domain';
import type { z } from 'zod';
import type { Row } from '../../components/form/field-spec.ts';
import type { Saved } from '../../components/form/use-record-form.ts';
import type { ListQuery as Query } from '../../components/resource-list.tsx';
import { api } from '../../lib/api.ts';

/** The administration endpoints (apps/api/src/features/admin; the sessions' are in sesiones-api.ts) and their query keys. */
export type { Row } from '../../components/form/field-spec.ts';
export type { Saved } from '../../components/form/use-record-form.ts';
export type { ListQuery as Query } from '../../components/resource-list.tsx';
export type Mensaje = { mensaje: string };

/** The rows as the API answers them: the domain's response schemas, as they travel (instants as strings). */
export type Persona = z.input<typeof getPersonasByIdResponse>;
export type Suscripcion = z.input<typeof suscripcionRow>;
export type SuscripcionAud = z.input<typeof getSuscripcionesAudByIdResponse>;
export type EmpresaImg = z.input<typeof getEmpresasByIdImagenesResponse>['items'][number];
export type CargaAmbRow = z.input<typeof getTramitesByIdCargaambResponse>['items'][number];

export type Empresa = {
  idEmpresa: number;
  nombreCorto: string;
  documento: string;
  idLocalidad: number | null;
  localidadNombre: string | null;
  razonSocial: string;
  nombre: string;
  direccion: string | null;
  suscriptor: boolean;
  idEmpresaSuscriptora: number | null;
  empresaSuscriptoraNombre: string | null;
  idLogo: number | null;
  fechaReg: string;
  fechaAct: string | null;
  usuarioRegNombre: string | null;
  usuarioActNombre: string | null;
};

export type Usuario = UsuarioView;
export type PerfilFlags = Flags & { idPerfil: number; nombre: string };

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
  empresas: crud<Empresa>('/empresas'),
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
  cargaAmb: (idTramite: number) => ({
    list: list<CargaAmbRow>(`/tramites/${idTramite}/cargaamb`),
    get: (id: number, signal?: AbortSignal) => api<Row>(`/tramites/${idTramite}/cargaamb/${id}`, { signal }),
    // Sent once: a network failure is reported, never re-posted (the server may have stored it).
    upload: (form: FormData) =>
      api<{ mensaje: string; registros: number }>(`/tramites/${idTramite}/cargaamb`, {
        method: 'POST',
        body: form,
      }),
  }),
};

/** Every cached list or record of the administration starts with ['admin', resource]. */
export const adminKeys = {
  all: (resource: string) => ['admin', resource] as const,
  list: (resource: string, query: unknown) => ['admin', resource, 'lista', query] as const,
  one: (resource: string, id: unknown) => ['admin', resource, 'uno', id] as const,
  logo: (idEmpresa: number) => ['empresa-logo', idEmpresa] as const,
};
