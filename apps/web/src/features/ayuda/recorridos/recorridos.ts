import { PERFIL } from '@app/domain/auth/profiles';
import { INACTIVITY_MS } from '@app/domain/auth/token';
import type { Recorrido } from '@app/domain/herramientas/preferencias';
import { ATAJOS } from '../../planilla-form/planilla-rules.ts';
import type { Destinos } from './destinos.ts';

/*
 * The guided tours (issue 14 §4, decision 58): a step-by-step overlay on the real screens. Each step may go to a
 * route (fixed, or found among the user's own records: a procedure, an attention) and points at an element of
 * that screen, marked with a stable `data-tour="…"` attribute; further selectors are fallbacks (an element's
 * accessible name), and when none shows the step is shown centred, its text still saying where to look.
 * recorridos.test.ts checks every `data-tour` named here exists in the web's source.
 */

/** Module of the session a step needs (its side menu): 1 administration, 5 audit. */
type Modulo = 1 | 5;

export type Paso = {
  titulo: string;
  /** The text; a function when it depends on the profile. */
  texto: string | ((idPerfil: number) => string);
  /** Where the step is shown: a route, or one found among the user's records (null: stay where the user is). */
  ruta?: string | ((d: Destinos) => Promise<string | null>);
  modulo?: Modulo;
  /** Elements to point at, in order of preference: the first one visible (a function when it depends on the profile). */
  objetivo?: readonly string[] | ((idPerfil: number) => readonly string[]);
  /** Only for these profiles (all the tour's profiles when left out). */
  perfiles?: readonly number[];
};

export type RecorridoDef = {
  key: Recorrido;
  titulo: string;
  descripcion: string;
  /** Who may walk it (it goes through their screens). */
  perfiles: readonly number[];
  pasos: readonly Paso[];
};

/** `[data-tour="…"]`: the stable mark of a tour's target. */
export const tour = (nombre: string) => `[data-tour="${nombre}"]`;

const TODOS: readonly number[] = [1, 15, 16, 17, 18, 19, 20];
const AUDITORIA: readonly number[] = [16, 17, 18, 19, 20];
const SUPERVISION: readonly number[] = [16, 17, 19];
const OPERATIVOS: readonly number[] = [PERFIL.AUDITOR_AM, PERFIL.GESTOR_GD];

const MENU_LATERAL = 'nav[aria-label="Menú lateral"]';
const MENU_AYUDA = `${MENU_LATERAL} [data-menu-id$="seccion:ayuda"]`;
const TABLA_DE_LA_PAGINA = '.ant-layout-content .ant-table-wrapper';
const MINUTOS_INACTIVIDAD = Math.round(INACTIVITY_MS / 60_000);

const atajos = () =>
  ATAJOS.map((a) => `${a.teclas}: ${a.descripcion.charAt(0).toLowerCase()}${a.descripcion.slice(1)}`).join(
    '; ',
  );

/** Reviews of the gestión documental side (19, 20) say GD; the rest AM. */
const tabObservaciones = (idPerfil: number) =>
  idPerfil === PERFIL.SUPERVISOR_GD || idPerfil === PERFIL.GESTOR_GD ? 'obs-gd' : 'obs-am';

const ayudaFinal = (recorrido: string): Paso => ({
  titulo: 'La ayuda, siempre a mano',
  texto: `En el menú lateral, Ayuda › Recorridos guiados repite ${recorrido} cuando quiera; allí están también las guías de inicio rápido, las preguntas frecuentes y el manual del archivo de datos.`,
  modulo: 5,
  objetivo: [MENU_AYUDA, MENU_LATERAL],
});

