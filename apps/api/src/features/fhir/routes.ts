import { type binaryResponse, FHIR_CONTENT_TYPE, fhirBundleSchema, idParams, responses } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getTramiteForUser } from '../tramites/access.ts';
import { fhirBundle } from './bundle.ts';

/**
 * FHIR R4 export of a procedure (issue 15 item 5, decision 57). Whoever sees the procedure may export it
 * (`tramiteScopeSql()`); it holds every attention, so the operatives 18 and 20 only when the procedure is
 * assigned to everybody (T), like every other read of all its attentions (decision 42).
 */
export async function fhirRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/v1/tramites/:id/fhir',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['fhir'],
        summary:
          'Exportación FHIR R4 del trámite: Bundle (collection) con un Claim por atención y un ClaimResponse por atención revisada',
        description:
          'Claim: paciente por cédula (identifier), diagnósticos CIE-10, líneas con su código TPSNS, cantidad, valor unitario y ' +
          'neto en USD. ClaimResponse (atenciones REVISADAS o FINALIZADAS por auditoría médica): adjudicación por línea ' +
          '(submitted = reclamado, eligible y benefit = aprobado) con el motivo de la glosa en adjudication.reason, totales y ' +
          'pago registrado. Valida contra el JSON Schema oficial de FHIR R4.',
        params: idParams,
        response: responses({
          // A typed document instead of binaryResponse's opaque file; same shape for the OpenAPI transform.
          200: {
            description: 'Bundle FHIR R4',
            content: { [FHIR_CONTENT_TYPE]: { schema: fhirBundleSchema } },
          } as unknown as ReturnType<typeof binaryResponse>,
        }),
      },
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      const stream = await fhirBundle(db, req.user, t.idTramite);
      return reply
        .header('content-type', `${FHIR_CONTENT_TYPE}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="tramite-${t.idTramite}.fhir.json"`)
        .send(stream as never); // a stream: no serializer runs; the typed reply only knows the Bundle
    },
  );
}
