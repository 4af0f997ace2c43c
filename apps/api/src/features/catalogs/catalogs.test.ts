import {
  ALL_RESOURCES,
  type CatalogDef,
  foldText,
  getResource,
  isSystemCatalog,
  MSG,
  MSG_ADMIN,
  refLabelName,
  resourcePath,
} from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSampler } from '../../test/catalog-sample.ts';
import { medicoDelAdmin } from '../../test/fixtures.ts';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import { personaBody } from '../admin/test-utils.ts';

let t: TestContext;
let admin: { authorization: string };
let prestador: { authorization: string };
/** The platform operator: the only writer of system-wide catalogues (issue 11 item 3). */
let operador: { authorization: string };
/** The administrator's company: the parent of the resources that are a company's rows (its media). */
let empresaAdmin: number;
/** Where a declaration is served; a parent's rows under the administrator's company. */
const urlOf = (def: CatalogDef) =>
  `/api/v1${resourcePath(def, { [def.api?.parent?.field ?? '']: empresaAdmin })}`;
/** Who writes a catalogue's rows in these tests: the operator for system-wide ones, else the tenant's administrator. */
const writer = (def: CatalogDef) => (isSystemCatalog(def) ? operador : admin);
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.auth(DEMO.admin);
  operador = await t.auth(DEMO.plataforma);
  prestador = await t.auth(DEMO.prestador);
  const [u] = await t.database.query<{ id: number }>(
    'SELECT id_empresa AS id FROM usuario WHERE nombre = $1',
    [DEMO.admin],
  );
  empresaAdmin = u.id;
  // The demo has no doctors; one for the admin's person, so the doctors' view has a row to show.
  await medicoDelAdmin(t, '0912345678');
});
afterAll(async () => t?.close());

/**
 * The id of a row the reference may point to: a new row of a writable catalogue (so unique pairs
 * such as provider + element never collide with seeded ones), the first visible row of a view.
 */
async function sampleRef(ref: CatalogDef): Promise<unknown> {
  if (!ref.readOnly) {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(ref),
      headers: writer(ref),
      payload: await sampleRow(ref),
    });
    expect(res.statusCode, `${ref.name}: ${res.body}`).toBe(201);
    return res.json().item[ref.idField];
  }
  const res = await t.app.inject({ url: `${urlOf(ref)}?pageSize=1`, headers: admin });
  return res.json().items[0][ref.idField];
}

/**
 * Values a declaration's rules fix (`declaration.field`): a user's profile and flags must be ones the
 * administrator may give in its company (an AM auditor; not the modules the administrator lacks); a
 * person's names are letters only, its document 10 digits (found by it: no other person has it), its
 * phone up to 10 digits.
 */
const FIXED: Record<string, unknown> = {
  'usuario.idPerfil': 18,
  'usuario.moduloAtencion': false,
  'usuario.moduloFacturacion': false,
  'usuario.moduloDashboards': false,
  'persona.documento': '0999999871',
  'persona.telefono': '0991234567',
  'persona.primerNombre': 'Ana',
  'persona.segundoNombre': 'Lucía',
  'persona.primerApellido': 'Ñandú',
  'persona.segundoApellido': 'Pérez',
};

const { sampleRow } = catalogSampler({
  marks: {
    code: 'QQ',
    digits: 1000000,
    text: 'Prueba Ñandú',
    email: (seq) => `prueba${seq}@demo.ec`,
  },
  resolve: getResource,
  sampleRef,
  fixed: FIXED,
});

/** Text to search a saved row by: the value of its first search field (a reference by its label). */
function needleOf(def: CatalogDef, item: Record<string, unknown>): string {
  for (const name of def.searchFields) {
    const f = def.fields.find((x) => x.name === name);
    const v = f?.ref ? item[refLabelName(f)] : item[name];
    if (v !== null && v !== undefined && v !== '') return foldText(String(v));
  }
  throw new Error(`${def.name}: nothing to search by`);
}

