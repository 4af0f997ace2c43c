import {
  binaryResponse,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  idParams,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logoDataUrl } from '../../lib/pdf.ts';
import { renderPdf } from '../../lib/pdf-document.ts';
import { getPlanillaForUser } from './access.ts';

/** Line items printed on one sheet; an attention has a handful, this only bounds a pathological one. */
const MAX_DETALLES = 2000;
const NA = 'N/A';

const na = (v: string | number | null | undefined) =>
  v === null || v === undefined || String(v).trim() === '' ? NA : String(v);

type Cabecera = {
  numeroTramite: string;
  nombreComercial: string;
  aseguradora: string;
  idEmpresaAseguradora: number;
};
type Diagnostico = { codigo: string; nombre: string | null };
type Detalle = {
  fechaAtencion: string | null;
  codigo: string;
  descripcion: string | null;
  cantidad: number;
  valorUni: string;
  total: string;
};
type Observacion = { tipo: string; observacion: string | null; respuesta: string | null };

const th = (text: string) => ({ text, style: 'th' });
const tableLayout = {
  fillColor: (row: number) => (row === 0 ? '#1677ff' : row % 2 === 0 ? '#f5f7fa' : null),
  hLineColor: () => '#d9d9d9',
  vLineColor: () => '#d9d9d9',
};

/**
 * Report 9 as the print of one attention sheet (docs/spec-summary.md 000 §2 'Imprimir', 001 §7): its data, diagnoses
 * with their CIE-10 names, line items with totals, and its observations with their answers.
 */
export async function resumenPdfRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/v1/planillas/:id/resumen.pdf',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['planillas'],
        summary: 'Reporte 9: impresión de la planilla de atención (PDF)',
        response: responses({ 200: binaryResponse('application/pdf') }),
        params: idParams,
      },
    },
    async (req, reply) => {
      const { planilla: p } = await getPlanillaForUser(db, req.user, req.params.id);
      const [cab] = await db.query<Cabecera>(
        `SELECT t.numero AS "numeroTramite", pr.nombre_comercial AS "nombreComercial", e.razon_social AS aseguradora,
                t.id_empresa_aseguradora AS "idEmpresaAseguradora"
           FROM tramite t JOIN prestador pr ON pr.id_prestador = t.id_prestador
           JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
          WHERE t.id_tramite = $1`,
        [p.idTramite],
      );
      const codigos = [p.diag1, p.diag2, p.diag3, p.diag4, p.diag5];
      const nombres = await db.query<Diagnostico>(
        'SELECT codigo, nombre FROM diagnostico WHERE codigo = ANY($1::text[])',
        [codigos.filter((c): c is string => !!c)],
      );
      const detalles = await db.query<Detalle>(
        `SELECT d.fecha_atencion AS "fechaAtencion", d.codigo, d.descripcion, d.cantidad, d.valor_uni AS "valorUni",
                (d.cantidad * d.valor_uni)::numeric(14,2)::text AS total
           FROM planilla_det d WHERE d.id_planilla = $1 AND d.estado = 1
          ORDER BY d.fecha_atencion NULLS LAST, d.codigo, d.id_planilla_det LIMIT ${MAX_DETALLES}`,
        [p.idPlanilla],
      );
      const observaciones = await db.query<Observacion>(
        `SELECT po.observacion_tipo AS tipo, coalesce(nullif(po.descripcion, ''), o.descripcion) AS observacion,
                coalesce(nullif(po.respuesta, ''), r.descripcion) AS respuesta
           FROM pla_obs po
           JOIN observacion o ON o.id_observacion = po.id_observacion
           LEFT JOIN respuesta r ON r.id_respuesta = po.id_respuesta
          WHERE po.id_planilla = $1 AND po.estado = 1
          ORDER BY po.observacion_tipo DESC, po.id_pla_obs`,
        [p.idPlanilla],
      );
      const logo = await logoDataUrl(db, cab.idEmpresaAseguradora);

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

      const doc = {
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
      const pdf = await renderPdf(doc);
      const nombre = `planilla_${p.numero}`.replace(/[^\w.-]+/g, '_');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${nombre}.pdf"`)
        .send(pdf);
    },
  );
}
