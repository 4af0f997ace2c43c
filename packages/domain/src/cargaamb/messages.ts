/** Spanish texts of the ambulatory loads (docs/spec-summary.md 002 "Ambulatory load list"): the .csv upload's answers. */
export const MSG_CARGA_AMB = {
  csvTipoInvalido: 'Solo se aceptan archivos .csv de texto (separados por ; o ,).',
  csvVacio: 'El archivo no tiene registros.',
  csvEncabezado: (faltan: string) => `Faltan columnas en el encabezado: ${faltan}.`,
  csvMalFormado: 'el archivo no es un CSV válido (comillas o separadores mal cerrados).',
  csvConErrores: (n: number) =>
    `El archivo tiene ${n} ${n === 1 ? 'fila' : 'filas'} con errores; no se guardó ningún registro.`,
  csvCargado: (n: number) =>
    `Se cargaron ${n} ${n === 1 ? 'registro' : 'registros'} de atención ambulatoria.`,
  csvMuyGrande: 'El archivo excede el tamaño máximo de 10 MB.',
  sinArchivo: 'No se ha seleccionado ningún archivo para cargar.',
  seleccioneCsv: 'Seleccione el archivo .csv.',
  cargaInvalida: 'Carga no válida.',
  cargaAjena: 'La carga no pertenece al trámite.',
  columnasFila: (fila: number, encabezado: number) => `tiene ${fila} columnas y el encabezado ${encabezado}.`,
  diagnosticoNoExiste: (columna: string, codigo: string) =>
    `${columna} "${codigo}" no existe en el catálogo CIE-10.`,
} as const;