// Walks every declaration the engine serves, the administration resources included: a new one is tested
// by being declared.
const served = Object.values(ALL_RESOURCES);
// A resource whose writes are partly its feature's (a company's images: the upload) is tested there.
const writable = served.filter((d) => !d.readOnly && !d.api?.routes);
const views = served.filter((d) => d.readOnly);

describe.each(writable.map((d) => [d.name, d] as const))('catálogo %s', (_name, def) => {
  let base = '';
  beforeAll(() => {
    base = urlOf(def);
  });

  it('401 without a session', async () => {
    expect((await t.app.inject({ url: base })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: base, payload: {} })).statusCode).toBe(401);
  });

  it('400 with a Spanish message per required field, and nothing stored', async () => {
    const before = (await t.app.inject({ url: base, headers: writer(def) })).json().total;
    const res = await t.app.inject({ method: 'POST', url: base, headers: writer(def), payload: {} });
    expect(res.statusCode).toBe(400);
    const { fields } = errorOf(res).error;
    for (const f of def.fields.filter((x) => x.required && x.form !== false)) {
      expect(fields?.[f.name], f.name).toBe(MSG.campoRequerido(f.label));
    }
    expect((await t.app.inject({ url: base, headers: writer(def) })).json().total).toBe(before);
  });

  it('403 for a profile whose flags forbid writing; reading is allowed unless it needs a flag', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: base,
      headers: prestador,
      payload: await sampleRow(def),
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).error.message).toBe(MSG.noAutorizado);
    const read = await t.app.inject({ url: base, headers: prestador });
    expect(read.statusCode).toBe(def.readFlag ? 403 : 200);
    // A system-wide catalogue: not even a tenant's administrator writes it.
    if (isSystemCatalog(def)) {
      const byAdmin = await t.app.inject({ method: 'POST', url: base, headers: admin, payload: {} });
      expect(byAdmin.statusCode).toBe(403);
    }
  });

  it('create, search (accent- and case-insensitive), page, update and delete', async () => {
    const row = await sampleRow(def);
    const created = await t.app.inject({ method: 'POST', url: base, headers: writer(def), payload: row });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().mensaje).toBe(def.createdMessage ?? MSG.registroCreado);
    const item = created.json().item;
    const id = item[def.idField];
    expect(item.idUsuarioReg).toBeGreaterThan(0);
    for (const f of def.fields.filter((x) => x.upper && typeof row[x.name] === 'string')) {
      expect(item[f.name]).toBe(String(row[f.name]).trim().toUpperCase());
    }

    const needle = needleOf(def, item);
    const found = await t.app.inject({
      url: `${base}?q=${encodeURIComponent(needle)}`,
      headers: writer(def),
    });
    expect(found.json().items.map((i: Record<string, unknown>) => i[def.idField])).toContain(id);

    const page = await t.app.inject({
      url: `${base}?page=1&pageSize=1&sort=-${def.idField}`,
      headers: writer(def),
    });
    expect(page.json()).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.json().items).toHaveLength(1);
    expect(page.json().items[0][def.idField]).toBe(id);
    expect(page.json().total).toBeGreaterThanOrEqual(1);

    const changed = { ...row, ...(await sampleRow(def)) };
    const upd = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}`,
      headers: writer(def),
      payload: changed,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().item.fechaAct).not.toBeNull();
    expect(upd.json().item.idUsuarioAct).toBe(upd.json().item.idUsuarioReg);

    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: writer(def) });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ url: `${base}/${id}`, headers: writer(def) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: writer(def) })).statusCode,
    ).toBe(404);
  });

  it('rejects a sort on an unknown column and bad paging', async () => {
    expect((await t.app.inject({ url: `${base}?sort=clave`, headers: writer(def) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base}?page=0`, headers: writer(def) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base}?pageSize=1000`, headers: writer(def) })).statusCode).toBe(400);
  });
});

// Views of other screens' rows: listed and read, never written through the catalogue routes.
describe.each(views.map((d) => [d.name, d] as const))('vista %s', (name, def) => {
  let base = '';
  beforeAll(() => {
    base = urlOf(def);
  });

  it('401 without a session; list, search and one row with a session; no write routes', async () => {
    expect((await t.app.inject({ url: base })).statusCode).toBe(401);
    const list = await t.app.inject({ url: `${base}?sort=-${def.idField}`, headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const first = list.json().items[0];
    expect(first, `${name} has rows for the admin`).toBeDefined();
    const found = await t.app.inject({
      url: `${base}?q=${encodeURIComponent(needleOf(def, first))}`,
      headers: admin,
    });
    expect(found.json().items.map((i: Record<string, unknown>) => i[def.idField])).toContain(
      first[def.idField],
    );
    const one = await t.app.inject({ url: `${base}/${first[def.idField]}`, headers: admin });
    expect(one.json()).toMatchObject(first);
    const id = first[def.idField];
    expect((await t.app.inject({ method: 'POST', url: base, headers: admin, payload: {} })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base}/${id}`, headers: admin, payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('catalogue rules', () => {
  it('a concatenated field is answered, searched and sorted by its own fields; an integer filter is an id', async () => {
    const names = { primerNombre: 'Zoila', segundoNombre: 'Ana', segundoApellido: 'Quispe' };
    const mk = (primerApellido: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/personas',
        headers: admin,
        payload: personaBody({ ...names, primerApellido }),
      });
    const b = (await mk('Bermeo')).json().item;
    const a = (await mk('Alava')).json().item;
    expect(b.nombreCompleto).toBe('ZOILA ANA BERMEO QUISPE');
    const found = await t.app.inject({
      url: `/api/v1/personas?q=${encodeURIComponent('zoila quispe')}&sort=nombreCompleto&idEmpresa=${empresaAdmin}`,
      headers: admin,
    });
    // Surname first: ALAVA before BERMEO, although both names start alike.
    expect(found.json().items.map((p: { idPersona: number }) => p.idPersona)).toEqual([
      a.idPersona,
      b.idPersona,
    ]);
    expect((await t.app.inject({ url: '/api/v1/personas?idEmpresa=x', headers: admin })).statusCode).toBe(
      400,
    );
    // An update answers the declaration's own message.
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/personas/${a.idPersona}`,
      headers: admin,
      payload: personaBody({ ...names, primerApellido: 'Alava', documento: a.documento }),
    });
    expect(upd.json().mensaje).toBe(MSG_ADMIN.personaGuardada);
  });

  it('a resource serves only its declared routes (a company image: list and delete)', async () => {
    const base = `/api/v1/empresas/${empresaAdmin}/imagenes`;
    expect((await t.app.inject({ url: base, headers: admin })).statusCode).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: `${base}/1`, headers: admin, payload: {} });
    expect(put.statusCode).toBe(404);
  });

  it('deleting a row still referenced answers 409 in Spanish, not 500', async () => {
    const loc = await t.app.inject({ url: '/api/v1/catalogos/localidad?q=guayaquil', headers: admin });
    const id = loc.json().items[0].idLocalidad;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/catalogos/localidad/${id}`,
      headers: operador,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.message).toBe(MSG.enUso);
  });

  it('a duplicate unique value answers 409', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalogos/tipoiden',
      headers: operador,
      payload: { codigo: 'C', nombre: 'OTRA CÉDULA' },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.message).toBe(MSG.duplicado);
  });

  it('unknown catalogue → 404', async () => {
    expect((await t.app.inject({ url: '/api/v1/catalogos/clave', headers: admin })).statusCode).toBe(404);
  });

  it('search ignores accents and case: "neumonia lobar" style on localidad', async () => {
    const res = await t.app.inject({ url: '/api/v1/catalogos/localidad?q=SAMBORONDON', headers: admin });
    expect(res.json().items.map((i: { nombre: string }) => i.nombre)).toEqual(['SAMBORONDÓN']);
  });
});
