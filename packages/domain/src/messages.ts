/**
 * Every user-facing Spanish text with a stable code. The API answers with these and the web shows
 * them; texts quoted by the spec are kept verbatim.
 */
export const MSG = {
  // generic
  idInvalido: 'El identificador debe ser un número entero positivo.',
  correcto: '¡Correcto!',
  error: '¡Error!',
  intentelo: 'Inténtelo de nuevo.',
  registroCreado: '¡Registro creado exitosamente!',
  registroActualizado: '¡Registro actualizado exitosamente!',
  registroEliminado: '¡Registro eliminado exitosamente!',
  noSePudoEliminar: 'No se pudo eliminar',
  enUso: 'No se pudo eliminar: el registro está siendo utilizado por otros datos.',
  duplicado: 'Ya existe un registro con esos datos.',
  noAutorizado: 'No autorizado',
  noAutorizado403: 'No autorizado (403)',
  noEncontrado: 'Recurso no encontrado',
  noEncontrado404: 'Recurso no encontrado (404)',
  datosInvalidos: 'Solicitud incorrecta: Verifique los datos enviados.',
  errorPeticion: 'Error en la petición',
  errorRed: 'Error de red o el servidor no responde.',
  errorInterno: 'Ocurrió un error inesperado. Inténtelo de nuevo más tarde.',
  baseNoDisponible:
    'El servicio no está disponible por un momento (se perdió la conexión con la base de datos). Inténtelo de nuevo en unos segundos.',
  almacenamientoNoDisponible:
    'El almacenamiento de archivos no está disponible por un momento; no se guardó ningún archivo. Inténtelo de nuevo en unos minutos.',
  sinDatos: 'No se encontraron datos con los criterios proporcionados.',
  listaVacia: 'No hay registros para mostrar.',
  campoRequerido: (campo: string) => `El campo ${campo} es obligatorio.`,
  demasiadasSolicitudes: 'Demasiados intentos. Espere unos minutos antes de volver a intentarlo.',
  // session
  credencialesInvalidas: 'Usuario o contraseña incorrectos',
  usuarioInactivo: 'El usuario está inactivo. Comuníquese con el administrador.',
  sesionExpirada: 'Su sesión ha expirado. Ingrese nuevamente.',
  sesionRequerida: 'Debe iniciar sesión para continuar.',
  codigo2faRequerido: 'Ingrese el código de 6 dígitos de su aplicación de autenticación.',
  codigo2faInvalido: 'El código de verificación no es válido.',
  codigo2faUsado: 'Ese código ya fue utilizado. Espere el siguiente código de su aplicación.',
  codigo2faOClaveRequerido:
    'Para cambiar o desactivar la autenticación en dos pasos ingrese el código actual de su aplicación o su contraseña.',
  dosFactoresDesactivado: 'Autenticación en dos pasos desactivada.',
  /** Per-account login delay (decision 33): also shown when the password is right. */
  cuentaEnEspera: (segundos: number) =>
    `Demasiados intentos fallidos para este usuario. Espere ${
      segundos < 60
        ? `${segundos} segundos`
        : `${Math.ceil(segundos / 60)} ${Math.ceil(segundos / 60) === 1 ? 'minuto' : 'minutos'}`
    } antes de volver a intentarlo.`,
  tokenSoloIntegracion:
    'Los tokens de API solo sirven para la API de integración (/api/v1/cargatramites y /api/v1/sandbox). Inicie sesión para usar el resto.',
  inactividadTitulo: 'Inactividad detectada',
  inactividadTexto: 'Se ha detectado inactividad. Serás redirigido a la página de inicio de sesión.',
  consejoError: 'No se pudo cargar el consejo.',
  // password
  claveActualRequerida: 'Ingrese la contraseña actual',
  claveNuevaRequerida: 'Ingrese la nueva contraseña',
  claveConfirmacionRequerida: 'Ingrese la confirmación de la contraseña',
  clavesNoCoinciden: 'Las contraseñas no coinciden',
  claveMuyCorta: 'La nueva contraseña debe tener al menos 8 caracteres',
  claveActualIncorrecta: 'La contraseña actual no es correcta',
  claveActualizada: 'Contraseña actualizada con éxito',
  claveErrorActualizar: 'Error al actualizar la contraseña',
  claveIgualActual: 'La nueva contraseña debe ser distinta de la actual',
  olvidoEnviado:
    'Si el usuario existe, enviamos a su correo un enlace para restablecer la contraseña. El enlace vence en 1 hora.',
  enlaceInvalido: 'El enlace no es válido, ya fue utilizado o ha vencido. Solicite uno nuevo.',
  dosFactoresActivado: 'Autenticación en dos pasos activada.',
  // registration e-mail (docs/spec-summary.md 001 §5)
  correoRequerido: 'Por favor ingrese su dirección de correo en el formato indicado.',
  correoInvalido: 'Dirección de correo electrónico inválida.',
  correoRegistrado: (email: string) =>
    `La dirección de correo electrónico ${email} ya se encuentra registrada.`,
  // files
  archivoNoSeleccionado: 'No se ha seleccionado ningún archivo para cargar.',
  archivoMuyGrande: 'El archivo excede el tamaño máximo permitido.',
  archivoTipoInvalido: 'Solicitud incorrecta: el tipo de archivo no está permitido.',
} as const;

