import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  FHIR_MONEDA,
  FHIR_SISTEMA,
  type FhirClaim,
  type FhirClaimResponse,
  fromCents,
  MOTIVO_DETALLE_INACTIVO,
  PERFIL,
  type SessionUser,
  toCents,
} from '@app/domain';
import type { Database } from '../../db/client.ts';
import {
  type Atencion,
  agrupar,
  cabecera,
  type Linea,
  LOTE,
  leerLote,
  type Motivo,
  type Pago,
} from './lectura.ts';

/** Reviewed by the medical audit: the attention has an adjudication (ClaimResponse). */
const REVISADA = new Set(['REVISADA', 'FINALIZADA']);

/** A deterministic UUID (v5 layout) for the bundle's internal references. */
function uuid(kind: string, id: number): string {
  const h = crypto.createHash('sha1').update(`reclamos-salud:${kind}:${id}`).digest('hex');
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const concepto = (system: string, code: string, display?: string) => ({
  coding: [{ system, code, ...(display ? { display } : {}) }],
});

/**
 * FHIR decimals are JSON numbers, and JavaScript would write 25.50 as 25.5 (FHIR asks to keep the
 * precision) and could round large amounts: money is written as a marked string and turned into the
 * exact decimal text when the resource is serialised. The marker carries a random nonce per export,
 * so no text of the data can pose as an amount.
 */
function dineroJson() {
  const nonce = crypto.randomBytes(8).toString('hex');
  const re = new RegExp(`"~${nonce}~(-?\\d+\\.\\d{2})~"`, 'g');
  return {
    dinero: (v: string) =>
      ({ value: `~${nonce}~${fromCents(toCents(v))}~` as unknown as number, currency: FHIR_MONEDA }) as const,
    json: (o: unknown) => JSON.stringify(o).replace(re, '$1'),
  };
}

/**
 * The procedure as a FHIR R4 Bundle of type collection (issue 15 item 5, decision 57): one Claim per
 * active attention and, for each attention reviewed by the medical audit, a ClaimResponse with the
 * adjudication of each line (submitted = claimed, eligible and benefit = approved) and the glosa's reasons
 * in adjudication.reason. Streamed in keyset batches, so memory stays flat whatever the size.
 */
export async function fhirBundle(db: Database, user: SessionUser, idTramite: number) {
  const c = await cabecera(db, idTramite);
  const { dinero, json } = dineroJson();
  const ahora = new Date().toISOString();
  const tipo = concepto(
    FHIR_SISTEMA.claimType,
    /hospital/i.test(c.servicio) ? 'institutional' : 'professional',
  );
  const prestador = {
    identifier: {
      type: concepto(FHIR_SISTEMA.identifierType, 'TAX', 'Tax ID number'),
      system: FHIR_SISTEMA.ruc,
      value: c.ruc,
    },
    display: c.prestador,
  };
  const aseguradora = { display: c.asegurador };
  // The provider does not see the audit's drafts (observations not sent yet, decision 45).
  const soloEnviadas = user.idPerfil === PERFIL.PRESTADOR;

  function claim(a: Atencion, lineas: Linea[], nombresDiag: Map<string, { code: string; nombre: string }>) {
    const paciente = {
      identifier: {
        use: 'official',
        type: concepto(FHIR_SISTEMA.identifierType, 'NI', 'National unique individual identifier'),
        system: FHIR_SISTEMA.cedula,
        value: a.cedula,
      },
      display: a.nombre,
    };
    const diagnosticos = a.diags
      .filter((d): d is string => !!d)
      .map((d, i) => {
        const n = nombresDiag.get(d);
        return {
          sequence: i + 1,
          diagnosisCodeableConcept: concepto(FHIR_SISTEMA.icd10, n?.code ?? d, n?.nombre),
          ...(i === 0
            ? { type: [concepto(FHIR_SISTEMA.diagnosisType, 'principal', 'Principal Diagnosis')] }
            : {}),
        };
      });
    const medico = a.cedulaMedico
      ? [
          {
            sequence: 1,
            provider: {
              identifier: { system: FHIR_SISTEMA.cedula, value: a.cedulaMedico },
              ...(a.nombreMedico ? { display: a.nombreMedico } : {}),
            },
            responsible: true,
          },
        ]
      : undefined;
    const resource: FhirClaim = {
      resourceType: 'Claim',
      id: `planilla-${a.idPlanilla}`,
      identifier: [{ system: FHIR_SISTEMA.planilla, value: `${c.numero}/${a.numero}` }],
      status: 'active',
      type: tipo,
      use: 'claim',
      patient: paciente,
      billablePeriod: { start: a.fechaDesde, end: a.fechaHasta },
      created: a.fechaReg.toISOString(),
      insurer: aseguradora,
      provider: prestador,
      priority: concepto(FHIR_SISTEMA.processPriority, 'normal'),
      ...(medico ? { careTeam: medico } : {}),
      ...(diagnosticos.length ? { diagnosis: diagnosticos } : {}),
      insurance: [{ sequence: 1, focal: true, coverage: { display: `Cobertura de ${c.asegurador}` } }],
      ...(lineas.length
        ? {
            item: lineas.map((l, i) => ({
              sequence: i + 1,
              ...(medico ? { careTeamSequence: [1] } : {}),
              ...(diagnosticos.length ? { diagnosisSequence: diagnosticos.map((d) => d.sequence) } : {}),
              productOrService: {
                coding: [
                  l.elementoCodigo
                    ? {
                        system: FHIR_SISTEMA.tpsns,
                        code: l.elementoCodigo,
                        ...(l.descripcion ? { display: l.descripcion } : {}),
                      }
                    : { system: `${FHIR_SISTEMA.servicioPrestador}:${c.ruc}`, code: l.codigo },
                ],
                ...(l.descripcion ? { text: l.descripcion } : {}),
              },
              ...(l.fechaAtencion ? { servicedDate: l.fechaAtencion } : {}),
              quantity: { value: l.cantidad },
              unitPrice: dinero(l.valorUni),
              net: dinero(l.reclamado),
            })),
          }
        : {}),
      total: dinero(a.totalReclamado),
    };
    return { fullUrl: `urn:uuid:${uuid('claim', a.idPlanilla)}`, resource, paciente };
  }

  function respuesta(
    a: Atencion,
    lineas: Linea[],
    motivos: Map<number, Motivo[]>,
    pago: Pago | undefined,
    paciente: FhirClaimResponse['patient'],
  ) {
    const categoria = (code: string) => concepto(FHIR_SISTEMA.adjudication, code);
    const notas: { number: number; type: 'display'; text: string }[] = [];
    const items = lineas.map((l, i) => {
      const glosa = toCents(l.reclamado) - toCents(l.aprobado);
      const propios = glosa > 0n ? (motivos.get(l.idPlanillaDet) ?? []) : [];
      const razon =
        glosa <= 0n
          ? undefined
          : propios[0]
            ? {
                ...concepto(
                  FHIR_SISTEMA.observacion,
                  String(propios[0].idObservacion),
                  propios[0].descripcion,
                ),
                ...(propios[0].complementaria ? { text: propios[0].complementaria } : {}),
              }
            : l.estado !== 1
              ? concepto(FHIR_SISTEMA.observacion, 'detalle-inactivo', MOTIVO_DETALLE_INACTIVO)
              : undefined;
      const numeros = propios.map((m) => {
        notas.push({
          number: notas.length + 1,
          type: 'display',
          text: `Línea ${i + 1}: ${m.descripcion}${m.complementaria ? ` — ${m.complementaria}` : ''}`,
        });
        return notas.length;
      });
      return {
        itemSequence: i + 1,
        ...(numeros.length ? { noteNumber: numeros } : {}),
        adjudication: [
          { category: categoria('submitted'), amount: dinero(l.reclamado) },
          {
            category: categoria('eligible'),
            ...(razon ? { reason: razon } : {}),
            amount: dinero(l.aprobado),
          },
          { category: categoria('benefit'), amount: dinero(l.aprobado) },
        ],
      };
    });
    const pagado = pago ? toCents(pago.pagado) : 0n;
    const resource: FhirClaimResponse = {
      resourceType: 'ClaimResponse',
      id: `respuesta-${a.idPlanilla}`,
      status: 'active',
      type: tipo,
      use: 'claim',
      patient: paciente,
      created: (a.fechaAud ?? a.fechaReg).toISOString(),
      insurer: aseguradora,
      requestor: prestador,
      request: { reference: `urn:uuid:${uuid('claim', a.idPlanilla)}` },
      outcome: 'complete',
      disposition:
        a.estadoAud === 'FINALIZADA' ? 'Auditoría médica finalizada' : 'Revisada por auditoría médica',
      ...(items.length ? { item: items } : {}),
      total: [
        { category: categoria('submitted'), amount: dinero(a.totalReclamado) },
        { category: categoria('eligible'), amount: dinero(a.totalAprobado) },
        { category: categoria('benefit'), amount: dinero(a.totalAprobado) },
      ],
      ...(pago && pagado > 0n
        ? {
            payment: {
              type: concepto(
                FHIR_SISTEMA.paymentType,
                pagado >= toCents(a.totalAprobado) ? 'complete' : 'partial',
              ),
              date: pago.fecha,
              amount: dinero(pago.pagado),
            },
          }
        : {}),
      ...(notas.length ? { processNote: notas } : {}),
    };
    return { fullUrl: `urn:uuid:${uuid('claimresponse', a.idPlanilla)}`, resource };
  }

  async function* entradas(): AsyncGenerator<string> {
    let numero = '';
    let id = 0;
    for (;;) {
      const { atenciones, lineas, diags, motivos, pagos } = await leerLote(
        db,
        idTramite,
        { numero, id },
        soloEnviadas,
      );
      if (!atenciones.length) return;
      const porAtencion = agrupar(lineas);
      const nombresDiag = new Map(diags.map((d) => [d.codigo, d]));
      const motivosPorLinea = new Map<number, Motivo[]>();
      for (const m of motivos)
        motivosPorLinea.set(m.idPlanillaDet, [...(motivosPorLinea.get(m.idPlanillaDet) ?? []), m]);
      const pagosPorAtencion = new Map(pagos.map((p) => [p.idPlanilla, p]));
      const partes: string[] = [];
      for (const a of atenciones) {
        const ls = porAtencion.get(a.idPlanilla) ?? [];
        const cl = claim(a, ls, nombresDiag);
        partes.push(json({ fullUrl: cl.fullUrl, resource: cl.resource }));
        if (REVISADA.has(a.estadoAud))
          partes.push(
            json(respuesta(a, ls, motivosPorLinea, pagosPorAtencion.get(a.idPlanilla), cl.paciente)),
          );
      }
      yield partes.join(',');
      const last = atenciones[atenciones.length - 1];
      numero = last.numero;
      id = last.idPlanilla;
      if (atenciones.length < LOTE) return;
    }
  }

  const cabeza = json({
    resourceType: 'Bundle',
    id: `tramite-${idTramite}`,
    meta: { lastUpdated: ahora },
    identifier: { system: FHIR_SISTEMA.tramite, value: c.numero },
    type: 'collection',
    timestamp: ahora,
  });
  return Readable.from(
    (async function* () {
      yield `${cabeza.slice(0, -1)},"entry":[`;
      let primero = true;
      for await (const parte of entradas()) {
        if (!parte) continue;
        yield primero ? parte : `,${parte}`;
        primero = false;
      }
      yield ']}';
    })(),
  );
}
