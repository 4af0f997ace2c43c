import { formatCount } from '../common/format.ts';

/** Texts of the integration API (registro-datos / registro-completo) and its sandbox (docs/spec-summary.md 000 §5, §8). */
export const MSG_INTEGRACION = {
  // docs/spec-summary.md 000 §8 'Sandbox', verbatim
  cargaExitosa: 'Carga exitosa',
  cargaCompletaExitosa: 'Carga completa exitosa',
  errorCarga: 'Error al cargar los datos',
  errorCargaRespaldos: 'Error al cargar los datos y respaldos',
  errorComunicacion: 'Error de comunicación con el servidor. Intente más tarde.',
  // docs/spec-summary.md 000 §5 'Sandbox', verbatim
  sinArchivoDatos: 'Debe adjuntar un archivo de datos para continuar.',
  solicitudIncorrecta: 'Solicitud incorrecta: Verifique los datos enviados.',
  // details (in `fields`)
  soloJson: 'El archivo de datos debe ser un archivo .json.',
  contenidoNoJson: 'El contenido del archivo de datos no es JSON.',
  archivoVacio: 'El archivo de datos está vacío.',
  sinRespaldos: 'Debe adjuntar al menos un archivo de respaldo (PDF, JPEG o PNG).',
  respaldoNoPermitido: (nombre: string) =>
    `Archivo no permitido: "${nombre}" no es un PDF, JPEG ni PNG o está vacío.`,
  respaldoMuyGrande: (nombre: string, maxMb: number) =>
    `Archivo no permitido: "${nombre}" supera el tamaño máximo de ${maxMb} MB.`,
  demasiadosRespaldos: (max: number) => `Se permiten como máximo ${formatCount(max)} archivos de respaldo.`,
  idUsuarioDistinto: 'El idUsuario no corresponde al usuario del token con el que se llama.',
  prestadorRequerido: 'Su empresa tiene varios prestadores: indique idPrestador.',
  prestadorInvalido: 'El prestador no pertenece a su empresa.',
  sinPrestador: 'Su empresa no tiene un prestador registrado.',
  servicioInvalido: 'El servicio no existe (1 Ambulatorio, 2 Hospitalario).',
  servicioDistinto: 'El servicio no corresponde al trámite de la autorización.',
  sinSuscripcion: 'Su usuario no está asociado a una suscripción vigente.',
  descripcionPorDefecto: (desde: string, hasta: string) =>
    `CARGA POR API DE INTEGRACIÓN ${desde} AL ${hasta}`,
  soloPrestador: 'La API de integración es para usuarios prestadores (perfil 15).',
  sandboxVaciado: (n: number) =>
    `Se eliminaron ${formatCount(n) || '0'} trámites de prueba del entorno sandbox.`,
  logVacio: 'No hay llamadas registradas del entorno de pruebas (sandbox).',
  tramitesSandboxVacio: 'Aún no hay trámites de prueba en el sandbox.',
  vigenciaInvalida: 'La vigencia del token debe ser de 1 a 365 días.',
  tokenCreado: 'Token creado. Cópielo ahora: no se volverá a mostrar.',
} as const;
