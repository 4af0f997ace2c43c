/**
 * FHIR R4 export of a procedure (issue 15 item 5; decision 57): a Bundle of type collection with one Claim
 * per active attention and one ClaimResponse per attention reviewed by the medical audit. These zod
 * schemas describe the subset of R4 the export writes, for the OpenAPI document; the API test validates
 * the real output against the official R4 JSON schema as well.
 */
import { z } from 'zod';

/** Code systems and identifier namespaces of the export (decision 57). */
export const FHIR_SISTEMA = {
  /** Ecuadorian identity card (cédula), issued by the Registro Civil. */
  cedula: 'https://www.registrocivil.gob.ec/cedula',
  /** Taxpayer number (RUC) of the provider, issued by the SRI. */
  ruc: 'https://www.sri.gob.ec/ruc',
  /** Tarifario de Prestaciones para el Sistema Nacional de Salud (MSP). */
  tpsns: 'https://www.salud.gob.ec/tpsns',
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  /** This product's namespaces: procedure numbers, attention numbers, standard observations. */
  tramite: 'urn:reclamos-salud:tramite',
  planilla: 'urn:reclamos-salud:planilla',
  observacion: 'urn:reclamos-salud:observacion',
  servicioPrestador: 'urn:reclamos-salud:servicio-prestador',
  claimType: 'http://terminology.hl7.org/CodeSystem/claim-type',
  processPriority: 'http://terminology.hl7.org/CodeSystem/processpriority',
  diagnosisType: 'http://terminology.hl7.org/CodeSystem/ex-diagnosistype',
  adjudication: 'http://terminology.hl7.org/CodeSystem/adjudication',
  paymentType: 'http://terminology.hl7.org/CodeSystem/ex-paymenttype',
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
} as const;

export const FHIR_MONEDA = 'USD';
export const FHIR_CONTENT_TYPE = 'application/fhir+json';

const coding = z.object({
  system: z.string().optional(),
  code: z.string().optional(),
  display: z.string().optional(),
});
const concept = z.object({ coding: z.array(coding).optional(), text: z.string().optional() });
const identifier = z.object({
  use: z.string().optional(),
  type: concept.optional(),
  system: z.string().optional(),
  value: z.string().optional(),
});
const reference = z.object({
  reference: z.string().optional(),
  identifier: identifier.optional(),
  display: z.string().optional(),
});
/** FHIR decimals are JSON numbers; the export writes them with their 2 decimals (decision 57). */
const money = z.object({ value: z.number(), currency: z.literal(FHIR_MONEDA) });
const adjudication = z.object({
  category: concept,
  reason: concept.optional(),
  amount: money.optional(),
});

export const fhirClaimSchema = z
  .object({
    resourceType: z.literal('Claim'),
    id: z.string(),
    identifier: z.array(identifier),
    status: z.literal('active'),
    type: concept,
    use: z.literal('claim'),
    patient: reference,
    billablePeriod: z.object({ start: z.string(), end: z.string() }),
    created: z.string(),
    insurer: reference.optional(),
    provider: reference,
    priority: concept,
    careTeam: z
      .array(
        z.object({ sequence: z.number().int(), provider: reference, responsible: z.boolean().optional() }),
      )
      .optional(),
    diagnosis: z
      .array(
        z.object({
          sequence: z.number().int(),
          diagnosisCodeableConcept: concept,
          type: z.array(concept).optional(),
        }),
      )
      .optional(),
    insurance: z.array(z.object({ sequence: z.number().int(), focal: z.boolean(), coverage: reference })),
    item: z
      .array(
        z.object({
          sequence: z.number().int(),
          careTeamSequence: z.array(z.number().int()).optional(),
          diagnosisSequence: z.array(z.number().int()).optional(),
          productOrService: concept,
          servicedDate: z.string().optional(),
          quantity: z.object({ value: z.number() }),
          unitPrice: money,
          net: money,
        }),
      )
      .optional(),
    total: money,
  })
  .meta({ description: 'FHIR R4 Claim: una atención médica (planilla) con sus líneas' });

export const fhirClaimResponseSchema = z
  .object({
    resourceType: z.literal('ClaimResponse'),
    id: z.string(),
    status: z.literal('active'),
    type: concept,
    use: z.literal('claim'),
    patient: reference,
    created: z.string(),
    insurer: reference,
    requestor: reference.optional(),
    request: reference,
    outcome: z.literal('complete'),
    disposition: z.string().optional(),
    item: z
      .array(
        z.object({
          itemSequence: z.number().int(),
          noteNumber: z.array(z.number().int()).optional(),
          adjudication: z.array(adjudication),
        }),
      )
      .optional(),
    total: z.array(z.object({ category: concept, amount: money })).optional(),
    payment: z.object({ type: concept, date: z.string().optional(), amount: money }).optional(),
    processNote: z
      .array(z.object({ number: z.number().int(), type: z.literal('display'), text: z.string() }))
      .optional(),
  })
  .meta({
    description:
      'FHIR R4 ClaimResponse: la adjudicación de una atención revisada por auditoría médica (reclamado = submitted, aprobado = eligible y benefit, motivos de glosa en adjudication.reason)',
  });

export const fhirBundleSchema = z
  .object({
    resourceType: z.literal('Bundle'),
    id: z.string(),
    meta: z.object({ lastUpdated: z.string() }).optional(),
    identifier: identifier,
    type: z.literal('collection'),
    timestamp: z.string(),
    entry: z.array(
      z.object({
        fullUrl: z.string(),
        resource: z.union([fhirClaimSchema, fhirClaimResponseSchema]),
      }),
    ),
  })
  .meta({ id: 'FhirBundle', description: 'FHIR R4 Bundle (type collection) de un trámite' });

export type FhirBundle = z.input<typeof fhirBundleSchema>;
export type FhirClaim = z.input<typeof fhirClaimSchema>;
export type FhirClaimResponse = z.input<typeof fhirClaimResponseSchema>;
