import { INACTIVITY_MS } from '@app/domain/auth/token';
import { COLUMNAS_DATOS } from '@app/domain/cargas/columns';
import {
  EJEMPLOS_NOMBRE_DOCUMENTO,
  MAX_MB_DOCUMENTO,
  TIPOS_DOCUMENTO,
} from '@app/domain/herramientas/manual-datos';

/*
 * The written help of the product (guides, FAQ; the guided tours are in recorridos/). Figures that the code fixes
 * (columns, inactivity time, document rules) are read from the same constants the code uses.
 */

export type Paso = { titulo: string; texto: string };
export type Guia = { key: string; titulo: string; perfiles: readonly number[]; intro: string; pasos: Paso[] };

const MINUTOS_INACTIVIDAD = Math.round(INACTIVITY_MS / 60_000);
const NOMBRES_DOC = EJEMPLOS_NOMBRE_DOCUMENTO.join(', ');

export const GUIAS: readonly Guia[] = [
  {
    key: 'prestador',
    titulo: 'Prestador',
    perfiles: [15],
    intro: 'Cómo presentar las atenciones médicas de un período a la aseguradora.',
    pasos: [
      {
        titulo: 'Registrar el trámite',
        texto:
          'En Procesos › Carga de trámites pulse "Nuevo trámite". Elija el prestador y el servicio (Ambulatorio u Hospitalario), las fechas del período, la frecuencia de carga (mensual o semanal) y una descripción. El trámite queda REGISTRADO y puede editarse mientras esté en ese estado.',
      },
      {
        titulo: 'Cargar el archivo de datos',
        texto:
          'Abra el trámite y, en la pestaña "Datos y carga de archivos", use "Cargar Atenciones" (o "Cargar semana n" en trámites semanales). Elija la pestaña JSON, CSV plano o Excel/CSV y el archivo preparado según el Manual técnico del archivo de datos. El avance se muestra mientras se procesa.',
      },
      {
        titulo: 'Revisar errores y novedades',
        texto:
          'Al terminar verá el resumen: registros, errores y novedades. Revise cada error en Opciones › Errores de la carga. Si hay errores, use "Borrar Carga", corrija el archivo y cárguelo de nuevo; las novedades no impiden continuar.',
      },
      {
        titulo: 'Organizar las atenciones',
        texto:
          'Con la carga sin errores, pulse "Organizar Atenciones Médicas": las filas se agrupan por número de planilla en atenciones con su detalle. El trámite pasa a ESTRUCTURADO.',
      },
      {
        titulo: 'Adjuntar los documentos',
        texto: `Cargue la carpeta con los documentos de soporte. Cada archivo se nombra con el número de atención (${NOMBRES_DOC}); se aceptan ${TIPOS_DOCUMENTO.join(', ')} de hasta ${MAX_MB_DOCUMENTO} MB. El trámite pasa a DOCUMENTADO.`,
      },
      {
        titulo: 'Enviar el trámite',
        texto:
          'Pulse "Enviar trámite" y confirme. Si hay atenciones sin documentos, el sistema lo advierte antes de enviar. El trámite pasa a ENVIADO y la aseguradora puede recibirlo.',
      },
    ],
  },
  {
    key: 'supervisor-am',
    titulo: 'Supervisor de auditoría médica',
    perfiles: [16, 17],
    intro: 'Cómo recibir un trámite, repartir su auditoría médica y cerrarlo.',
    pasos: [
      {
        titulo: 'Recibir',
        texto:
          'En Procesos › Trámites abra un trámite ENVIADO. El sistema pregunta "El trámite no está recibido. ¿Desea recibirlo ahora?"; al aceptar pasa a RECIBIDO.',
      },
      {
        titulo: 'Asignar',
        texto:
          'Reparta las atenciones entre los auditores médicos (o use la asignación a todos con "Cambiar asignación"). La primera asignación pasa el trámite a EN PROCESO.',
      },
      {
        titulo: 'Revisar',
        texto:
          'Siga el avance en la pestaña "Atenciones médicas". Revise o corrija las atenciones que necesite, registre observaciones médicas y envíelas al prestador cuando corresponda (el trámite pasa a OBSERVACIONES hasta que responda).',
      },
      {
        titulo: 'Finalizar',
        texto:
          'Finalice las atenciones revisadas (una a una o todas las revisadas de una carga). Cuando todas estén FINALIZADA para auditoría médica y documental, use "Pasar a Planillaje" o "Finalizar Trámite".',
      },
    ],
  },
  {
    key: 'supervisor-gd',
    titulo: 'Supervisor de gestión documental',
    perfiles: [19],
    intro: 'Cómo organizar la revisión documental de un trámite.',
    pasos: [
      {
        titulo: 'Recibir e iniciar',
        texto:
          'En Procesos › Trámites abra el trámite RECIBIDO y pulse "En Proceso" (o asigne directamente: la primera asignación lo inicia).',
      },
      {
        titulo: 'Asignar',
        texto:
          'Reparta las atenciones entre los gestores documentales, o asígnelas a todos con "Cambiar asignación".',
      },
      {
        titulo: 'Revisar',
        texto:
          'Controle que cada atención tenga sus documentos (pestaña "Atenciones sin documentación") y registre observaciones documentales; envíelas al prestador cuando corresponda.',
      },
      {
        titulo: 'Finalizar',
        texto:
          'Finalice las atenciones revisadas. El trámite se finaliza cuando todas sus atenciones están FINALIZADA para las dos revisiones.',
      },
    ],
  },
  {
    key: 'auditor',
    titulo: 'Auditor y gestor documental',
    perfiles: [18, 20],
    intro: 'Cómo revisar las atenciones asignadas sin soltar el teclado.',
    pasos: [
      {
        titulo: 'Abrir el trabajo asignado',
        texto:
          'En Procesos › Trámites Asignados, muévase con Tab hasta la fila del trámite y pulse Enter para abrirla (igual que doble clic).',
      },
      {
        titulo: 'Filtrar las pendientes',
        texto:
          'En la pestaña "Atenciones médicas" filtre por estado PENDIENTE; los filtros de texto se aplican con Enter y quedan en la dirección de la página.',
      },
      {
        titulo: 'Revisar la atención',
        texto:
          'La atención muestra sus datos y líneas a la izquierda y sus documentos a la derecha, sin abrir otra ventana. Los atajos de teclado para siguiente, anterior, registrar revisión y abrir documentos se indican en la ayuda emergente de cada botón.',
      },
      {
        titulo: 'Registrar y continuar',
        texto:
          'Registre la revisión (la atención pasa a REVISADA) o una observación, y pase a la siguiente pendiente. En los diálogos, Enter confirma y Esc cancela.',
      },
    ],
  },
];

