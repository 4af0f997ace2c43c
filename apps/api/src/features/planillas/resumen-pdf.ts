import { binaryResponse, idParams, responses } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planillaDet, tramite } from '../../db/schema/index.ts';
import { logoDataUrl } from '../../lib/pdf.ts';
import { renderPdf } from '../../lib/pdf-document.ts';
import { columnas, consulta, fila, lista, sql } from '../../lib/sql.ts';
import { getPlanillaForUser } from './access.ts';
import {
  type Cabecera,
  type Detalle,
  type Diagnostico,
  documentoResumen,
  type Observacion,
} from './resumen-doc.ts';

/** Line items printed on one sheet; an attention has a handful, this only bounds a pathological one. */
const MAX_DETALLES = 2000;

/** A line of the printed sheet (alias d). */
const DETALLE = columnas(planillaDet, 'd', {
  solo: ['fechaAtencion', 'codigo', 'descripcion', 'cantidad', 'valorUni'],
  extra: { total: '(d.cantidad * d.valor_uni)::numeric(14,2)::text' },
});

/** The sheet's header: the procedure (t), its provider (pr) and insurer (e). */
const CABECERA = lista([
  columnas(tramite, 't', {
    solo: [],
    extra: {
      numeroTramite: 't.numero',
      nombreComercial: 'pr.nombre_comercial',
      aseguradora: 'e.razon_social',
    },
  }),
  columnas(tramite, 't', { solo: ['idEmpresaAseguradora'] }),
]);

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
      const cab = await fila<Cabecera>(
        db,
        sql`SELECT ${CABECERA}
           FROM tramite t JOIN prestador pr ON pr.id_prestador = t.id_prestador
           JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
          WHERE t.id_tramite = ${p.idTramite}`,
      );
      const codigos = [p.diag1, p.diag2, p.diag3, p.diag4, p.diag5];
      const nombres = await consulta<Diagnostico>(
        db,
        sql`SELECT codigo, nombre FROM diagnostico WHERE codigo = ANY(${sql.param(codigos.filter((c): c is string => !!c))}::text[])`,
      );
      const detalles = await consulta<Detalle>(
        db,
        sql`SELECT ${DETALLE}
           FROM planilla_det d WHERE d.id_planilla = ${p.idPlanilla} AND d.estado = 1
          ORDER BY d.fecha_atencion NULLS LAST, d.codigo, d.id_planilla_det LIMIT ${MAX_DETALLES}`,
      );
      const observaciones = await consulta<Observacion>(
        db,
        sql`SELECT po.observacion_tipo AS tipo, coalesce(nullif(po.descripcion, ''), o.descripcion) AS observacion,
                coalesce(nullif(po.respuesta, ''), r.descripcion) AS respuesta
           FROM pla_obs po
           JOIN observacion o ON o.id_observacion = po.id_observacion
           LEFT JOIN respuesta r ON r.id_respuesta = po.id_respuesta
          WHERE po.id_planilla = ${p.idPlanilla} AND po.estado = 1
          ORDER BY po.observacion_tipo DESC, po.id_pla_obs`,
      );
      const logo = await logoDataUrl(db, cab.idEmpresaAseguradora);
      const doc = documentoResumen(p, cab, nombres, detalles, observaciones, logo);
      const pdf = await renderPdf(doc);
      const nombre = `planilla_${p.numero}`.replace(/[^\w.-]+/g, '_');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${nombre}.pdf"`)
        .send(pdf);
    },
  );
}
