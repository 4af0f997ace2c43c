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
 * The stable `code` of the API's general error answers (`{ error: { code, message } }`, docs/design-summary.md §3),
 * beside their Spanish messages above. Feature-specific codes (ESTADO_INVALIDO, VERSION, ...) are
 * still written where they are thrown.
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
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];