/** The guide shown first for a profile (the provider's for anyone else). */
export const guiaDePerfil = (idPerfil: number | undefined) =>
  GUIAS.find((g) => idPerfil !== undefined && g.perfiles.includes(idPerfil)) ?? GUIAS[0];

export type Pregunta = { key: string; pregunta: string; respuesta: string };

export const PREGUNTAS: readonly Pregunta[] = [
  {
    key: 'formatos',
    pregunta: '¿En qué formatos puedo cargar el archivo de datos?',
    respuesta:
      'JSON (un arreglo de filas o un objeto con la propiedad "filas"), CSV separado por punto y coma o por coma (UTF-8, con o sin BOM) y Excel .xlsx (primera hoja, con la fila de encabezados). El Manual técnico del archivo de datos tiene ejemplos descargables de cada formato.',
  },
  {
    key: 'columnas',
    pregunta: '¿Qué columnas debe tener el archivo?',
    respuesta: `Una fila por línea de detalle con estas ${COLUMNAS_DATOS.length} columnas: ${COLUMNAS_DATOS.join(', ')}. Las filas con el mismo noPlanilla forman una atención. El manual técnico explica el significado y la regla de cada una.`,
  },
  {
    key: 'fechas',
    pregunta: '¿Qué formato de fecha se acepta?',
    respuesta:
      'AAAA-MM-DD (2026-03-05) o dd/MM/aaaa (05/03/2026). En Excel también se aceptan celdas con formato de fecha. Las fechas de ingreso y salida deben estar dentro del período de la carga.',
  },
  {
    key: 'error-novedad',
    pregunta: '¿Cuál es la diferencia entre un error y una novedad?',
    respuesta:
      'Un error es una fila que no cumple una regla (por ejemplo, un código CIE-10 o de servicio que no existe): la carga no se puede organizar hasta corregirlo. Una novedad es una advertencia (por ejemplo, un dígito verificador de cédula incorrecto o un valor distinto del tarifario): se informa para revisión pero no bloquea.',
  },
  {
    key: 'corregir',
    pregunta: 'Mi carga tiene errores, ¿qué hago?',
    respuesta:
      'Revise los errores en Opciones › Errores de la carga (cada uno indica fila, columna y motivo). Puede descargar las filas con errores desde "Datos del archivo". Luego use "Borrar Carga", corrija el archivo y vuelva a cargarlo.',
  },
  {
    key: 'nombres',
    pregunta: '¿Cómo deben llamarse los documentos de cada atención?',
    respuesta: `Con el número de la atención al inicio del nombre, seguido opcionalmente de un sufijo con guion bajo o guion: ${NOMBRES_DOC} pertenecen a la atención 123. Se aceptan ${TIPOS_DOCUMENTO.join(', ')} de hasta ${MAX_MB_DOCUMENTO} MB; los archivos vacíos se omiten.`,
  },
  {
    key: 'no-encontrada',
    pregunta: '¿Por qué un documento aparece como "planilla no encontrada"?',
    respuesta:
      'Porque su nombre no empieza con el número de una atención del trámite. Verifique el número (por ejemplo, 123.pdf para la atención 123) y vuelva a cargar ese archivo.',
  },
  {
    key: 'olvido',
    pregunta: 'Olvidé mi contraseña, ¿cómo la recupero?',
    respuesta:
      'En la página de inicio de sesión pulse "¿Olvidó su contraseña?" e ingrese su usuario. Si existe, recibirá en su correo un enlace para definir una contraseña nueva; el enlace vence en 1 hora y sirve una sola vez.',
  },
  {
    key: 'cambio-clave',
    pregunta: '¿Cómo cambio mi contraseña?',
    respuesta:
      'Abra el menú de usuario (su nombre, arriba a la derecha) › Cambio de Clave. Ingrese la contraseña actual, la nueva y su confirmación.',
  },
  {
    key: '2fa',
    pregunta: '¿Cómo activo la autenticación en dos pasos?',
    respuesta:
      'Menú de usuario › Autenticación en dos pasos › "Generar código QR". Escanee el código con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator u otra) e ingrese el código de 6 dígitos para confirmar. Desde entonces, al iniciar sesión se pide ese código además de la contraseña.',
  },
  {
    key: 'inactividad',
    pregunta: '¿Por qué se cerró mi sesión?',
    respuesta: `Por seguridad, después de ${MINUTOS_INACTIVIDAD} minutos sin actividad (sin mover el ratón, hacer clic, desplazarse ni usar el teclado) aparece el aviso "Inactividad detectada" y se vuelve al inicio de sesión. La sesión también termina cuando vence su tiempo máximo.`,
  },
  {
    key: 'estados',
    pregunta: '¿Qué significan los estados del trámite?',
    respuesta:
      'REGISTRADO (creado), CARGADO (con archivo de datos sin errores), ESTRUCTURADO (atenciones organizadas), DOCUMENTADO (con documentos), ENVIADO (presentado a la aseguradora), RECIBIDO, EN PROCESO (en auditoría), OBSERVACIONES (esperando respuestas del prestador), PLANILLAJE (en liquidación) y FINALIZADO.',
  },
  {
    key: 'semanal',
    pregunta: '¿Puedo cargar un trámite en varias partes?',
    respuesta:
      'Sí, con la frecuencia semanal: cada semana del período se carga por separado con "Cargar semana n". En un trámite mensual la carga se hace mientras está REGISTRADO o CARGADO.',
  },
  {
    key: 'recorridos',
    pregunta: '¿Cómo vuelvo a ver el recorrido guiado?',
    respuesta:
      'En el menú lateral, Ayuda › Recorridos guiados: cada recorrido le lleva por las pantallas reales de su perfil y le señala dónde está cada cosa, sin cambiar ningún dato. El sistema se lo ofrece una sola vez, en su primer ingreso.',
  },
  {
    key: 'cobertura',
    pregunta: '¿Para qué sirve la Consulta de Cobertura?',
    respuesta:
      'Muestra cuántas atenciones tiene un paciente (por su cédula) y la fecha de la última, dentro de lo que su usuario puede ver: los trámites de su empresa si es prestador, o los de su suscripción si es personal de la aseguradora. Está en el menú de usuario, con el Vademécum, la Calculadora y las herramientas de IMC.',
  },
];
