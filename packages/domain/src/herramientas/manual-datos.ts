/**
 * The technical manual of the claim data file (docs/design-summary.md §6) as one document model, rendered by the web
 * page /manual-datos and by the PDF `GET /api/v1/manual-datos.pdf`. Columns, names, rules, line kinds
 * and date formats come from the declarations the validator uses (cargas/columns.ts, cargas/validate.ts),
 * so the manual and the validator cannot disagree; the example rows are checked by the validator in
 * the tests and ingested by the real upload in the API tests.
 */
import { COLUMNAS_DATOS, type ColumnaDatos, MANUAL_COLUMNAS, TIPOS_LINEA } from '../cargas/columns.ts';

export type BloqueManual =
  | { tipo: 'parrafo'; texto: string }
  | { tipo: 'nota'; texto: string }
  | { tipo: 'lista'; items: readonly string[]; ordenada?: boolean }
  | {
      tipo: 'tabla';
      columnas: readonly { titulo: string /** Relative width (PDF). */; ancho?: number; mono?: boolean }[];
      filas: readonly (readonly string[])[];
    }
  | { tipo: 'codigo'; titulo: string; lenguaje: 'json' | 'csv'; texto: string };

export type SeccionManual = { id: string; titulo: string; bloques: readonly BloqueManual[] };
export type ManualDatos = { titulo: string; resumen: string; secciones: readonly SeccionManual[] };

export const TITULO_MANUAL_DATOS = 'Manual técnico del archivo de datos';

/** File name rule of the documents uploaded by folder (attention number, optional suffix). */
export const EJEMPLOS_NOMBRE_DOCUMENTO = ['123.pdf', '123_1.pdf', '123-informe.pdf'] as const;
export const TIPOS_DOCUMENTO = ['PDF', 'JPEG', 'PNG'] as const;
const MAX_ARCHIVOS_TEXTO = '20.000';
/** 20 MiB (docs/spec-summary.md 000 §5, second variant); the API and the upload dialog use MAX_BYTES_DOCUMENTO. */
export const MAX_MB_DOCUMENTO = 20;

/**
 * The attention numbers a document's file name may refer to, longest first: the name without folder
 * and extension, then cut at each '_' or '-' from the right ('A-1_2.pdf' → ['A-1_2', 'A-1', 'A']).
 * The file belongs to the first candidate that is an attention of the procedure, so numbers that
 * contain a hyphen still match.
 */
