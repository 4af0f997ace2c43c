/**
 * The technical manual of the payment file (decision 55) as the same document model as the data file's
 * manual (herramientas/manual-datos.ts): rendered by the web page /manual-pagos and by the PDF
 * `GET /api/v1/manual-pagos.pdf`. Columns and rules come from finanzas/columns.ts, which the validator
 * reads too; the example pays the attentions of the data file's example and is uploaded through the real
 * route in the API tests.
 */
import { lineTotal } from '../detalles/money.ts';
import {
  filasEjemplo,
  ID_TRAMITE_EJEMPLO,
  type ManualDatos,
  type OpcionesManual,
  tablaDeColumnas,
} from '../herramientas/manual-datos.ts';
import { COLUMNAS_PAGO, type ColumnaPago, MANUAL_COLUMNAS_PAGO } from './columns.ts';
import { ESTADOS_CARGA_PAGOS } from './rules.ts';

export const TITULO_MANUAL_PAGOS = 'Manual técnico del archivo de pagos';

export type FilaPagoEjemplo = Record<ColumnaPago, string>;

/**
 * Three payments of the data file's example attentions: two lines of attention 123 (one with its date,
 * one with a decimal comma) and attention 124 as a whole.
 */
export function filasPagoEjemplo(idTramite: number = ID_TRAMITE_EJEMPLO): FilaPagoEjemplo[] {
  const [consulta, medicamento, laboratorio] = filasEjemplo(idTramite);
  const total = (f: typeof consulta) => lineTotal(Number(f.cantidad), f.vSem);
  return [
    {
      idTramite: String(idTramite),
      noPlanilla: consulta.noPlanilla,
      noServicio: consulta.noServicio,
      fechaAtencion: consulta.fechaAtencion,
      valorPagado: total(consulta),
      fechaPago: '2026-04-15',
      referencia: 'TRF-2026-0415-01',
    },
    {
      idTramite: String(idTramite),
      noPlanilla: medicamento.noPlanilla,
      noServicio: medicamento.noServicio,
      fechaAtencion: '',
      valorPagado: total(medicamento).replace('.', ','),
      fechaPago: '15/04/2026',
      referencia: 'TRF-2026-0415-01',
    },
    {
      idTramite: String(idTramite),
      noPlanilla: laboratorio.noPlanilla,
      noServicio: '',
      fechaAtencion: '',
      valorPagado: total(laboratorio),
      fechaPago: '2026-04-15',
      referencia: 'TRF-2026-0415-02',
    },
  ];
}

