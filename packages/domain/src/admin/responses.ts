/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { decimal, fecha, instante } from '../common/responses.ts';

/** `GET /api/v1/empresas/:id/imagenes` → 200. */
export const getEmpresasByIdImagenesResponse = z.object({
  items: z.array(
    z.object({
      idEmpresaImg: z.number().int(),
      idEmpresa: z.number().int(),
      nombre: z.string(),
      tipo: z.string(),
      tamano: z.number().int(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/empresas/:id/suscripcion-vigente` → 200. */
export const getEmpresasByIdSuscripcionVigenteResponse = z.object({
  idSuscripcion: z.number().int(),
  idPlan: z.number().int(),
  planNombre: z.string(),
  idFormaPago: z.number().int(),
  formaPagoNombre: z.string(),
  idEmpresa: z.number().int(),
  empresaNombre: z.string(),
  idUsuario: z.number().int().nullable(),
  usuarioNombre: z.string().nullable(),
  numero: z.string(),
  estado: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `GET /api/v1/medicos` → 200. */
export const getMedicosResponse = z.object({
  items: z.array(
    z.object({
      idMedico: z.number().int(),
      idPersona: z.number().int(),
      idEspecialidad: z.number().int().nullable(),
      especialidadNombre: z.string().nullable(),
      documento: z.string(),
      personaDocumento: z.string(),
      personaNombre: z.string(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/personas` → 200. */
export const getPersonasResponse = z.object({
  items: z.array(
    z.object({
      idPersona: z.number().int(),
      idTipoIden: z.number().int().nullable(),
      tipoIdenNombre: z.string().nullable(),
      documento: z.string(),
      idEstadoCivil: z.number().int().nullable(),
      estadoCivilNombre: z.string().nullable(),
      fechaNac: fecha.nullable(),
      sexo: z.string().nullable(),
      telefono: z.string().nullable(),
      primerNombre: z.string(),
      segundoNombre: z.string().nullable(),
      primerApellido: z.string(),
      segundoApellido: z.string().nullable(),
      idLocalidad: z.number().int().nullable(),
      localidadNombre: z.string().nullable(),
      email: z.string().nullable(),
      direccion: z.string().nullable(),
      idEmpresa: z.number().int(),
      tipoPersona: z.string(),
      nombreCompleto: z.string(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/personas/:id` → 200. */
export const getPersonasByIdResponse = z.object({
  idPersona: z.number().int(),
  idTipoIden: z.number().int().nullable(),
  tipoIdenNombre: z.string().nullable(),
  documento: z.string(),
  idEstadoCivil: z.number().int().nullable(),
  estadoCivilNombre: z.string().nullable(),
  fechaNac: fecha.nullable(),
  sexo: z.string().nullable(),
  telefono: z.string().nullable(),
  primerNombre: z.string(),
  segundoNombre: z.string().nullable(),
  primerApellido: z.string(),
  segundoApellido: z.string().nullable(),
  idLocalidad: z.number().int().nullable(),
  localidadNombre: z.string().nullable(),
  email: z.string().nullable(),
  direccion: z.string().nullable(),
  idEmpresa: z.number().int(),
  tipoPersona: z.string(),
  nombreCompleto: z.string(),
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `GET /api/v1/registro/formas-pago` → 200. */
export const getRegistroFormasPagoResponse = z.object({
  items: z.array(
    z.object({
      idFormaPago: z.number().int(),
      nombre: z.string(),
    }),
  ),
});

/** `GET /api/v1/registro/planes` → 200. */
export const getRegistroPlanesResponse = z.object({
  items: z.array(
    z.object({
      idPlan: z.number().int(),
      nombre: z.string(),
      descripcion: z.string(),
      valor: decimal,
      duracionMeses: z.number().int(),
    }),
  ),
});

/** `GET /api/v1/registro/renovacion` → 200. */
export const getRegistroRenovacionResponse = z.object({
  // null when the company has no subscription in force (the platform operator's, an expired one).
  suscripcion: z
    .object({
      idSuscripcion: z.number().int(),
      idPlan: z.number().int(),
      planNombre: z.string(),
      idFormaPago: z.number().int(),
      formaPagoNombre: z.string(),
      idEmpresa: z.number().int(),
      empresaNombre: z.string(),
      idUsuario: z.number().int().nullable(),
      usuarioNombre: z.string().nullable(),
      numero: z.string(),
      estado: z.string(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    })
    .nullable(),
});

/** `GET /api/v1/suscpagos` → 200. */
export const getSuscpagosResponse = z.object({
  items: z.array(z.unknown()),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/suscripciones` → 200. */
export const getSuscripcionesResponse = z.object({
  items: z.array(
    z.object({
      idSuscripcion: z.number().int(),
      idPlan: z.number().int(),
      planNombre: z.string(),
      idFormaPago: z.number().int(),
      formaPagoNombre: z.string(),
      idEmpresa: z.number().int(),
      empresaNombre: z.string(),
      idUsuario: z.number().int().nullable(),
      usuarioNombre: z.string().nullable(),
      numero: z.string(),
      estado: z.string(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/suscripciones-aud/:id` → 200. */
export const getSuscripcionesAudByIdResponse = z.object({
  idSuscripcionAud: z.number().int(),
  idSuscripcion: z.number().int(),
  idPlan: z.number().int(),
  planNombre: z.string(),
  idFormaPago: z.number().int(),
  formaPagoNombre: z.string(),
  numero: z.string(),
  tipo: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  suscripcionFechaReg: instante,
  suscripcionNumero: z.string(),
  idEmpresa: z.number().int(),
  usuarioNombre: z.string().nullable(),
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `GET /api/v1/suscripciones/:id/auditoria` → 200. */
export const getSuscripcionesByIdAuditoriaResponse = z.object({
  items: z.array(
    z.object({
      idSuscripcionAud: z.number().int(),
      idSuscripcion: z.number().int(),
      idPlan: z.number().int(),
      planNombre: z.string(),
      idFormaPago: z.number().int(),
      formaPagoNombre: z.string(),
      numero: z.string(),
      tipo: z.string(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      suscripcionFechaReg: instante,
      suscripcionNumero: z.string(),
      idEmpresa: z.number().int(),
      usuarioNombre: z.string().nullable(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/tramites/:id/cargaamb` → 200. */
export const getTramitesByIdCargaambResponse = z.object({
  items: z.array(
    z.object({
      idCargaAmb: z.number().int(),
      idTramite: z.number().int(),
      idCarga: z.number().int().nullable(),
      numero: z.string(),
      nombrePaciente: z.string(),
      cedula: z.string(),
      tipo: z.string().nullable(),
      fecha: fecha.nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/tramites/:id/cargaamb/:idCargaAmb` → 200. */
export const getTramitesByIdCargaambByIdCargaAmbResponse = z.object({
  idCargaAmb: z.number().int(),
  idTramite: z.number().int(),
  idCarga: z.number().int().nullable(),
  numero: z.string(),
  nombrePaciente: z.string(),
  cedula: z.string(),
  tipo: z.string().nullable(),
  fecha: fecha.nullable(),
  codVal: z.unknown().nullable(),
  diag1: z.string().nullable(),
  diag2: z.string().nullable(),
  diag3: z.string().nullable(),
  diag4: z.string().nullable(),
  diag5: z.string().nullable(),
  motivo: z.string().nullable(),
  horaDesde: z.string().nullable(),
  horaHasta: z.string().nullable(),
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
  laboratorio01: z.string().nullable(),
  laboratorio02: z.string().nullable(),
  laboratorio03: z.string().nullable(),
  laboratorio04: z.string().nullable(),
  laboratorio05: z.string().nullable(),
  laboratorio06: z.string().nullable(),
  laboratorio07: z.string().nullable(),
  laboratorio08: z.string().nullable(),
  laboratorio09: z.string().nullable(),
  laboratorio10: z.string().nullable(),
  imagen01: z.string().nullable(),
  imagen02: z.string().nullable(),
  imagen03: z.string().nullable(),
  imagen04: z.string().nullable(),
  imagen05: z.string().nullable(),
  imagen06: z.string().nullable(),
  imagen07: z.string().nullable(),
  imagen08: z.string().nullable(),
  imagen09: z.string().nullable(),
  imagen10: z.string().nullable(),
});

/** `GET /api/v1/usuarios` → 200. */
export const getUsuariosResponse = z.object({
  items: z.array(
    z.object({
      idUsuario: z.number().int(),
      idEmpresa: z.number().int(),
      empresaNombre: z.string(),
      idPerfil: z.number().int(),
      perfilNombre: z.string(),
      idSuscripcion: z.number().int().nullable(),
      idPersona: z.number().int().nullable(),
      personaDocumento: z.string().nullable(),
      personaNombre: z.string().nullable(),
      nombre: z.string(),
      activo: z.boolean(),
      moduloAdministracion: z.boolean(),
      moduloAtencion: z.boolean(),
      moduloAuditoria: z.boolean(),
      moduloFacturacion: z.boolean(),
      moduloDashboards: z.boolean(),
      menuParametros: z.boolean(),
      menuProcesos: z.boolean(),
      menuReportes: z.boolean(),
      menuAyuda: z.boolean(),
      opcionConsulta: z.boolean(),
      opcionOperaciones: z.boolean(),
      opcionDescarga: z.boolean(),
      opcionMenu: z.boolean(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/usuarios/:id` → 200. */
export const getUsuariosByIdResponse = z.object({
  idUsuario: z.number().int(),
  idEmpresa: z.number().int(),
  empresaNombre: z.string(),
  idPerfil: z.number().int(),
  perfilNombre: z.string(),
  idSuscripcion: z.number().int().nullable(),
  idPersona: z.number().int().nullable(),
  personaDocumento: z.string().nullable(),
  personaNombre: z.string().nullable(),
  nombre: z.string(),
  activo: z.boolean(),
  moduloAdministracion: z.boolean(),
  moduloAtencion: z.boolean(),
  moduloAuditoria: z.boolean(),
  moduloFacturacion: z.boolean(),
  moduloDashboards: z.boolean(),
  menuParametros: z.boolean(),
  menuProcesos: z.boolean(),
  menuReportes: z.boolean(),
  menuAyuda: z.boolean(),
  opcionConsulta: z.boolean(),
  opcionOperaciones: z.boolean(),
  opcionDescarga: z.boolean(),
  opcionMenu: z.boolean(),
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `POST /api/v1/empresas/:id/imagenes` → 201. */
export const postEmpresasByIdImagenesResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idEmpresaImg: z.number().int(),
    idEmpresa: z.number().int(),
    nombre: z.string(),
    tipo: z.string(),
    tamano: z.number().int(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `POST /api/v1/medicos` → 201. */
export const postMedicosResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idMedico: z.number().int(),
    idPersona: z.number().int(),
    idEspecialidad: z.number().int().nullable(),
    especialidadNombre: z.string().nullable(),
    documento: z.string(),
    personaDocumento: z.string(),
    personaNombre: z.string(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `POST /api/v1/personas` → 201. */
export const postPersonasResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idPersona: z.number().int(),
    idTipoIden: z.number().int().nullable(),
    tipoIdenNombre: z.string().nullable(),
    documento: z.string(),
    idEstadoCivil: z.number().int().nullable(),
    estadoCivilNombre: z.string().nullable(),
    fechaNac: fecha.nullable(),
    sexo: z.string().nullable(),
    telefono: z.string().nullable(),
    primerNombre: z.string(),
    segundoNombre: z.string().nullable(),
    primerApellido: z.string(),
    segundoApellido: z.string().nullable(),
    idLocalidad: z.number().int().nullable(),
    localidadNombre: z.string().nullable(),
    email: z.string().nullable(),
    direccion: z.string().nullable(),
    idEmpresa: z.number().int(),
    tipoPersona: z.string(),
    nombreCompleto: z.string(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `POST /api/v1/registro` → 201. */
export const postRegistroResponse201 = z.object({
  mensaje: z.string(),
  idEmpresa: z.number().int(),
  idSuscripcion: z.number().int(),
  idUsuario: z.number().int(),
  usuario: z.string(),
  plan: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
});

/** `POST /api/v1/registro/renovacion` → 200. */
export const postRegistroRenovacionResponse = z.object({
  mensaje: z.string(),
  idSuscripcion: z.number().int(),
  plan: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
});

/** `POST /api/v1/suscpagos` → 201. */
export const postSuscpagosResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idSuscPago: z.number().int(),
    idSuscripcion: z.number().int(),
    idFactura: z.number().int(),
    estadoPago: z.string(),
    fechaDesde: fecha,
    fechaHasta: fecha,
    suscripcionFechaReg: instante,
    suscripcionNumero: z.string(),
    facturaFechaReg: instante,
    facturaNumero: z.string(),
    facturaTotal: decimal,
    idEmpresa: z.number().int(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `POST /api/v1/suscripciones` → 201. */
export const postSuscripcionesResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idSuscripcion: z.number().int(),
    idPlan: z.number().int(),
    planNombre: z.string(),
    idFormaPago: z.number().int(),
    formaPagoNombre: z.string(),
    idEmpresa: z.number().int(),
    empresaNombre: z.string(),
    idUsuario: z.number().int().nullable(),
    usuarioNombre: z.string().nullable(),
    numero: z.string(),
    estado: z.string(),
    fechaDesde: fecha,
    fechaHasta: fecha,
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `POST /api/v1/tramites/:id/cargaamb` → 201. */
export const postTramitesByIdCargaambResponse201 = z.object({
  mensaje: z.string(),
  registros: z.number().int(),
});

/** `POST /api/v1/usuarios` → 201. */
export const postUsuariosResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idUsuario: z.number().int(),
    idEmpresa: z.number().int(),
    empresaNombre: z.string(),
    idPerfil: z.number().int(),
    perfilNombre: z.string(),
    idSuscripcion: z.number().int().nullable(),
    idPersona: z.number().int().nullable(),
    personaDocumento: z.string().nullable(),
    personaNombre: z.string().nullable(),
    nombre: z.string(),
    activo: z.boolean(),
    moduloAdministracion: z.boolean(),
    moduloAtencion: z.boolean(),
    moduloAuditoria: z.boolean(),
    moduloFacturacion: z.boolean(),
    moduloDashboards: z.boolean(),
    menuParametros: z.boolean(),
    menuProcesos: z.boolean(),
    menuReportes: z.boolean(),
    menuAyuda: z.boolean(),
    opcionConsulta: z.boolean(),
    opcionOperaciones: z.boolean(),
    opcionDescarga: z.boolean(),
    opcionMenu: z.boolean(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `PUT /api/v1/personas/:id` → 200. */
export const putPersonasByIdResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idPersona: z.number().int(),
    idTipoIden: z.number().int().nullable(),
    tipoIdenNombre: z.string().nullable(),
    documento: z.string(),
    idEstadoCivil: z.number().int().nullable(),
    estadoCivilNombre: z.string().nullable(),
    fechaNac: fecha.nullable(),
    sexo: z.string().nullable(),
    telefono: z.string().nullable(),
    primerNombre: z.string(),
    segundoNombre: z.string().nullable(),
    primerApellido: z.string(),
    segundoApellido: z.string().nullable(),
    idLocalidad: z.number().int().nullable(),
    localidadNombre: z.string().nullable(),
    email: z.string().nullable(),
    direccion: z.string().nullable(),
    idEmpresa: z.number().int(),
    tipoPersona: z.string(),
    nombreCompleto: z.string(),
    fechaReg: instante,
    fechaAct: instante,
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int(),
  }),
});

/** `PUT /api/v1/suscripciones/:id` → 200. */
export const putSuscripcionesByIdResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idSuscripcion: z.number().int(),
    idPlan: z.number().int(),
    planNombre: z.string(),
    idFormaPago: z.number().int(),
    formaPagoNombre: z.string(),
    idEmpresa: z.number().int(),
    empresaNombre: z.string(),
    idUsuario: z.number().int().nullable(),
    usuarioNombre: z.string().nullable(),
    numero: z.string(),
    estado: z.string(),
    fechaDesde: fecha,
    fechaHasta: fecha,
    fechaReg: instante,
    fechaAct: instante,
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int(),
  }),
});

/** `PUT /api/v1/usuarios/:id` → 200. */
export const putUsuariosByIdResponse = z.object({
  mensaje: z.string(),
  item: z.object({
    idUsuario: z.number().int(),
    idEmpresa: z.number().int(),
    empresaNombre: z.string(),
    idPerfil: z.number().int(),
    perfilNombre: z.string(),
    idSuscripcion: z.number().int().nullable(),
    idPersona: z.number().int().nullable(),
    personaDocumento: z.string().nullable(),
    personaNombre: z.string().nullable(),
    nombre: z.string(),
    activo: z.boolean(),
    moduloAdministracion: z.boolean(),
    moduloAtencion: z.boolean(),
    moduloAuditoria: z.boolean(),
    moduloFacturacion: z.boolean(),
    moduloDashboards: z.boolean(),
    menuParametros: z.boolean(),
    menuProcesos: z.boolean(),
    menuReportes: z.boolean(),
    menuAyuda: z.boolean(),
    opcionConsulta: z.boolean(),
    opcionOperaciones: z.boolean(),
    opcionDescarga: z.boolean(),
    opcionMenu: z.boolean(),
    fechaReg: instante,
    fechaAct: instante,
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int(),
  }),
});
/** `GET /api/v1/aseguradores/:id/tarifa-detalle` → 200. */
export const getAseguradoresByIdTarifaDetalleResponse = z.object({
  items: z.array(z.unknown()),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/suscripciones/:id` → 200. */
export const getSuscripcionesByIdResponse = z.object({
  idSuscripcion: z.number().int(),
  idPlan: z.number().int(),
  planNombre: z.string(),
  idFormaPago: z.number().int(),
  formaPagoNombre: z.string(),
  idEmpresa: z.number().int(),
  empresaNombre: z.string(),
  idUsuario: z.number().int().nullable(),
  usuarioNombre: z.string().nullable(),
  numero: z.string(),
  estado: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `GET /api/v1/suscripciones/:id/facturas` → 200. */
export const getSuscripcionesByIdFacturasResponse = z.object({
  items: z.array(
    z.object({
      idFactura: z.number().int(),
      numero: z.string(),
      fecha,
      total: decimal,
      estado: z.string(),
      fechaReg: instante,
    }),
  ),
});

// Routes the tests reach without a body to learn from: the same rows as their siblings.
export const getMedicosByIdResponse = postMedicosResponse201.shape.item;
export const putMedicosByIdResponse = postMedicosResponse201;
export const getSuscpagosByIdResponse = getSuscpagosResponse.shape.items.element;
export const putSuscpagosByIdResponse = z.object({ mensaje: z.string(), item: getSuscpagosByIdResponse });
