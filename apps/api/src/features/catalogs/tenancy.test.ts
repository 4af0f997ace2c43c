import { MSG, refInvalido } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';

type Headers = { authorization: string };
type Item = Record<string, unknown>;

let t: TestContext;
/** Insurer company (ASEGURADORA PACÍFICO): admin and the AM supervisor (17, menuParametros). */
let admin: Headers;
let supervisor: Headers;
/** Provider company (CLÍNICA SANTA MARÍA): a provider user without menuParametros, and an administrator. */
let prestador: Headers;
let clinicaAdmin: Headers;
let prestador2: Headers;
let idEmpresaClinica: number;
let idEmpresaAseg: number;

const CLINICA_ADMIN = 'admin.clinica@demo.ec';

beforeAll(async () => {
  t = await createTestContext();
  const [u] = await t.database.query<{ idEmpresa: number; clave: string }>(
    `SELECT id_empresa AS "idEmpresa", clave FROM usuario WHERE nombre = $1`,
    [DEMO.prestador],
  );
  idEmpresaClinica = u.idEmpresa;
  const [a] = await t.database.query<{ idEmpresa: number }>(
    `SELECT id_empresa AS "idEmpresa" FROM usuario WHERE nombre = $1`,
    [DEMO.admin],
  );
  idEmpresaAseg = a.idEmpresa;
  // An administrator of the provider company: may write catalogues (menuParametros), but only its own rows.
  await t.database.query(
    `INSERT INTO usuario (id_empresa, id_perfil, nombre, clave, modulo_administracion, modulo_auditoria, menu_parametros)
     VALUES ($1, 1, $2, $3, true, true, true)`,
    [idEmpresaClinica, CLINICA_ADMIN, u.clave],
  );
  admin = await t.auth(DEMO.admin);
  supervisor = await t.auth(DEMO.supervisorAm);
  prestador = await t.auth(DEMO.prestador);
  prestador2 = await t.auth(DEMO.prestador2);
  clinicaAdmin = await t.auth(CLINICA_ADMIN);
});
afterAll(async () => t?.close());

const url = (name: string, id?: unknown) => `/api/v1/catalogos/${name}${id === undefined ? '' : `/${id}`}`;