export type MessageKey = keyof typeof MSG;

/**
 * Every stable `code` the API answers in its error envelope (`{ error: { code, message } }`,
 * docs/design-summary.md §3), declared once beside the messages: `AppError` and `conflict()` take an
 * `ErrorCode`, the envelope's schema is their enum (so the OpenAPI document lists them for
 * integrators) and the web compares against these constants. A code that is not here does not compile.
 */
export const ERROR_CODE = {
  datosInvalidos: 'DATOS_INVALIDOS',
  noAutenticado: 'NO_AUTENTICADO',
  noAutorizado: 'NO_AUTORIZADO',
  noEncontrado: 'NO_ENCONTRADO',
  conflicto: 'CONFLICTO',
  enUso: 'EN_USO',
  duplicado: 'DUPLICADO',
  valorNoAdmitido: 'VALOR_NO_ADMITIDO',
  tipoNoPermitido: 'TIPO_NO_PERMITIDO',
  archivoMuyGrande: 'ARCHIVO_MUY_GRANDE',
  archivoConErrores: 'ARCHIVO_CON_ERRORES',
  demasiadasSolicitudes: 'DEMASIADAS_SOLICITUDES',
  solicitudIncorrecta: 'SOLICITUD_INCORRECTA',
  errorInterno: 'ERROR_INTERNO',
  // The features' own refusals (each thrown by its feature's rule, with its message in that feature's messages).
  almacenamientoNoDisponible: 'ALMACENAMIENTO_NO_DISPONIBLE',
  archivoDuplicado: 'ARCHIVO_DUPLICADO',
  archivoNoDisponible: 'ARCHIVO_NO_DISPONIBLE',
  autorizacionNoAprobada: 'AUTORIZACION_NO_APROBADA',
  baseNoDisponible: 'BASE_NO_DISPONIBLE',
  cargasSinOrganizar: 'CARGAS_SIN_ORGANIZAR',
  codigo2faInvalido: 'CODIGO_2FA_INVALIDO',
  codigo2faRequerido: 'CODIGO_2FA_REQUERIDO',
  credencialesInvalidas: 'CREDENCIALES_INVALIDAS',
  demasiadosArchivos: 'DEMASIADOS_ARCHIVOS',
  detalleInactivo: 'DETALLE_INACTIVO',
  diagnosticoNoEncontrado: 'DIAGNOSTICO_NO_ENCONTRADO',
  enlaceInvalido: 'ENLACE_INVALIDO',
  estadoCambio: 'ESTADO_CAMBIO',
  estadoInvalido: 'ESTADO_INVALIDO',
  estadoNoPermitido: 'ESTADO_NO_PERMITIDO',
  estadoRevision: 'ESTADO_REVISION',
  glosaSinObservacion: 'GLOSA_SIN_OBSERVACION',
  idempotenciaDistinta: 'IDEMPOTENCIA_DISTINTA',
  idempotenciaEnCurso: 'IDEMPOTENCIA_EN_CURSO',
  idempotenciaInvalida: 'IDEMPOTENCIA_INVALIDA',
  noLabImagen: 'NO_LAB_IMAGEN',
  observacionesPendientes: 'OBSERVACIONES_PENDIENTES',
  organizacionFallida: 'ORGANIZACION_FALLIDA',
  perfilNoAutorizado: 'PERFIL_NO_AUTORIZADO',
  perfilNoPermitido: 'PERFIL_NO_PERMITIDO',
  planillasNoFinalizadas: 'PLANILLAS_NO_FINALIZADAS',
  planillaAnulada: 'PLANILLA_ANULADA',
  plantillaAsignada: 'PLANTILLA_ASIGNADA',
  procesoInactivo: 'PROCESO_INACTIVO',
  reporteFallido: 'REPORTE_FALLIDO',
  respuestaEnviada: 'RESPUESTA_ENVIADA',
  sinArchivos: 'SIN_ARCHIVOS',
  sinDatos: 'SIN_DATOS',
  sinEquivalencia: 'SIN_EQUIVALENCIA',
  sinExceso: 'SIN_EXCESO',
  sinObservaciones: 'SIN_OBSERVACIONES',
  sinPendientes: 'SIN_PENDIENTES',
  sinPlantilla: 'SIN_PLANTILLA',
  sinPrestador: 'SIN_PRESTADOR',
  sinRespuesta: 'SIN_RESPUESTA',
  sinRevisadas: 'SIN_REVISADAS',
  sinSemanas: 'SIN_SEMANAS',
  sinSuscripcion: 'SIN_SUSCRIPCION',
  sinSuscripcionVigente: 'SIN_SUSCRIPCION_VIGENTE',
  sinTarifa: 'SIN_TARIFA',
  solicitudPendiente: 'SOLICITUD_PENDIENTE',
  tipoDistinto: 'TIPO_DISTINTO',
  tokenFueraDeAlcance: 'TOKEN_FUERA_DE_ALCANCE',
  usuarioEnEspera: 'USUARIO_EN_ESPERA',
  usuarioInactivo: 'USUARIO_INACTIVO',
  version: 'VERSION',
  yaEnviada: 'YA_ENVIADA',
  zipFallido: 'ZIP_FALLIDO',
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];
