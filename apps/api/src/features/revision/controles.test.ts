import { beforeAll, describe, expect, it } from 'vitest';
import { crearPlanillas, crearTramite, type Fixture, usarContextoConFixtures } from '../../test/fixtures.ts';
import { DEMO } from '../../test/helpers.ts';

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
let otro: Fixture;
const N: Record<string, number> = {};

beforeAll(async () => {
  // Load period 2026-03-02 (Mon) .. 2026-03-15; 2026-03-03 is a Tuesday.
  const specs = [
    { numero: 'C01', duplicada: 1, cedula: '0900000001' },
    {
      numero: 'C02',
      cedula: '0900000002',
      detalles: [['99203', 1, '25.50']] as Array<[string, number, string]>,
    },
    {
      numero: 'C03',
      cedula: '0900000002',
      detalles: [['99203', 1, '25.50']] as Array<[string, number, string]>,
    },
    {
      numero: 'C04',
      cedula: '0900000002',
      detalles: [['85025', 1, '7.90']] as Array<[string, number, string]>,
    },
    { numero: 'C05', cedula: '0900000005' },
    { numero: 'C06', cedula: '0900000006', fechaDesde: '2026-03-20', fechaHasta: '2026-03-21' },
    { numero: 'C07', cedula: '0900000007', fechaDesde: '2026-03-08' },
    {
      numero: 'C08',
      cedula: '0900000008',
      detalles: [['99203', 1, '30.00']] as Array<[string, number, string]>,
    },
    { numero: 'C09', cedula: '0900000009', diag2: 'U999' },
    { numero: 'C10', cedula: '0900000010', diag1: 'O80' },
    { numero: 'C11', cedula: '0900000011', diag1: 'O80' },
    { numero: 'C12', cedula: '0900000012', diag1: 'P07' },
  ];
  f = await crearTramite(t, ids, { planillas: specs });
  specs.forEach((s, i) => {
    N[s.numero] = f.planillas[i];
  });
  // Same patient, dates and services in another procedure of the same provider.
  otro = await crearTramite(t, ids, { planillas: [{ numero: 'OTRA-5', cedula: '0900000005' }] });
  // Another provider's identical attention is not a duplicate.
  await crearTramite(t, ids, {
    prestador: ids.idPrestador2,
    planillas: [{ numero: 'H-1', cedula: '0900000008' }],
  });
  await t.database.query(`UPDATE diagnostico SET sexo = 'F' WHERE codigo = 'O80'`);
  await t.database.query(`UPDATE diagnostico SET edad_max = 1 WHERE codigo = 'P07'`);
  const [per] = await t.database.query<{ idEmpresa: number; idTipo: number }>(
    'SELECT id_empresa AS "idEmpresa", id_tipo_iden AS "idTipo" FROM persona LIMIT 1',
  );
  for (const [doc, sexo, nac] of [
    ['0900000010', 'M', '1990-01-01'],
    ['0900000012', 'F', '1985-05-05'],
  ]) {
    await t.database.query(
      `INSERT INTO persona (id_tipo_iden, documento, fecha_nac, sexo, primer_nombre, primer_apellido, id_empresa)
       VALUES ($1, $2, $3, $4, 'PACIENTE', 'PRUEBA', $5)`,
      [per.idTipo, doc, nac, sexo, per.idEmpresa],
    );
  }
  // Only C01 has a document.
  await t.database.query(
    `INSERT INTO archivo_pla (id_planilla, id_carga, id_tramite, nombre, ruta, tipo, tamano, hash)
     VALUES ($1, $2, $3, 'c01.pdf', 'x/c01.pdf', 'application/pdf', 10, 'abc')`,
    [N.C01, f.idCarga, f.idTramite],
  );
});

const flagged = async (n: number, qs = '') => {
  const res = await req(
    'GET',
    `/api/v1/tramites/${f.idTramite}/controles/${n}?pageSize=100${qs}`,
    DEMO.supervisorAm,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: Array<{ numero: string; motivo: string; idPlanilla: number }>;
    total: number;
  };
};

