import { MSG_CARGA_AMB } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import { multipart } from '../../test/multipart.ts';

/** The first bytes of a PNG: a binary, whatever its name says. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

let t: TestContext;
let idTramite: number;
beforeAll(async () => {
  t = await createTestContext();
  const [p] = await t.database.query<{ id: number }>(
    `SELECT p.id_prestador AS id FROM prestador p JOIN usuario u ON u.id_empresa = p.id_empresa WHERE u.nombre = $1`,
    [DEMO.prestador],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tramites',
    headers: await t.auth(DEMO.prestador),
    payload: {
      idPrestador: p.id,
      idServicio: 1,
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-29',
      descripcion: 'Ambulatorio marzo',
      frecuenciaCarga: 'M',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  idTramite = res.json().item.idTramite;
  // Issue 11 item 4: the insurer side sees a procedure only once sent, and the auditor 18 reads its
  // rows only when it is assigned to everybody (T). Test data: set directly, not through a route.
  await t.database.query(
    `UPDATE tramite SET estado_tramite = 'ENVIADO', tipo_asignacion = 'T' WHERE id_tramite = $1`,
    [idTramite],
  );
});
afterAll(async () => t?.close());

const HEADER =
  'numero;nombrePaciente;cedula;tipo;fecha;horaDesde;horaHasta;motivo;diag1;diag2;laboratorio01;imagen01';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const GOOD = [
  '1001;juan pérez;0926687856;consulta;15/03/2026;08:30;09:00;control anual;J18.1;A09X;biometría;rx tórax',
  '1002;maría ñauta;1710034065;emergencia;2026-03-16;10:00;11:15;dolor abdominal;R10.4;;;',
];

async function upload(filename: string, content: string | Buffer, usuario: string = DEMO.supervisorAm) {
  const body = multipart([{ name: 'archivo', filename, content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tramites/${idTramite}/cargaamb`,
    headers: { ...(await t.auth(usuario)), ...body.headers },
    payload: body.payload,
  });
}
const stored = async () =>
  (
    await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM carga_amb WHERE id_tramite = $1', [
      idTramite,
    ])
  )[0].n;

describe('ambulatory loads (cargaamb)', () => {
  it('only .csv by extension and content: other names and binaries → 415 in Spanish; nothing stored', async () => {
    for (const [name, content] of [
      ['datos.txt', csv(...GOOD)],
      ['datos.xlsx', csv(...GOOD)],
      ['datos.csv', PNG],
      ['datos.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ] as const) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(415);
      expect(errorOf(res).error.message).toBe(MSG_CARGA_AMB.csvTipoInvalido);
    }
    expect(await stored()).toBe(0);
  });

  it('a malformed row → 400 with Spanish errors per row number; nothing stored (all or nothing)', async () => {
    const res = await upload(
      'datos.csv',
      csv(
        GOOD[0],
        '1003;ana;123;consulta;31/02/2026;10:00;09:00;;Z99.99;;;',
        '1004;luis;0926687856;consulta;2026-03-10;7:00;8:00;x',
        GOOD[1],
      ),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.message).toBe(MSG_CARGA_AMB.csvConErrores(2));
    expect(body.error.totalDetalles).toBe(5);
    expect(body.error.detalles).toEqual([
      'Fila 3: Motivo es obligatorio.',
      'Fila 3: Cédula debe tener 10 dígitos.',
      'Fila 3: Fecha "31/02/2026" no es una fecha válida (AAAA-MM-DD o dd/MM/aaaa).',
      'Fila 3: Hora hasta debe ser igual o posterior a hora desde.',
      'Fila 4: tiene 8 columnas y el encabezado 12.',
    ]);
    expect(await stored()).toBe(0);
    const unknownDiag = await upload('datos.csv', csv(GOOD[0].replace('J18.1', 'U99')));
    expect(unknownDiag.json().error.detalles).toEqual([
      'Fila 2: Diagnóstico 1 "U99" no existe en el catálogo CIE-10.',
    ]);
    const noHeader = await upload('datos.csv', 'a;b;c\n1;2;3');
    expect(errorOf(noHeader).error.message).toContain('Faltan columnas en el encabezado');
    expect(await stored()).toBe(0);
  });

  it('a good file is stored upper-case in one transaction and listed view-only (5 diagnoses, 10 labs, 10 images)', async () => {
    const res = await upload('Atenciones.CSV', csv(...GOOD));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mensaje).toBe(MSG_CARGA_AMB.csvCargado(2));
    const headers = await t.auth(DEMO.auditorAm);
    const list = await t.app.inject({ url: `/api/v1/tramites/${idTramite}/cargaamb`, headers });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().items.map((r: { numero: string; nombrePaciente: string }) => [r.numero, r.nombrePaciente]),
    ).toEqual([
      ['1001', 'JUAN PÉREZ'],
      ['1002', 'MARÍA ÑAUTA'],
    ]);
    const one = await t.app.inject({
      url: `/api/v1/tramites/${idTramite}/cargaamb/${list.json().items[0].idCargaAmb}`,
      headers,
    });
    expect(one.json()).toMatchObject({
      diag1: 'J181',
      diag2: 'A09',
      diag5: null,
      laboratorio01: 'BIOMETRÍA',
      laboratorio10: null,
      imagen01: 'RX TÓRAX',
      imagen10: null,
      fecha: '2026-03-15',
      horaDesde: '08:30',
      motivo: 'CONTROL ANUAL',
    });
    // A second upload of the same load replaces it.
    expect((await upload('datos.csv', csv(GOOD[1]))).statusCode).toBe(201);
    expect(await stored()).toBe(1);
  });

  it('only supervisors (17/19) upload; another tenant gets 404', async () => {
    expect((await upload('datos.csv', csv(...GOOD), DEMO.auditorAm)).statusCode).toBe(403);
    // The other provider's user cannot even see this procedure's list.
    const prestador2 = await t.auth(DEMO.prestador2);
    expect(
      (await t.app.inject({ url: `/api/v1/tramites/${idTramite}/cargaamb`, headers: prestador2 })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/v1/tramites/${idTramite}/cargaamb`,
          headers: await t.auth(DEMO.prestador),
        })
      ).statusCode,
    ).toBe(200);
  });
});
