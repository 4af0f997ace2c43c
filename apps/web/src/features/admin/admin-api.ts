import type { Flags, Page, UsuarioView } from '@app/domain';
import { api } from '../../lib/api.ts';

/** The administration endpoints (apps/api/src/features/admin, sesiones) and their query keys. */
export type Row = Record<string, unknown>;
export type Query = Record<string, string | number | undefined>;
export type Saved<T = Row> = { mensaje: string; item: T; aviso?: string | null };
export type Mensaje = { mensaje: string };

export type Persona = {
  idPersona: number;
  idTipoIden: number | null;
  tipoIdenNombre: string | null;
  documento: string;
  idEstadoCivil: number | null;
  estadoCivilNombre: string | null;
  fechaNac: string | null;
  sexo: string | null;
  telefono: string | null;
  primerNombre: string;
  segundoNombre: string | null;
  primerApellido: string;
  segundoApellido: string | null;
  idLocalidad: number | null;
  localidadNombre: string | null;
  email: string | null;
  direccion: string | null;
  idEmpresa: number;
  nombreCompleto: string;
  fechaReg: string;
  fechaAct: string | null;
};

export type Medico = {
  idMedico: number;
  idPersona: number;
  idEspecialidad: number | null;
  especialidadNombre: string | null;
  documento: string;
  personaDocumento: string;
  personaNombre: string;
  fechaReg: string;
};

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

export type Suscripcion = {
  idSuscripcion: number;
  idPlan: number;
  planNombre: string;
  idFormaPago: number;
  formaPagoNombre: string;
  idEmpresa: number;
  empresaNombre: string;
  idUsuario: number | null;
  usuarioNombre: string | null;
  numero: string;
  estado: string;
  fechaDesde: string;
  fechaHasta: string;
  fechaReg: string;
  fechaAct: string | null;
};

export type SuscripcionAud = {
  idSuscripcionAud: number;
  idSuscripcion: number;
  planNombre: string;
  formaPagoNombre: string;
  numero: string;
  tipo: string;
  fechaDesde: string;
  fechaHasta: string;
  suscripcionFechaReg: string;
  suscripcionNumero: string;
  usuarioNombre: string | null;
  fechaReg: string;
};

export type EmpresaImg = {
  idEmpresaImg: number;
  idEmpresa: number;
  nombre: string;
  tipo: string;
  tamano: number;
  fechaReg: string;
};

export type CargaAmbRow = {
  idCargaAmb: number;
  idTramite: number;
  idCarga: number | null;
  numero: string;
  nombrePaciente: string;
  cedula: string;
  tipo: string | null;
  fecha: string | null;
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
  medicos: crud<Medico>('/medicos'),
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
  sesiones: {
    sesiones: list<Row>('/sesiones'),
    errores: list<Row>('/sesiones/errores'),
    accesos: list<Row>('/sesiones/accesos'),
    sandbox: list<Row>('/sandbox-log'),
    porMes: (anio: number, signal?: AbortSignal) =>
      api<{
        anio: number;
        total: number;
        items: { mes: number; nombre: string; sesiones: number; usuarios: number }[];
      }>('/sesiones/por-mes', { query: { anio }, signal }),
    porDia: (mes: string, signal?: AbortSignal) =>
      api<{
        mes: string;
        total: number;
        items: { dia: number; fecha: string; sesiones: number; usuarios: number }[];
      }>('/sesiones/por-dia', { query: { mes }, signal }),
  },
};

/** Every cached list or record of the administration starts with ['admin', resource]. */
export const adminKeys = {
  all: (resource: string) => ['admin', resource] as const,
  list: (resource: string, query: unknown) => ['admin', resource, 'lista', query] as const,
  one: (resource: string, id: unknown) => ['admin', resource, 'uno', id] as const,
  logo: (idEmpresa: number) => ['empresa-logo', idEmpresa] as const,
};
