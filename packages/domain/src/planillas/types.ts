import type { EstadoRevision, PermisosPlanilla, TipoRevision } from './permissions.ts';

/*
 * Response shapes of the attention routes (for the web). Dates `YYYY-MM-DD`, instants ISO strings,
 * money as strings with 2 decimals.
 */

export type Pagina<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A row of GET /planillas. estadoAud/estadoDoc are null where the profile or state hides them. */
export type PlanillaFila = {
  idPlanilla: number;
  idCarga: number;
  numero: string;
  numeroExt: string | null;
  fechaDesde: string;
  fechaHasta: string;
  cedula: string;
  nombre: string;
  cedulaMedico: string | null;
  nombreMedico: string | null;
  diag1: string | null;
  diag1Nombre: string | null;
  estadoAud: EstadoRevision | null;
  estadoDoc: EstadoRevision | null;
  duplicada: number;
  nivel: number;
  numArchivos: number;
  total: string;
  /** Claimed / approved / objected of every line (issue 13; kept by triggers). */
  totalReclamado: string;
  totalAprobado: string;
  totalGlosa: string;
  estado: number;
  version: number;
  /** Assigned AM and GD users (the web enables the level check boxes with canSetNivel). */
  idUsuarioMed: number | null;
  idUsuarioDoc: number | null;
};

export type PlanillaListaRespuesta = Pagina<PlanillaFila> & {
  estadoTramite: string;
  verEstadoAud: boolean;
  verEstadoDoc: boolean;
};

/** GET /planillas/:id */
export type PlanillaDetalleRespuesta = {
  idPlanilla: number;
  idTramite: number;
  idCarga: number;
  idPrestador: number;
  numero: string;
  numeroExt: string | null;
  cedula: string;
  nombre: string;
  cedulaMedico: string | null;
  nombreMedico: string | null;
  diag1: string | null;
  diag2: string | null;
  diag3: string | null;
  diag4: string | null;
  diag5: string | null;
  diagnostico01: string | null;
  diagnostico02: string | null;
  diagnostico03: string | null;
  diagnostico04: string | null;
  diagnostico05: string | null;
  controlDiag1: number;
  controlDiag2: number;
  controlDiag3: number;
  controlDiag4: number;
  controlDiag5: number;
  codigoVal: string | null;
  fechaDesde: string;
  fechaHasta: string;
  horaDesde: string | null;
  horaHasta: string | null;
  fechaDesdeCarga: string;
  fechaHastaCarga: string;
  tipoCarga: string;
  estadoAud: EstadoRevision;
  estadoDoc: EstadoRevision;
  idUsuarioMed: number | null;
  usuarioMed: string | null;
  idUsuarioDoc: number | null;
  usuarioDoc: string | null;
  fechaAud: string | null;
  fechaDoc: string | null;
  idUsuarioAct: number | null;
  fechaAct: string | null;
  idPlantilla: number | null;
  plantillaNombre: string | null;
  nivel: number;
  duplicada: number;
  estado: number;
  total: string;
  version: number;
  numDetalles: number;
  numArchivos: number;
  estadoTramite: string;
  tipoAsignacion: string;
  numeroTramite: string;
  /** 'sábado' / 'domingo' when the attention starts on a weekend (the record page's notice). */
  finDeSemana: 'sábado' | 'domingo' | null;
  permisos: PermisosPlanilla;
};

export type RevisionRespuesta = {
  mensaje: string;
  item: { idPlanilla: number; estadoAud: EstadoRevision; estadoDoc: EstadoRevision; version: number };
  /** The next pending record of the same procedure and load for this review type, if any. */
  siguiente: number | null;
};

export type AuditoriaFila = {
  idAuditoria: number;
  fecha: string;
  usuario: string | null;
  operacion: string;
  campo: string | null;
  antes: string | null;
  despues: string | null;
};
export type AuditoriaRespuesta = {
  generales: AuditoriaFila[];
  detallados: Array<AuditoriaFila & { idPlanillaDet: number; codigo: string | null }>;
};

export type AsignacionUsuario = {
  idUsuario: number;
  nombre: string;
  personaNombre: string | null;
  idPerfil: number;
  asignadas: number;
  pendientes: number;
};
export type AsignacionesRespuesta = {
  tipo: TipoRevision;
  usuarios: AsignacionUsuario[];
  sinAsignar: number;
  total: number;
};

export type ControlResumen = { control: number; nombre: string; total: number };
/** An attention as the lists that point at one show it (controls, assignment, reports). */
export type AtencionRef = {
  idPlanilla: number;
  idCarga: number;
  numero: string;
  cedula: string;
  nombre: string;
  fechaDesde: string;
  fechaHasta: string;
};

export type ControlFila = AtencionRef & { motivo: string };

export type DiagnosticoItem = { idDiagnostico: number; codigo: string; codigoPunto: string; nombre: string };

export type BusquedaFila = {
  idPlanilla: number;
  numero: string;
  cedula: string;
  nombre: string;
  diagnosticos: string;
  fechaDesde: string;
  fechaHasta: string;
  total: string;
  estadoAud: EstadoRevision;
  estadoDoc: EstadoRevision;
};