export function candidatosNumeroAtencion(nombreArchivo: string): string[] {
  const base = (nombreArchivo.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').trim();
  const out: string[] = [];
  let s = base;
  while (s) {
    if (!out.includes(s)) out.push(s);
    const cut = Math.max(s.lastIndexOf('_'), s.lastIndexOf('-'));
    if (cut <= 0) break;
    s = s.slice(0, cut);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Example rows: two attentions (123 with a consultation and a medicine, 124 with a laboratory test in
// dd/MM/yyyy dates). Codes exist in the demo catalogues; values are the demo price list's.

export type FilaEjemplo = Record<ColumnaDatos, string>;

export const PERIODO_EJEMPLO = { fechaDesde: '2026-03-01', fechaHasta: '2026-03-31' } as const;
export const ID_TRAMITE_EJEMPLO = 1;

const base = (idTramite: number): FilaEjemplo => ({
  idTramite: String(idTramite),
  noPlanilla: '123',
  cedula1: '1710034065',
  cedula2: '0912345675',
  nombre: 'PÉREZ LOOR MARÍA JOSÉ',
  fIngreso: '2026-03-02',
  fSalida: '2026-03-02',
  diagPri: 'J06.9',
  diagSec: 'R50.9',
  lMuerto: 'N',
  fTarifario: '1',
  noServicio: '99203',
  cantidad: '1',
  vSem: '25.50',
  vPaciente: '0',
  noModificador: '',
  nombreMedIns: 'DR. CARLOS VERA',
  tipo: 'P',
  fechaAtencion: '2026-03-02',
});

export function filasEjemplo(idTramite: number = ID_TRAMITE_EJEMPLO): FilaEjemplo[] {
  const a = base(idTramite);
  return [
    a,
    { ...a, noServicio: 'N02BE01', cantidad: '10', vSem: '0.04', tipo: 'M' },
    {
      ...a,
      noPlanilla: '124',
      cedula1: '1304567892',
      nombre: 'ZAMBRANO MACÍAS LUIS ALBERTO',
      fIngreso: '05/03/2026',
      fSalida: '06/03/2026',
      diagPri: 'E11.9',
      diagSec: '',
      noServicio: '82947',
      vSem: '3.10',
      nombreMedIns: 'LABORATORIO CLÍNICO CENTRAL',
      tipo: 'L',
      fechaAtencion: '06/03/2026',
    },
  ];
}

/** Columns written as JSON numbers in the example (any value may also be sent as text). */
const NUMERICAS: ReadonlySet<ColumnaDatos> = new Set([
  'idTramite',
  'fTarifario',
  'cantidad',
  'vSem',
  'vPaciente',
]);

function filasJson(idTramite: number) {
  return filasEjemplo(idTramite).map((f) =>
    Object.fromEntries(COLUMNAS_DATOS.map((c) => [c, NUMERICAS.has(c) && f[c] !== '' ? Number(f[c]) : f[c]])),
  );
}

/** The example as a JSON array of rows; with `comoObjeto`, as `{ "filas": [...] }`. */
export function ejemploJson(idTramite: number = ID_TRAMITE_EJEMPLO, comoObjeto = false): string {
  const filas = filasJson(idTramite);
  return `${JSON.stringify(comoObjeto ? { filas } : filas, null, 2)}\n`;
}

/**
 * The example as CSV (';', header row, no BOM). The example values never contain the separator, quotes
 * or line breaks, so no quoting is needed; the check keeps it that way if someone edits them.
 */
export function ejemploCsv(idTramite: number = ID_TRAMITE_EJEMPLO, separador: ';' | ',' = ';'): string {
  const linea = (valores: readonly string[]) => {
    for (const v of valores) {
      if (v.includes(separador) || /["\r\n]/.test(v))
        throw new Error(`valor de ejemplo no apto para CSV: ${v}`);
    }
    return valores.join(separador);
  };
  const filas = filasEjemplo(idTramite).map((f) => linea(COLUMNAS_DATOS.map((c) => f[c])));
  return `${[linea(COLUMNAS_DATOS), ...filas].join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------
// The document

/** What the manual's table of a file's columns shows of a declared column (cargas/columns.ts, finanzas/columns.ts). */
type ColumnaDeManual = {
  columna: string;
  etiqueta: string;
  significado: string;
  regla: string;
  obligatorio: boolean;
  maxLength?: number;
};

/** A column's rule with its maximum length, unless the rule already says it. */
const reglaCompleta = (c: ColumnaDeManual) =>
  c.maxLength && !/caracteres/.test(c.regla) ? `${c.regla} Máximo ${c.maxLength} caracteres.` : c.regla;

/**
 * The manual's table of a file's columns: column, name, meaning, rule (with the maximum length) and
 * whether it is required, `anchos` being those five relative widths (PDF); `extra` adds a sixth column.
 */
export function tablaDeColumnas<C extends ColumnaDeManual>(
  columnas: readonly C[],
  anchos: readonly [number, number, number, number, number],
  extra?: { titulo: string; ancho: number; valor: (c: C) => string },
): BloqueManual {
  return {
    tipo: 'tabla',
    columnas: [
      { titulo: 'Columna', ancho: anchos[0], mono: true },
      { titulo: 'Nombre', ancho: anchos[1] },
      { titulo: 'Significado', ancho: anchos[2] },
      { titulo: 'Regla', ancho: anchos[3] },
      { titulo: 'Obligatoria', ancho: anchos[4] },
      ...(extra ? [{ titulo: extra.titulo, ancho: extra.ancho }] : []),
    ],
    filas: columnas.map((c) => [
      c.columna,
      c.etiqueta,
      c.significado,
      reglaCompleta(c),
      c.obligatorio ? 'Sí' : 'No',
      ...(extra ? [extra.valor(c)] : []),
    ]),
  };
}

/** Columns whose rule also yields a warning (novedad); read from the declared rule text. */
export const COLUMNAS_CON_NOVEDAD: readonly ColumnaDatos[] = MANUAL_COLUMNAS.filter((c) =>
  /novedad/i.test(c.regla),
).map((c) => c.columna);

/** The part of a rule that describes its warning ('un dígito verificador incorrecto se reporta como novedad.'). */
function textoNovedad(regla: string): string {
  const parte = regla.split(';').find((p) => /novedad/i.test(p)) ?? regla;
  const t = parte.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const ORDEN = new Map(COLUMNAS_DATOS.map((c, i) => [c, i]));
const COLUMNAS_ORDENADAS = [...MANUAL_COLUMNAS].sort((a, b) => ORDEN.get(a.columna)! - ORDEN.get(b.columna)!);

export type OpcionesManual = {
  /** The procedure id written in the examples. */
  idTramite?: number;
  /** The installation's upload limit (UPLOAD_MAX_MB); omitted, the text does not give a figure. */
  maxMb?: number;
};

export function manualDatos(opts: OpcionesManual = {}): ManualDatos {
  const idTramite = opts.idTramite ?? ID_TRAMITE_EJEMPLO;
  const novedades = COLUMNAS_ORDENADAS.filter((c) => COLUMNAS_CON_NOVEDAD.includes(c.columna));
  const [ej1, , ej3] = filasEjemplo(idTramite);

  return {
    titulo: TITULO_MANUAL_DATOS,
    resumen:
      'Estructura, reglas de validación y formatos aceptados del archivo con el que el prestador carga las ' +
      'atenciones médicas de un trámite, y la forma de nombrar los documentos de soporte.',
    secciones: [
      {
        id: 'general',
        titulo: '1. Descripción general',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              'El archivo de datos tiene una fila por cada línea de detalle de una atención médica ' +
              '(procedimiento, medicamento, insumo, laboratorio o imagen). Las filas con el mismo número de ' +
              'planilla (noPlanilla) forman una atención.',
          },
          {
            tipo: 'lista',
            ordenada: true,
            items: [
              'Registre el trámite en Procesos › Carga de trámites.',
              'Abra el trámite y use "Cargar Atenciones" (o "Cargar semana n" en trámites semanales); elija la pestaña del formato y el archivo.',
              'Espere el resumen de la carga: número de registros, errores y novedades. Revise los errores fila por fila en el menú Opciones de la carga.',
              'Si la carga tiene errores, bórrela ("Borrar Carga"), corrija el archivo y vuelva a cargarlo.',
              'Cuando la carga no tenga errores, use "Organizar Atenciones Médicas" y después cargue los documentos de soporte (sección 7).',
            ],
          },
          ...(opts.maxMb
            ? [
                {
                  tipo: 'parrafo' as const,
                  texto: `Tamaño máximo del archivo de datos: ${opts.maxMb} MB.`,
                },
              ]
            : []),
        ],
      },
      {
        id: 'columnas',
        titulo: '2. Columnas',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              `El archivo lleva estas ${COLUMNAS_DATOS.length} columnas, en este orden recomendado. Los nombres son ` +
              'las claves JSON y los encabezados de CSV y Excel; no distinguen mayúsculas de minúsculas ' +
              '(FINGRESO equivale a fIngreso). En CSV y Excel todas las columnas deben estar en el encabezado ' +
              'aunque estén vacías; en JSON una clave que falta cuenta como vacía. Las columnas desconocidas se ignoran.',
          },
          tablaDeColumnas(COLUMNAS_ORDENADAS, [1.1, 1.2, 2, 2.6, 0.8], {
            titulo: 'Si no se cumple',
            ancho: 0.9,
            valor: (c) => (COLUMNAS_CON_NOVEDAD.includes(c.columna) ? 'Error o novedad' : 'Error'),
          }),
          {
            tipo: 'parrafo',
            texto: 'Tipos de línea (columna tipo):',
          },
          {
            tipo: 'tabla',
            columnas: [
              { titulo: 'tipo', ancho: 0.6, mono: true },
              { titulo: 'Significado', ancho: 3 },
            ],
            filas: Object.entries(TIPOS_LINEA).map(([k, v]) => [k, v]),
          },
        ],
      },
      {
        id: 'incidencias',
        titulo: '3. Errores y novedades',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              'Cada fila se valida con las reglas de la sección 2. Cada incidencia indica la fila, la columna y el ' +
              'motivo en español. La fila 1 es la primera fila de datos (en CSV y Excel, la línea que sigue al encabezado).',
          },
          {
            tipo: 'lista',
            items: [
              'Error: la fila no cumple una regla. La carga conserva sus filas y errores para revisarlos, no se pueden organizar sus atenciones y se puede borrar para cargar el archivo corregido.',
              'Novedad (advertencia): se informa para revisión pero no impide organizar las atenciones.',
              'Archivo ilegible (JSON mal formado, columnas faltantes, separadores inconsistentes, Excel dañado o archivo vacío): la carga falla completa, no se guarda ninguna fila y el motivo aparece en el resumen de la carga.',
            ],
          },
          { tipo: 'parrafo', texto: 'Reglas que producen novedades en lugar de errores:' },
          {
            tipo: 'lista',
            items: novedades.map((c) => `${c.etiqueta} (${c.columna}): ${textoNovedad(c.regla)}`),
          },
        ],
      },
      {
        id: 'formatos',
        titulo: '4. Formatos aceptados',
        bloques: [
          {
            tipo: 'tabla',
            columnas: [
              { titulo: 'Formato', ancho: 0.8 },
              { titulo: 'Estructura', ancho: 3.5 },
            ],
            filas: [
              [
                'JSON (.json)',
                'Un arreglo de filas [ {...}, {...} ] o un objeto { "filas": [ {...}, {...} ] }. Cada fila es un objeto con las columnas como claves; los valores pueden ser texto, números o true/false. Codificación UTF-8.',
              ],
              [
                'CSV (.csv)',
                'Texto UTF-8, con o sin BOM. Separador punto y coma (;) o coma (,), detectado en la fila de encabezado. Primera fila: los encabezados. Los valores que contienen el separador van entre comillas dobles. Las filas vacías se ignoran.',
              ],
              [
                'Excel (.xlsx)',
                'Solo la primera hoja del libro; su primera fila contiene los encabezados. Las celdas de fecha de Excel se aceptan; escriba las cédulas como texto (si se escriben como número se completa el cero inicial). Las filas vacías se ignoran. No se acepta el formato antiguo .xls.',
              ],
            ],
          },
          {
            tipo: 'lista',
            items: [
              'Fechas: AAAA-MM-DD (2026-03-05) o dd/MM/aaaa (05/03/2026; el día y el mes pueden tener un dígito).',
              'Números: punto o coma decimal y sin separador de miles (25.50 o 25,50). En un CSV separado por comas use punto decimal o encierre el valor entre comillas.',
              'Cédulas: 10 dígitos, conservando el cero inicial (0912345675).',
              'Diagnósticos: códigos CIE-10 con o sin punto (J06.9 o J069); los códigos de 3 caracteres completados con X (A09X) equivalen al código de 3 caracteres (A09).',
              'Valores vacíos: una celda vacía o un texto vacío cuentan como sin valor.',
            ],
          },
        ],
      },
      {
        id: 'ejemplos',
        titulo: '5. Ejemplos',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              `Dos atenciones: la ${ej1.noPlanilla} (consulta y medicamento, fechas AAAA-MM-DD) y la ${ej3.noPlanilla} ` +
              `(laboratorio, fechas dd/MM/aaaa). Reemplace idTramite (${idTramite} en el ejemplo) por el número ` +
              'de su trámite y use fechas dentro del período de la carga.',
          },
          {
            tipo: 'codigo',
            titulo: 'JSON (arreglo de filas)',
            lenguaje: 'json',
            texto: ejemploJson(idTramite),
          },
          {
            tipo: 'codigo',
            titulo: 'JSON (objeto con la propiedad "filas"; aquí con una sola fila)',
            lenguaje: 'json',
            texto: `${JSON.stringify({ filas: filasJson(idTramite).slice(0, 1) }, null, 2)}\n`,
          },

          {
            tipo: 'codigo',
            titulo: 'CSV (separado por punto y coma)',
            lenguaje: 'csv',
            texto: ejemploCsv(idTramite),
          },
          {
            tipo: 'parrafo',
            texto:
              'Excel: el mismo contenido que el CSV, con los encabezados en la fila 1 de la primera hoja y una fila de datos por línea de detalle.',
          },
        ],
      },
      {
        id: 'revision',
        titulo: '6. Revisión de la carga',
        bloques: [
          {
            tipo: 'lista',
            items: [
              'Resumen: número de registros, registros válidos, errores y novedades de la carga.',
              'Errores y Novedades: listas por fila, columna y motivo, en el menú Opciones de cada carga.',
              'Datos del archivo: las filas tal como se recibieron, descargables en JSON y CSV (todas o solo las filas con errores).',
            ],
          },
        ],
      },
      {
        id: 'nombres-documentos',
        titulo: '7. Documentos de las atenciones (carga por carpeta)',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              'Después de organizar las atenciones, cargue los documentos de soporte (facturas, informes, recetas, ' +
              'resultados) eligiendo la carpeta que los contiene. Cada archivo se asocia a una atención por su nombre:',
          },
          {
            tipo: 'lista',
            items: [
              `El nombre empieza con el número de la atención (noPlanilla). Después del número puede ir un sufijo separado por guion bajo (_) o guion (-): ${EJEMPLOS_NOMBRE_DOCUMENTO.join(', ')} pertenecen a la atención 123.`,
              'Se busca la atención entre las atenciones activas de la carga elegida, sin distinguir mayúsculas de minúsculas (a-1.pdf corresponde a la atención A-1). La extensión y las carpetas dentro de la carpeta elegida no cuentan: sub/123.pdf corresponde a la atención 123.',
              'Si el número de atención contiene guiones (A-1), A-1.pdf y A-1_2.pdf se asocian a la atención A-1: se usa el número más largo que coincide con una atención de la carga. Por eso 1234.pdf no corresponde a la atención 123, ni 12.pdf a la 123.',
              `Formatos permitidos: ${TIPOS_DOCUMENTO.join(', ')}, reconocidos por su contenido y no solo por la extensión; hasta ${MAX_MB_DOCUMENTO} MB por archivo y ${MAX_ARCHIVOS_TEXTO} archivos por carga. Los archivos vacíos se omiten; cualquier otro archivo es "Archivo no permitido" y no se carga.`,
              'Un archivo con el mismo contenido (huella SHA-256) que otro ya cargado en la misma atención es un duplicado y no se guarda de nuevo, aunque tenga otro nombre. El mismo contenido sí puede cargarse en atenciones distintas.',
              'El nombre del archivo solo se guarda como dato: el sistema almacena cada archivo con un nombre propio generado, de modo que nombres con carpetas, "../" o caracteres especiales no tienen efecto.',
              'El resultado indica los archivos cargados, los duplicados y los que no corresponden a ninguna atención de la carga (planillas no encontradas); cada lista se descarga como CSV de una columna.',
              'Con al menos un archivo cargado el trámite pasa de ESTRUCTURADO a DOCUMENTADO. Si la carpeta tiene muchos archivos, divídala en bloques.',
            ],
          },
        ],
      },
    ],
  };
}