describe('controls 1–5', () => {
  it('1 duplicates: marked, or same patient + dates + services within the provider', async () => {
    const r = await flagged(1);
    expect(r.items.map((i) => i.numero)).toEqual(['C01', 'C02', 'C03', 'C05']);
    expect(r.items[0].motivo).toBe('Marcada como duplicada al organizar la carga');
    expect(r.items[1].motivo).toBe(
      `Mismo paciente, fechas y servicios que la atención C03 (trámite ${f.idTramite})`,
    );
    expect(r.items[3].motivo).toBe(
      `Mismo paciente, fechas y servicios que la atención OTRA-5 (trámite ${otro.idTramite})`,
    );
  });

  it('2 dates outside the load period or on a weekend', async () => {
    const r = await flagged(2);
    expect(r.items.map((i) => [i.numero, i.motivo])).toEqual([
      ['C06', 'Fechas fuera del periodo de la carga (02/03/2026 - 15/03/2026)'],
      ['C07', 'Atención en fin de semana (domingo)'],
    ]);
  });

  it('3 unit value above the provider price list', async () => {
    const r = await flagged(3);
    expect(r.items.map((i) => [i.numero, i.motivo])).toEqual([
      ['C08', 'Servicio 99203: valor $ 30,00 mayor que la tarifa $ 25,50'],
    ]);
  });

  it('4 diagnosis not in CIE-10 or incompatible with the known patient', async () => {
    const r = await flagged(4);
    expect(r.items.map((i) => [i.numero, i.motivo])).toEqual([
      ['C09', 'Diagnóstico U999 no existe en CIE-10'],
      ['C10', 'Diagnóstico O80 no corresponde al sexo del paciente (M)'],
      ['C12', 'Diagnóstico P07 no corresponde a la edad del paciente (40 años)'],
    ]);
  });

  it('5 attentions without documents; counts on the tab; idCarga and paging', async () => {
    const r = await flagged(5);
    expect(r.total).toBe(11);
    expect(r.items.some((i) => i.numero === 'C01')).toBe(false);
    const res = await req('GET', `/api/v1/tramites/${f.idTramite}/controles`, DEMO.revisor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().controles.map((c: { control: number; total: number }) => [c.control, c.total])).toEqual(
      [
        [1, 4],
        [2, 2],
        [3, 1],
        [4, 3],
        [5, 11],
      ],
    );
    const page = (
      await req('GET', `/api/v1/tramites/${f.idTramite}/controles/5?page=2&pageSize=5`, DEMO.supervisorGd)
    ).json();
    expect(page).toMatchObject({ total: 11, page: 2, pageSize: 5 });
    expect(page.items).toHaveLength(5);
    const [otraCarga] = await crearPlanillas(t, f.idTramite, f.idCarga, [], ids.idPrestador);
    expect(otraCarga).toBeUndefined();
    const porCarga = await req(
      'GET',
      `/api/v1/tramites/${f.idTramite}/controles?idCarga=${f.idCarga}`,
      DEMO.supervisorAm,
    );
    expect(porCarga.json().controles[4].total).toBe(11);
  });

  it('a click filters the attentions list to the flagged ones', async () => {
    const res = await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}&control=2`, DEMO.supervisorAm);
    expect(res.json().items.map((i: { numero: string }) => i.numero)).toEqual(['C06', 'C07']);
    const c4 = await req(
      'GET',
      `/api/v1/planillas?idTramite=${f.idTramite}&control=4&idCarga=${f.idCarga}`,
      DEMO.supervisorAm,
    );
    expect(c4.json().total).toBe(3);
  });

  it('supervisors 16/17/19 only; other tenant 404; bad control 400', async () => {
    // 18 and 20 with nothing assigned do not see the procedure at all (issue 11 item 4).
    for (const [u, status] of [
      [DEMO.auditorAm, 404],
      [DEMO.gestorGd, 404],
      [DEMO.prestador, 403],
    ] as const) {
      expect((await req('GET', `/api/v1/tramites/${f.idTramite}/controles`, u)).statusCode, u).toBe(status);
      expect((await req('GET', `/api/v1/tramites/${f.idTramite}/controles/1`, u)).statusCode, u).toBe(status);
    }
    expect((await req('GET', `/api/v1/tramites/${f.idTramite}/controles`, DEMO.prestador2)).statusCode).toBe(
      404,
    );
    expect(
      (await req('GET', `/api/v1/tramites/${f.idTramite}/controles/6`, DEMO.supervisorAm)).statusCode,
    ).toBe(400);
    expect((await req('GET', `/api/v1/tramites/${f.idTramite}/controles`)).statusCode).toBe(401);
  });
});