/** The example as CSV (';', header row, no BOM); the values never need quoting. */
export function ejemploPagosCsv(idTramite: number = ID_TRAMITE_EJEMPLO): string {
  const linea = (valores: readonly string[]) => {
    for (const v of valores)
      if (/[;"\r\n]/.test(v)) throw new Error(`valor de ejemplo no apto para CSV: ${v}`);
    return valores.join(';');
  };
  const filas = filasPagoEjemplo(idTramite).map((f) => linea(COLUMNAS_PAGO.map((c) => f[c])));
  return `${[linea(COLUMNAS_PAGO), ...filas].join('\n')}\n`;
}

export function manualPagos(opts: OpcionesManual = {}): ManualDatos {
  const idTramite = opts.idTramite ?? ID_TRAMITE_EJEMPLO;
  const [p1, p2, p3] = filasPagoEjemplo(idTramite);
  return {
    titulo: TITULO_MANUAL_PAGOS,
    resumen:
      'Estructura, reglas de validación y formato del archivo con el que la aseguradora registra los pagos de ' +
      'las atenciones médicas de un trámite, y cómo se informan las diferencias con los valores aprobados.',
    secciones: [
      {
        id: 'general',
        titulo: '1. Descripción general',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              'El archivo de pagos tiene una fila por cada pago: de una atención completa (sin código de servicio) o ' +
              'de una de sus líneas (con el código de servicio). Cada fila se asocia a una atención del trámite por su ' +
              'número de planilla, y el valor pagado se compara con el valor aprobado por la auditoría.',
          },
          {
            tipo: 'lista',
            ordenada: true,
            items: [
              `Cuando el trámite está ${ESTADOS_CARGA_PAGOS.join(' o ')}, descargue el reporte financiero (Finanzas › Reporte financiero): una fila por línea con lo reclamado, aprobado, glosado, pagado y pendiente de pago.`,
              'Prepare el archivo de pagos con las columnas de la sección 2.',
              'En la página del trámite use Finanzas › Cargar archivo de pagos y elija el archivo.',
              'Revise el resultado: los pagos registrados y, fila por fila, las diferencias entre lo aprobado y lo pagado.',
            ],
          },
          {
            tipo: 'nota',
            texto:
              'Cargan el archivo el revisor (perfil 16) y los supervisores de auditoría médica (17) y de gestión documental (19). ' +
              'El archivo se acepta completo o no se registra ningún pago.',
          },
        ],
      },
      {
        id: 'columnas',
        titulo: '2. Columnas',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              `El archivo lleva estas ${COLUMNAS_PAGO.length} columnas; los nombres son los encabezados (del CSV o de la ` +
              'primera fila de la hoja de Excel) y no distinguen mayúsculas de minúsculas. Las columnas opcionales pueden omitirse del encabezado; una ' +
              'columna desconocida o repetida es un error.',
          },
          tablaDeColumnas(MANUAL_COLUMNAS_PAGO, [1.1, 1.1, 2.2, 2.8, 0.8]),
        ],
      },
      {
        id: 'asociacion',
        titulo: '3. Cómo se asocia cada pago',
        bloques: [
          {
            tipo: 'lista',
            items: [
              'noPlanilla identifica la atención entre las atenciones activas del trámite (las anuladas no se pagan), sin distinguir mayúsculas de minúsculas.',
              'Con noServicio, el pago es de las líneas activas de esa atención con ese código (del tarifario o propio del prestador); con fechaAtencion, solo las de esa fecha.',
              'Sin noServicio, el pago es de la atención completa: de todas sus líneas activas.',
              'Si el pago cubre varias líneas, se reparte entre ellas en su orden de registro, hasta el valor aprobado pendiente de cada una. Así cada línea del reporte financiero muestra lo pagado y lo pendiente.',
              'Valor aprobado pendiente de pago = valor aprobado por la auditoría − lo pagado en archivos anteriores − lo pagado en filas anteriores del mismo archivo. Un pago mayor es un error.',
              'Un pago menor al aprobado se registra y se informa como diferencia en el resultado de la carga.',
            ],
          },
        ],
      },
      {
        id: 'errores',
        titulo: '4. Errores',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              'Si una fila tiene errores no se registra ningún pago del archivo. Cada error indica la fila (la fila 1 es ' +
              'el encabezado, como la numera una hoja de cálculo) y el motivo. Se rechaza el archivo cuando:',
          },
          {
            tipo: 'lista',
            items: [
              'no es un archivo .csv de texto ni un libro de Excel (.xlsx), está vacío o no tiene filas de pagos;',
              'faltan columnas obligatorias en el encabezado, o hay columnas desconocidas o repetidas;',
              'una fila tiene un número de columnas distinto al del encabezado;',
              'el ID del trámite no corresponde al trámite en el que se carga;',
              'la planilla no existe en el trámite, está anulada, o no tiene una línea activa con el código indicado;',
              'el valor pagado no es un número, es negativo, tiene más de 2 decimales o supera el valor aprobado pendiente de pago;',
              'una fecha no es válida;',
              'el mismo archivo (idéntico contenido) ya fue cargado en el trámite;',
              `el trámite no está ${ESTADOS_CARGA_PAGOS.join(' o ')}.`,
            ],
          },
        ],
      },
      {
        id: 'formato',
        titulo: '5. Formato',
        bloques: [
          {
            tipo: 'lista',
            items: [
              'CSV (.csv): texto UTF-8, con o sin BOM. Separador punto y coma (;) o coma (,), detectado en la fila de encabezado. Los valores que contienen el separador van entre comillas dobles. Las filas vacías se ignoran.',
              'Montos en dólares: punto o coma decimal, hasta 2 decimales y sin separador de miles (25.50 o 25,50). En un CSV separado por comas use punto decimal o encierre el valor entre comillas.',
              'Fechas: AAAA-MM-DD (2026-04-15) o dd/MM/aaaa (15/04/2026).',
              'Excel (.xlsx): la primera hoja del libro, con la fila de encabezados en su primera fila con datos; las demás hojas se ignoran. Las celdas de fecha se leen como fechas y las numéricas como números (un monto con hasta 2 decimales); las filas vacías se ignoran y la numeración de filas es la de Excel.',
              'El formato se reconoce por el contenido del archivo, no por su nombre. Un libro de Excel también puede guardarse como CSV: Archivo › Guardar como › CSV UTF-8 (delimitado por comas).',
            ],
          },
        ],
      },
      {
        id: 'ejemplos',
        titulo: '6. Ejemplo',
        bloques: [
          {
            tipo: 'parrafo',
            texto:
              `Paga las atenciones del ejemplo del manual del archivo de datos: dos líneas de la atención ${p1.noPlanilla} ` +
              `(${p1.noServicio} con su fecha y ${p2.noServicio} con coma decimal) y la atención ${p3.noPlanilla} completa. ` +
              `Reemplace idTramite (${idTramite} en el ejemplo) por el número de su trámite. El mismo ejemplo se descarga ` +
              'desde esta página como CSV y como libro de Excel (.xlsx, con fechas y montos como fechas y números).',
          },
          {
            tipo: 'codigo',
            titulo: 'CSV (separado por punto y coma)',
            lenguaje: 'csv',
            texto: ejemploPagosCsv(idTramite),
          },
        ],
      },
      {
        id: 'resultado',
        titulo: '7. Resultado de la carga',
        bloques: [
          {
            tipo: 'lista',
            items: [
              'Número de pagos registrados y total pagado del archivo.',
              'Saldo del trámite: total aprobado, total pagado y pendiente de pago.',
              'Diferencias línea por línea: cada fila cuyo pago es menor que el valor aprobado pendiente, con lo aprobado, lo pagado antes, lo pagado en el archivo y lo que queda pendiente.',
              'El reporte financiero incluye las columnas Pagado y Pendiente de pago de cada línea; la carga queda en la bitácora del trámite.',
            ],
          },
        ],
      },
    ],
  };
}