async function create(name: string, headers: Headers, payload: Item): Promise<Item> {
  const res = await t.app.inject({ method: 'POST', url: url(name), headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item;
}

async function listIds(name: string, headers: Headers, idField: string, query = ''): Promise<unknown[]> {
  const res = await t.app.inject({ url: `${url(name)}?pageSize=100${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((i: Item) => i[idField]);
}

/** Another company's user can neither list, read, change nor delete the row: 404, and the row is intact. */
async function expectHidden(name: string, idField: string, row: Item, from: Headers, payload: Item) {
  const id = row[idField];
  expect(await listIds(name, from, idField)).not.toContain(id);
  expect((await t.app.inject({ url: url(name, id), headers: from })).statusCode).toBe(404);
  const put = await t.app.inject({ method: 'PUT', url: url(name, id), headers: from, payload });
  expect(put.statusCode).toBe(404);
  expect(errorOf(put).error.message).toBe(MSG.noEncontrado);
  expect((await t.app.inject({ method: 'DELETE', url: url(name, id), headers: from })).statusCode).toBe(404);
  const still = await t.app.inject({ url: url(name, id), headers: admin });
  expect(still.statusCode).toBe(200);
  expect(still.json().fechaAct).toBeNull();
}

const scoped: Array<{ name: string; idField: string; payload: Item }> = [
  {
    name: 'observacion',
    idField: 'idObservacion',
    payload: { tipo: 'M', descripcion: 'Falta epicrisis firmada' },
  },
  {
    name: 'respuesta',
    idField: 'idRespuesta',
    payload: { descripcion: 'Se adjunta el documento solicitado' },
  },
  { name: 'plantilla', idField: 'idPlantilla', payload: { nombre: 'Consulta externa', descripcion: null } },
  {
    name: 'factura',
    idField: 'idFactura',
    payload: {
      numero: '001-001-000123',
      fecha: '2026-03-01',
      subtotal: '100.00',
      iva: '15.00',
      estado: 'EMITIDA',
    },
  },
];

describe.each(scoped)('tenant of $name (the user’s company)', ({ name, idField, payload }) => {
  it('rows belong to the creator’s company, whatever idEmpresa the client sends', async () => {
    const row = await create(name, supervisor, { ...payload, idEmpresa: idEmpresaClinica });
    const [db] = await t.database.query<{ idEmpresa: number }>(
      `SELECT id_empresa AS "idEmpresa" FROM ${name} WHERE id_${name} = $1`,
      [row[idField]],
    );
    expect(db.idEmpresa).toBe(idEmpresaAseg);
    expect(db.idEmpresa).not.toBe(idEmpresaClinica);
    // The same company sees it.
    expect(await listIds(name, admin, idField)).toContain(row[idField]);
  });

  it('another company cannot list, read, change or delete it (404)', async () => {
    const row = await create(name, supervisor, payload);
    await expectHidden(name, idField, row, clinicaAdmin, payload);
    // A provider user without the write flag: hidden as well; writes are refused before anything is looked up.
    expect(await listIds(name, prestador, idField)).not.toContain(row[idField]);
    expect((await t.app.inject({ url: url(name, row[idField]), headers: prestador })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(name, row[idField]), headers: prestador })).statusCode,
    ).toBe(403);
  });

  it('and the other way round: the insurer cannot reach the provider company’s rows', async () => {
    const row = await create(name, clinicaAdmin, payload);
    expect(await listIds(name, clinicaAdmin, idField)).toContain(row[idField]);
    const id = row[idField];
    expect(await listIds(name, supervisor, idField)).not.toContain(id);
    expect((await t.app.inject({ url: url(name, id), headers: supervisor })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: url(name, id), headers: supervisor, payload })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: url(name, id), headers: admin })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: url(name, id), headers: clinicaAdmin })).statusCode).toBe(200);
  });
});

describe('tenant through a reference (invoice lines, payments)', () => {
  it('lines of another company’s invoice are hidden, and cannot be attached to it', async () => {
    const factura = await create('factura', admin, scoped[3].payload);
    const line = {
      idFactura: factura.idFactura,
      descripcion: 'Plan profesional marzo',
      cantidad: 2,
      valorUni: '50.05',
    };
    const det = await create('facturadet', admin, line);
    expect(det.total).toBe('100.10');
    expect(det.facturaNombre).toBe('001-001-000123');
    await expectHidden('facturadet', 'idFacturaDet', det, clinicaAdmin, line);
    // Filtering by the other company's invoice shows nothing, not its lines.
    const res = await t.app.inject({
      url: `${url('facturadet')}?idFactura=${factura.idFactura}`,
      headers: clinicaAdmin,
    });
    expect(res.json()).toMatchObject({ items: [], total: 0 });
    // Creating a line or a payment on it: the same answer as for an invoice that does not exist.
    for (const [name, payload] of [
      ['facturadet', line],
      ['pago', { idFactura: factura.idFactura, idFormaPago: 1, fecha: '2026-03-02', valor: '115.00' }],
    ] as const) {
      const bad = await t.app.inject({ method: 'POST', url: url(name), headers: clinicaAdmin, payload });
      expect(bad.statusCode, name).toBe(400);
      expect(errorOf(bad).error.fields).toEqual({ idFactura: refInvalido('Factura') });
      const missing = await t.app.inject({
        method: 'POST',
        url: url(name),
        headers: clinicaAdmin,
        payload: { ...payload, idFactura: 999999 },
      });
      expect(errorOf(missing).error).toEqual(errorOf(bad).error);
    }
    // Nor can a line be moved to it.
    const own = await create('factura', clinicaAdmin, { ...scoped[3].payload, numero: '002-001-000001' });
    const ownLine = await create('facturadet', clinicaAdmin, { ...line, idFactura: own.idFactura });
    const move = await t.app.inject({
      method: 'PUT',
      url: url('facturadet', ownLine.idFacturaDet),
      headers: clinicaAdmin,
      payload: { ...line, idFactura: factura.idFactura },
    });
    expect(move.statusCode).toBe(400);
  });

  it('provider price lists: each provider company sees its own, the insurer sees its providers’', async () => {
    const ids = async (h: Headers) =>
      (await t.app.inject({ url: `${url('elempres')}?pageSize=100`, headers: h }))
        .json()
        .items.map((i: Item) => i.codigo);
    expect((await ids(prestador)).sort()).toEqual(['CSM-CONS-03', 'CSM-LAB-BH']);
    expect((await ids(prestador2)).sort()).toEqual(['HV-EMERG-3', 'HV-RX-TORAX']);
    expect((await ids(admin)).sort()).toEqual(['CSM-CONS-03', 'CSM-LAB-BH', 'HV-EMERG-3', 'HV-RX-TORAX']);
    const hv = (await t.app.inject({ url: `${url('elempres')}?q=HV-RX`, headers: admin })).json().items[0];
    expect((await t.app.inject({ url: url('elempres', hv.idElemPres), headers: prestador })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: url('elempres', hv.idElemPres), headers: prestador2 })).statusCode,
    ).toBe(200);
    // The providers' view follows the same rule.
    const names = async (h: Headers) =>
      (await t.app.inject({ url: url('vwprestador'), headers: h }))
        .json()
        .items.map((i: Item) => i.nombreComercial);
    expect(await names(prestador)).toEqual(['CLÍNICA SANTA MARÍA']);
    expect(await names(admin)).toEqual(['CLÍNICA SANTA MARÍA', 'HOSPITAL DEL VALLE']);
    // The clinic's administrator may not file an element under the hospital.
    const bad = await t.app.inject({
      method: 'POST',
      url: url('elempres'),
      headers: clinicaAdmin,
      payload: { idPrestador: hv.idPrestador, codigo: 'X-1', nombre: 'PRUEBA' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields?.idPrestador).toBe(refInvalido('Prestador'));
  });
});

describe('parent filter (?{referenceField}={id})', () => {
  it('lists only the rows of that parent, in SQL, combined with search and paging', async () => {
    const [g] = await t.database.query<{ id: number; n: number }>(
      `SELECT id_clas_diag AS id, count(*)::int AS n FROM diagnostico GROUP BY id_clas_diag ORDER BY count(*) DESC LIMIT 1`,
    );
    const res = await t.app.inject({
      url: `${url('diagnostico')}?idClasDiag=${g.id}&pageSize=100`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(g.n);
    expect(body.items.length).toBe(Math.min(100, g.n));
    expect(body.items.every((i: Item) => i.idClasDiag === g.id)).toBe(true);
    const page2 = await t.app.inject({
      url: `${url('diagnostico')}?idClasDiag=${g.id}&page=2&pageSize=5`,
      headers: admin,
    });
    expect(page2.json().items.map((i: Item) => i.codigo)).toEqual(
      body.items.slice(5, 10).map((i: Item) => i.codigo),
    );

    const j18 = await t.app.inject({ url: `${url('clasdiag')}?q=J09-J18`, headers: admin });
    const idJ = j18.json().items[0].idClasDiag;
    const both = await t.app.inject({
      url: `${url('diagnostico')}?idClasDiag=${idJ}&q=neumonia lobar`,
      headers: admin,
    });
    expect(both.json().items.map((i: Item) => i.codigoPunto)).toEqual(['J18.1']);
    const other = await t.app.inject({
      url: `${url('diagnostico')}?idClasDiag=${g.id === idJ ? 1 : g.id}&q=neumonia lobar`,
      headers: admin,
    });
    expect(other.json().total).toBe(0);
  });

  it('only declared reference fields filter; a bad id is a 400', async () => {
    const all = (await t.app.inject({ url: url('diagnostico'), headers: admin })).json().total;
    expect(all).toBe(14212);
    // Not a reference field: ignored, never turned into SQL.
    const ignored = await t.app.inject({
      url: `${url('diagnostico')}?nombre=zzz&id_empresa=1`,
      headers: admin,
    });
    expect(ignored.json().total).toBe(all);
    const bad = await t.app.inject({ url: `${url('diagnostico')}?idClasDiag=abc`, headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields?.idClasDiag).toBe('Clasificación no válido.');
  });

  it('a master-detail pair: elements of a class, and the class itself by id', async () => {
    const cls = (await t.app.inject({ url: `${url('claselem')}?pageSize=100`, headers: admin })).json().items;
    for (const c of cls) {
      const [db] = await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM elemento WHERE id_clas_elem = $1`,
        [c.idClasElem],
      );
      const res = await t.app.inject({
        url: `${url('elemento')}?idClasElem=${c.idClasElem}`,
        headers: admin,
      });
      expect(res.json().total, c.nombre).toBe(db.n);
      expect((await t.app.inject({ url: url('claselem', c.idClasElem), headers: admin })).json().nombre).toBe(
        c.nombre,
      );
    }
  });

  it('a company’s own settings (hours, parameters, insurer classifications) are read only by who administers it', async () => {
    const [aseg] = await t.database.query<{ idAsegurador: number }>(
      `SELECT id_asegurador AS "idAsegurador" FROM asegurador WHERE id_empresa = $1 LIMIT 1`,
      [idEmpresaAseg],
    );
    const horario = await create('horario', admin, {
      idEmpresa: idEmpresaAseg,
      diaSemana: 1,
      horaDesde: '08:00',
      horaHasta: '17:00',
    });
    const parametro = await create('paremp', admin, {
      idEmpresa: idEmpresaAseg,
      nombre: 'CLAVE_INTERNA',
      valor: 'x',
    });
    const clase = await create('clasaseg', admin, {
      idAsegurador: aseg.idAsegurador,
      nombre: 'CLASE RESERVADA',
    });
    // The insurer's administrator reads them.
    expect(await listIds('horario', admin, 'idHorario', `&idEmpresa=${idEmpresaAseg}`)).toContain(
      horario.idHorario,
    );
    expect(await listIds('paremp', admin, 'idParEmp', `&idEmpresa=${idEmpresaAseg}`)).toContain(
      parametro.idParEmp,
    );
    expect(await listIds('clasaseg', admin, 'idClasAseg')).toContain(clase.idClasAseg);
    // A provider user (no administration module): 403 on the lists and the records.
    for (const [name, id] of [
      ['horario', horario.idHorario],
      ['paremp', parametro.idParEmp],
      ['clasaseg', clase.idClasAseg],
    ] as const) {
      expect((await t.app.inject({ url: url(name), headers: prestador })).statusCode, name).toBe(403);
      expect((await t.app.inject({ url: url(name, id), headers: prestador })).statusCode, name).toBe(403);
    }
    // The provider company's administrator: the insurer's rows do not exist for it (its company works under the insurer).
    expect(await listIds('horario', clinicaAdmin, 'idHorario', `&idEmpresa=${idEmpresaAseg}`)).toEqual([]);
    expect(await listIds('paremp', clinicaAdmin, 'idParEmp')).not.toContain(parametro.idParEmp);
    expect(await listIds('clasaseg', clinicaAdmin, 'idClasAseg')).not.toContain(clase.idClasAseg);
    expect(
      (await t.app.inject({ url: url('paremp', parametro.idParEmp), headers: clinicaAdmin })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: url('clasaseg', clase.idClasAseg), headers: clinicaAdmin })).statusCode,
    ).toBe(404);
  });
});