export const RECORRIDOS_DEF: Readonly<Record<Recorrido, RecorridoDef>> = {
  general: {
    key: 'general',
    titulo: 'Conozca la aplicación',
    descripcion: 'El menú principal, el menú lateral, su usuario con las herramientas, y la ayuda.',
    perfiles: TODOS,
    pasos: [
      {
        titulo: 'Menú principal',
        texto:
          'Elija aquí el módulo con el que trabajará: Auditoría Médica (trámites, cargas y su revisión) o Administración (usuarios, empresas y catálogos), según su perfil.',
        ruta: '/MenuPrincipal',
        objetivo: [tour('modulo-auditoria'), tour('modulo-administracion')],
      },
      {
        titulo: 'Menú lateral',
        texto:
          'Inicio y las secciones del módulo: Procesos, Reportes, Parámetros y Ayuda. Al abrir una sección se cierran las demás; el botón de la barra superior oculta o muestra el menú.',
        objetivo: [MENU_LATERAL],
      },
      {
        titulo: 'Su usuario y las herramientas',
        texto: `Aquí están el cambio de clave, la autenticación en dos pasos, las herramientas (Consulta de cobertura, Vademécum, Calculadora, IMC) y Cerrar sesión. Tras ${MINUTOS_INACTIVIDAD} minutos sin actividad la sesión se cierra sola.`,
        objetivo: [tour('usuario-opciones')],
      },
      {
        titulo: 'Recorridos guiados',
        texto:
          'Esta página reúne los recorridos de su perfil: puede repetirlos cuando quiera. Está en el menú lateral, Ayuda › Recorridos guiados.',
        ruta: '/recorridos',
        objetivo: [tour('recorridos-lista')],
      },
    ],
  },

  prestador: {
    key: 'prestador',
    titulo: 'Cargar y enviar un trámite',
    descripcion:
      'Sus trámites, un trámite nuevo, la carga del archivo de datos, los documentos y el envío a la aseguradora.',
    perfiles: [PERFIL.PRESTADOR],
    pasos: [
      {
        titulo: 'Sus trámites',
        texto:
          'Cada trámite agrupa las atenciones de un período y un servicio. Filtre por estado, servicio, número o fechas; el número o un doble clic abre el trámite.',
        ruta: '/tramite-carga',
        modulo: 5,
        objetivo: [tour('tramites-lista'), '[aria-label="Carga de trámites"]'],
      },
      {
        titulo: 'Nuevo trámite',
        texto:
          'Registre el servicio, las fechas del período, la frecuencia de carga (mensual o semanal) y una descripción. El trámite queda REGISTRADO; puede corregirlo mientras esté en ese estado.',
        ruta: '/tramite-carga',
        objetivo: [tour('tramite-nuevo')],
      },
      {
        titulo: 'Un trámite por dentro',
        texto:
          'La pestaña "Datos y carga de archivos" reúne las cargas del trámite. Cuando las atenciones estén organizadas aparecerán "Atenciones médicas" y "Atenciones sin documentación".',
        ruta: (d) => d.rutaTramite('carga'),
        objetivo: [`${tour('tramite-pestanas')} .ant-tabs-nav`, tour('tramite-pestanas')],
      },
      {
        titulo: 'Cargar el archivo de datos',
        texto:
          '"Cargar Atenciones" (o "Cargar semana n" en los trámites semanales) recibe el archivo JSON, CSV o Excel preparado según el manual técnico; el formato se reconoce solo. Cada fila se valida y usted ve sus errores y novedades.',
        ruta: (d) => d.rutaTramite('carga'),
        objetivo: [tour('carga-subir'), '[aria-label="Cargas del trámite"]'],
      },
      {
        titulo: 'Las cargas y sus documentos',
        texto:
          'Cada carga tiene su menú Opciones: resumen, errores, novedades y "Organizar Atenciones Médicas". Ya organizada, "Carga de archivos" sube la carpeta de documentos: cada archivo lleva el número de su atención.',
        ruta: (d) => d.rutaTramite('carga'),
        objetivo: ['[aria-label="Cargas del trámite"]'],
      },
      {
        titulo: 'Enviar el trámite',
        texto:
          'Con las atenciones documentadas (estado DOCUMENTADO) aparece en la cabecera "Enviar trámite". Enviado, el trámite pasa a la aseguradora y ya no puede modificarse.',
        ruta: (d) => d.rutaTramite('carga'),
        objetivo: [tour('pagina-acciones'), tour('tramite-ayuda')],
      },
      {
        titulo: '¿Y ahora qué?',
        texto:
          'El ícono de ayuda junto al estado explica qué significa el estado del trámite y qué le toca hacer a usted en él.',
        ruta: (d) => d.rutaTramite('carga'),
        objetivo: [tour('tramite-ayuda')],
      },
      ayudaFinal('este recorrido'),
    ],
  },

  auditoria: {
    key: 'auditoria',
    titulo: 'Revisar atenciones',
    descripcion:
      'Las listas de trámites, un trámite y sus atenciones, la barra de revisión con sus atajos de teclado y las observaciones.',
    perfiles: AUDITORIA,
    pasos: [
      {
        titulo: 'Sus trámites',
        texto: (p) =>
          OPERATIVOS.includes(p)
            ? 'Trámites Asignados: los trámites con atenciones asignadas a usted; "Por revisar" cuenta las que le quedan. Un doble clic abre el trámite.'
            : 'Trámites: lo que los prestadores enviaron a la aseguradora. Trámites Asignados y Trámites Procesados están en el menú Procesos. Un doble clic abre el trámite.',
        ruta: (d) => Promise.resolve(OPERATIVOS.includes(d.idPerfil) ? '/tramite-asignados' : '/tramite'),
        modulo: 5,
        objetivo: [tour('tramites-lista'), TABLA_DE_LA_PAGINA],
      },
      {
        titulo: 'Un trámite por dentro',
        texto: (p) =>
          OPERATIVOS.includes(p)
            ? 'Las pestañas muestran los datos y cargas del trámite, sus atenciones médicas y las que no tienen documentación.'
            : 'Al abrir un trámite ENVIADO el sistema pregunta si desea recibirlo. Las pestañas de asignación reparten las atenciones entre auditores y gestores; Novedades y Controles ayudan a priorizar.',
        ruta: (d) => d.rutaTramite('atenciones'),
        objetivo: [`${tour('tramite-pestanas')} .ant-tabs-nav`, tour('tramite-pestanas')],
      },
      {
        titulo: 'Atenciones médicas',
        texto:
          'Elija la vista (por ejemplo, las pendientes) o filtre, y abra una atención con doble clic: se abre su ficha de revisión.',
        ruta: (d) => d.rutaTramite('atenciones'),
        objetivo: ['[aria-label="Atenciones médicas"]', '[aria-label="Vista de atenciones"]'],
      },
      {
        titulo: 'La barra de revisión',
        texto:
          'El estado de la atención en auditoría médica (AM) y gestión documental (GD), su PDF, "Anterior / Siguiente pendiente" y "Registrar revisión", que pasa a la siguiente pendiente.',
        ruta: (d) => d.rutaAtencion(),
        objetivo: [tour('revision-barra'), '[role="toolbar"][aria-label="Revisión"]'],
      },
      {
        titulo: 'Atajos de teclado',
        texto: () => `Este ícono los recuerda. ${atajos()}.`,
        ruta: (d) => d.rutaAtencion(),
        objetivo: [tour('revision-atajos'), 'button[aria-label="Atajos de teclado"]'],
      },
      {
        titulo: 'Documentos al lado',
        texto:
          'Los documentos de la atención se ven a la derecha, junto a sus datos y su detalle: no hace falta abrir otra ventana para compararlos.',
        ruta: (d) => d.rutaAtencion(),
        objetivo: [tour('planilla-documentos'), '#pf-documentos'],
      },
      {
        titulo: 'Observaciones',
        texto:
          'Registre aquí las observaciones de la atención o de una línea de su detalle. El supervisor las envía al prestador, que las responde en el sistema.',
        ruta: (d) => d.rutaAtencion(),
        objetivo: (p) => [`[role="tab"][id$="-tab-${tabObservaciones(p)}"]`, tour('revision-barra')],
      },
      {
        titulo: 'Enviar las observaciones y cerrar',
        texto:
          'Desde la cabecera del trámite el supervisor envía las observaciones al prestador, lleva el trámite a planillaje y lo finaliza cuando la auditoría termina.',
        ruta: (d) => d.rutaTramite('atenciones'),
        perfiles: SUPERVISION,
        objetivo: [tour('pagina-acciones'), tour('tramite-ayuda')],
      },
      ayudaFinal('este recorrido'),
    ],
  },

  administracion: {
    key: 'administracion',
    titulo: 'Administrar la suscripción',
    descripcion: 'El módulo de administración: usuarios, empresas, catálogos y sesiones.',
    perfiles: [PERFIL.ADMINISTRADOR],
    pasos: [
      {
        titulo: 'Módulo de administración',
        texto:
          'Usuarios, empresas, suscripciones y catálogos. Al entrar, el menú lateral muestra las secciones de administración.',
        ruta: '/MenuPrincipal',
        objetivo: [tour('modulo-administracion')],
      },
      {
        titulo: 'Menú de administración',
        texto:
          'Procesos: empresas, usuarios, personas, médicos, suscripciones, aseguradores y prestadores. Reportes: sesiones y accesos. Parámetros: los catálogos.',
        ruta: '/usuario',
        modulo: 1,
        objetivo: [MENU_LATERAL],
      },
      {
        titulo: 'Usuarios',
        texto:
          'Cada usuario tiene un perfil (prestador, revisor, supervisores, auditor médico, gestor documental) y una empresa. Un doble clic abre su ficha, donde se edita y se activa o desactiva.',
        ruta: '/usuario',
        objetivo: ['[aria-label="Usuarios"]', TABLA_DE_LA_PAGINA],
      },
      {
        titulo: 'Crear un registro',
        texto:
          'El botón de la cabecera crea uno nuevo; el formulario marca los campos obligatorios y avisa si sale con cambios sin guardar.',
        ruta: '/usuario',
        objetivo: [tour('pagina-acciones')],
      },
      {
        titulo: 'Empresas y suscripciones',
        texto:
          'La aseguradora y los prestadores son empresas; la suscripción fija el plan contratado y sus límites de usuarios y atenciones.',
        ruta: '/empresa',
        objetivo: ['[aria-label="Empresas"]', TABLA_DE_LA_PAGINA],
      },
      {
        titulo: 'Parámetros',
        texto:
          'Los catálogos (tipos de identificación, especialidades, servicios, elementos y tarifas…) se consultan y editan aquí; los del sistema solo los modifica el operador de la plataforma.',
        ruta: '/tipoiden',
        objetivo: [TABLA_DE_LA_PAGINA],
      },
      {
        titulo: 'Sesiones',
        texto:
          'Quién ingresó, desde dónde y cuándo; los errores de inicio de sesión y los accesos por sesión están en la misma sección Reportes.',
        ruta: '/sesion',
        objetivo: [TABLA_DE_LA_PAGINA],
      },
      {
        titulo: 'La ayuda, siempre a mano',
        texto:
          'En el módulo Auditoría Médica, el menú lateral Ayuda › Recorridos guiados repite este recorrido; allí están también las guías y las preguntas frecuentes.',
        ruta: '/MenuPrincipal',
        objetivo: [tour('modulo-auditoria')],
      },
    ],
  },
};

/** The tours a profile may walk: the general one and the one of its work. */
export function recorridosDePerfil(idPerfil: number): RecorridoDef[] {
  return Object.values(RECORRIDOS_DEF).filter((r) => r.perfiles.includes(idPerfil));
}

/** A tour's steps for a profile (some steps are only for some profiles). */
export function pasosDe(def: RecorridoDef, idPerfil: number): Paso[] {
  return def.pasos.filter((p) => !p.perfiles || p.perfiles.includes(idPerfil));
}

export const textoDe = (p: Paso, idPerfil: number) =>
  typeof p.texto === 'function' ? p.texto(idPerfil) : p.texto;

export const objetivoDe = (p: Paso, idPerfil: number): readonly string[] =>
  typeof p.objetivo === 'function' ? p.objetivo(idPerfil) : (p.objetivo ?? []);
