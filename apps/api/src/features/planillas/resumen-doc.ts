import { formatDate, formatDateTime, formatMoney, formatNumber } from '@app/domain';
import type { getPlanillaForUser } from './access.ts';

type Planilla = Awaited<ReturnType<typeof getPlanillaForUser>>['planilla'];

const NA = 'N/A';

const na = (v: string | number | null | undefined) =>
  v === null || v === undefined || String(v).trim() === '' ? NA : String(v);

export type Cabecera = {
  numeroTramite: string;
  nombreComercial: string;
  aseguradora: string;
  idEmpresaAseguradora: number;
};
export type Diagnostico = { codigo: string; nombre: string | null };
export type Detalle = {
  fechaAtencion: string | null;
  codigo: string;
  descripcion: string | null;
  cantidad: number;
  valorUni: string;
  total: string;
};
export type Observacion = { tipo: string; observacion: string | null; respuesta: string | null };

const th = (text: string) => ({ text, style: 'th' });
const tableLayout = {
  fillColor: (row: number) => (row === 0 ? '#1677ff' : row % 2 === 0 ? '#f5f7fa' : null),
  hLineColor: () => '#d9d9d9',
  vLineColor: () => '#d9d9d9',
};

/** The pdfmake document of report 9 (resumen-pdf.ts): the sheet's data, diagnoses, line items with their total, observations. */
export function documentoResumen(
  p: Planilla,
  cab: Cabecera,
  nombres: Diagnostico[],
  detalles: Detalle[],
  observaciones: Observacion[],
  logo: string | null,
) {
  const codigos = [p.diag1, p.diag2, p.diag3, p.diag4, p.diag5];
  const datos: Array<[string, string]> = [
    ['Trámite', na(cab.numeroTramite)],
    ['Número', na(p.numero)],
    ['Número externo', na(p.numeroExt)],
    ['Cédula', na(p.cedula)],
    ['Nombre', na(p.nombre)],
    ['Médico', na(p.nombreMedico)],
    ['C.I. médico', na(p.cedulaMedico)],
    ['Fecha desde', na(formatDate(p.fechaDesde))],
    ['Fecha hasta', na(formatDate(p.fechaHasta))],
    ['Hora desde', na(p.horaDesde)],
    ['Hora hasta', na(p.horaHasta)],
    ['Aut./Cod. Val.', na(p.codigoVal)],
    ['Nivel', String(p.nivel)],
    ['Estado AM', na(p.estadoAud)],
    ['Estado GD', na(p.estadoDoc)],
  ];
  // Two label/value pairs per row.
  const datosBody: unknown[][] = [];
  for (let i = 0; i < datos.length; i += 2) {
    const [a, b] = [datos[i], datos[i + 1] ?? ['', '']];
    datosBody.push([{ text: a[0], style: 'label' }, a[1], { text: b[0], style: 'label' }, b[1]]);
  }
  const diagBody = codigos.map((c, i) => [
    `Diagnóstico ${i + 1}`,
    na(c),
    na(c ? (nombres.find((n) => n.codigo === c)?.nombre ?? null) : null),
  ]);
  const totalDetalles = detalles.reduce((s, d) => s + Math.round(Number(d.total) * 100), 0) / 100;

  return {
    pageSize: 'A4',
    pageMargins: [36, 70, 36, 40],
    info: { title: `Atención médica ${p.numero}`, creator: 'Auditoría Médica' },
    header: {
      margin: [36, 20, 36, 0],
      columns: [
        logo ? { image: logo, fit: [90, 36], width: 100 } : { text: '', width: 0 },
        { text: cab.aseguradora, style: 'empresa' },
        {
          text: `Generado: ${formatDateTime(new Date())}`,
          alignment: 'right',
          fontSize: 8,
          color: '#555',
        },
      ],
    },
    footer: (current: number, count: number) => ({
      text: `Página ${current} de ${count}`,
      alignment: 'center',
      fontSize: 8,
      color: '#555',
      margin: [0, 10, 0, 0],
    }),
    content: [
      { text: `Planilla de atención ${p.numero}`, style: 'title' },
      {
        text: `Trámite ${cab.numeroTramite} · Prestador: ${cab.nombreComercial} · Carga del ${formatDate(p.fechaDesdeCarga)} al ${formatDate(p.fechaHastaCarga)}`,
        style: 'subtitle',
      },
      { text: 'Información', style: 'h2' },
      {
        table: { widths: [80, '*', 80, '*'], body: datosBody },
        layout: { hLineColor: () => '#d9d9d9', vLineColor: () => '#d9d9d9' },
      },
      { text: 'Diagnósticos', style: 'h2' },
      {
        table: {
          headerRows: 1,
          widths: [80, 60, '*'],
          body: [[th('Diagnóstico'), th('Código'), th('Descripción')], ...diagBody],
        },
        layout: tableLayout,
      },
      { text: 'Detalle de la atención', style: 'h2' },
      detalles.length === 0
        ? { text: 'La atención no tiene elementos registrados.', italics: true }
        : {
            table: {
              headerRows: 1,
              widths: [58, 55, '*', 45, 65, 65],
              body: [
                [
                  th('Fecha'),
                  th('Código'),
                  th('Descripción'),
                  th('Cantidad'),
                  th('Valor unitario'),
                  th('Total'),
                ],
                ...detalles.map((d) => [
                  na(formatDate(d.fechaAtencion)),
                  d.codigo,
                  na(d.descripcion),
                  { text: String(d.cantidad), alignment: 'right' },
                  { text: formatNumber(d.valorUni), alignment: 'right' },
                  { text: formatNumber(d.total), alignment: 'right' },
                ]),
                [
                  { text: 'Total de la planilla', colSpan: 5, bold: true, alignment: 'right' },
                  '',
                  '',
                  '',
                  '',
                  { text: formatMoney(totalDetalles), bold: true, alignment: 'right' },
                ],
              ],
            },
            layout: tableLayout,
          },
      { text: 'Observaciones y respuestas', style: 'h2' },
      observaciones.length === 0
        ? { text: 'La planilla no tiene observaciones.', italics: true }
        : {
            table: {
              headerRows: 1,
              widths: [30, '*', '*'],
              body: [
                [th('Tipo'), th('Observación'), th('Respuesta')],
                ...observaciones.map((o) => [
                  o.tipo === 'M' ? 'AM' : o.tipo === 'D' ? 'GD' : o.tipo,
                  na(o.observacion),
                  o.respuesta ?? 'Sin respuesta',
                ]),
              ],
            },
            layout: tableLayout,
          },
    ],
    styles: {
      empresa: { fontSize: 11, bold: true, margin: [8, 8, 0, 0] },
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 9, color: '#444' },
      h2: { fontSize: 11, bold: true, margin: [0, 14, 0, 6] },
      label: { bold: true, color: '#444' },
      th: { bold: true, color: '#fff' },
    },
    defaultStyle: { fontSize: 8.5 },
  };
}
