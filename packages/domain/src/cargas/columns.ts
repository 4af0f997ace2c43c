/**
 * The claim data file of docs/design-summary.md §6 (the technical manual): one row per line item, rows with the same
 * `noPlanilla` form one attention. The order is the order of CSV/Excel headers and of every download.
 */
export const COLUMNAS_DATOS = [
  'idTramite',
  'noPlanilla',
  'cedula1',
  'cedula2',
  'nombre',
  'fIngreso',
  'fSalida',
  'diagPri',
  'diagSec',
  'lMuerto',
  'fTarifario',
  'noServicio',
  'cantidad',
  'vSem',
  'vPaciente',
  'noModificador',
  'nombreMedIns',
  'tipo',
  'fechaAtencion',
] as const;

export type ColumnaDatos = (typeof COLUMNAS_DATOS)[number];

/** One row as received: trimmed text, `null` when empty. */
export type FilaDatos = Record<ColumnaDatos, string | null>;

/** Line kinds of the `tipo` column. */
export const TIPOS_LINEA = {
  P: 'Procedimiento',
  M: 'Medicamento',
  I: 'Insumo',
  L: 'Laboratorio',
  X: 'Imagen',
} as const;
export type TipoLinea = keyof typeof TIPOS_LINEA;

export type ColumnaManual = {
  columna: ColumnaDatos;
  /** Spanish name used in messages. */
  etiqueta: string;
  significado: string;
  regla: string;
  obligatorio: boolean;
  /** Maximum length stored for the column (the attention tables' limits). */
  maxLength?: number;
};

/** The technical manual's table (docs/design-summary.md §6), in Spanish, for the manual page and its PDF. */
export const MANUAL_COLUMNAS: readonly ColumnaManual[] = [
  {
    columna: 'idTramite',
    etiqueta: 'ID del trámite',
    significado:
      'El trámite al que se carga el archivo: su número tal como se ve en pantalla (TR-2026-000006) o su id interno (6).',
    regla: 'Obligatorio; debe nombrar el trámite en el que se carga.',
    obligatorio: true,
  },
  {
    columna: 'noPlanilla',
    etiqueta: 'Número de planilla',
    significado: 'Número de la atención médica; las filas con el mismo número forman una atención.',
    regla: 'Obligatorio; todas las filas de una atención coinciden en paciente, fechas y diagnósticos.',
    obligatorio: true,
    maxLength: 40,
  },
  {
    columna: 'cedula1',
    etiqueta: 'Cédula del paciente',
    significado: 'Cédula de identidad del paciente.',
    regla: '10 dígitos; un dígito verificador incorrecto se reporta como novedad.',
    obligatorio: true,
  },
  {
    columna: 'cedula2',
    etiqueta: 'Cédula del médico',
    significado: 'Cédula del médico tratante.',
    regla: 'Opcional; 10 dígitos.',
    obligatorio: false,
  },
  {
    columna: 'nombre',
    etiqueta: 'Nombre del paciente',
    significado: 'Apellidos y nombres del paciente.',
    regla: 'Obligatorio.',
    obligatorio: true,
    maxLength: 200,
  },
  {
    columna: 'fIngreso',
    etiqueta: 'Fecha de ingreso',
    significado: 'Fecha de inicio de la atención.',
    regla:
      'Obligatoria; AAAA-MM-DD o dd/MM/aaaa; dentro del período de la carga; no posterior a la fecha de salida.',
    obligatorio: true,
  },
  {
    columna: 'fSalida',
    etiqueta: 'Fecha de salida',
    significado: 'Fecha de fin de la atención.',
    regla: 'Obligatoria; AAAA-MM-DD o dd/MM/aaaa; dentro del período de la carga.',
    obligatorio: true,
  },
  {
    columna: 'diagPri',
    etiqueta: 'Diagnóstico principal',
    significado: 'Código CIE-10 del diagnóstico principal.',
    regla: 'Obligatorio; debe existir en el catálogo CIE-10 (se aceptan J06.9, J069 y A09X = A09).',
    obligatorio: true,
  },
  {
    columna: 'diagSec',
    etiqueta: 'Diagnóstico secundario',
    significado: 'Código CIE-10 del diagnóstico secundario.',
    regla: 'Opcional; si se informa, debe existir en el catálogo CIE-10.',
    obligatorio: false,
  },
  {
    columna: 'lMuerto',
    etiqueta: 'Paciente fallecido',
    significado: 'Indica si el paciente falleció.',
    regla: 'S o N (también true o false); vacío equivale a N.',
    obligatorio: false,
  },
  {
    columna: 'fTarifario',
    etiqueta: 'Factor tarifario',
    significado: 'Factor del tarifario aplicado.',
    regla: 'Número mayor que 0; vacío equivale a 1.',
    obligatorio: false,
  },
  {
    columna: 'noServicio',
    etiqueta: 'Código de servicio',
    significado:
      'Código del tarifario (TPSNS) o código propio del prestador registrado en sus equivalencias.',
    regla: 'Obligatorio; un código desconocido es un error.',
    obligatorio: true,
    maxLength: 30,
  },
  {
    columna: 'cantidad',
    etiqueta: 'Cantidad',
    significado: 'Cantidad de unidades del servicio.',
    regla: 'Obligatoria; número entero mayor o igual a 1.',
    obligatorio: true,
  },
  {
    columna: 'vSem',
    etiqueta: 'Valor unitario',
    significado: 'Valor unitario reclamado.',
    regla: 'Obligatorio; mayor o igual a 0; si difiere del tarifario del prestador se reporta como novedad.',
    obligatorio: true,
  },
  {
    columna: 'vPaciente',
    etiqueta: 'Valor pagado por el paciente',
    significado: 'Monto pagado por el paciente.',
    regla: 'Mayor o igual a 0; vacío equivale a 0.',
    obligatorio: false,
  },
  {
    columna: 'noModificador',
    etiqueta: 'Modificador',
    significado: 'Modificador del tarifario.',
    regla: 'Opcional.',
    obligatorio: false,
    maxLength: 20,
  },
  {
    columna: 'nombreMedIns',
    etiqueta: 'Médico o institución',
    significado: 'Nombre del médico tratante o de la institución.',
    regla: 'Opcional.',
    obligatorio: false,
    maxLength: 200,
  },
  {
    columna: 'tipo',
    etiqueta: 'Tipo de línea',
    significado: 'P procedimiento, M medicamento, I insumo, L laboratorio, X imagen.',
    regla: 'Obligatorio; una de las letras P, M, I, L o X.',
    obligatorio: true,
  },
  {
    columna: 'fechaAtencion',
    etiqueta: 'Fecha de atención',
    significado: 'Fecha en que se prestó el servicio.',
    regla:
      'AAAA-MM-DD o dd/MM/aaaa; entre la fecha de ingreso y la de salida; vacía toma la fecha de ingreso.',
    obligatorio: false,
  },
];

export const ETIQUETA_COLUMNA = Object.fromEntries(
  MANUAL_COLUMNAS.map((c) => [c.columna, c.etiqueta]),
) as Record<ColumnaDatos, string>;

/** Header/key → column, case-insensitive (`FINGRESO`, `fingreso` and `fIngreso` are the same column). */
const BY_LOWER = new Map<string, ColumnaDatos>(COLUMNAS_DATOS.map((c) => [c.toLowerCase(), c]));
export function columnaDe(header: string): ColumnaDatos | undefined {
  return BY_LOWER.get(
    header
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
}
