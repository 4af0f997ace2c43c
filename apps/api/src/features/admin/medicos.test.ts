import { MSG, MSG_ADMIN } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import { unique } from './test-utils.ts';

/*
 * Doctors as a declared resource (decision 88): what the table-driven test (catalogs.test.ts) does not
 * show — visibility through the person's company including the providers under a profile-1
 * administrator, the person's name sorted by surname, one search over several fields, the flags.
 */

let t: TestContext;
let admin: { authorization: string };
let idEmpresa: number;
let idSuscripcion: number;
/** A provider company working under the administrator's. */
let idProveedora: number;
let especialidad: { id: number; nombre: string };
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.auth(DEMO.admin);
  const me = (await t.app.inject({ url: '/api/v1/auth/me', headers: admin })).json().usuario;
  idEmpresa = me.idEmpresa;
  idSuscripcion = me.idSuscripcion;
  [{ id: idProveedora }] = await t.database.query<{ id: number }>(
    'SELECT min(id_empresa) AS id FROM empresa WHERE id_empresa_suscriptora = $1 AND id_empresa <> $1',
    [idEmpresa],
  );
  [especialidad] = await t.database.query<{ id: number; nombre: string }>(
    'SELECT id_especialidad AS id, nombre FROM especialidad ORDER BY id_especialidad LIMIT 1',
  );
});
afterAll(async () => t?.close());

const get = (url: string, headers: object) =>
  t.app.inject({ url, headers: headers as Record<string, string> });

/** A person of `empresa` with these names and one doctor registration; its ids. */
async function medicoDe(empresa: number, nombres: [string, string, string, string]) {
  const cedula = unique().cedula;
  const [p] = await t.database.query<{ id: number }>(
    `INSERT INTO persona (documento, primer_nombre, segundo_nombre, primer_apellido, segundo_apellido, id_empresa)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id_persona AS id`,
    [cedula, ...nombres, empresa],
  );
  const [m] = await t.database.query<{ id: number }>(
    `INSERT INTO medico (id_persona, id_especialidad, documento) VALUES ($1, $2, $3) RETURNING id_medico AS id`,
    [p.id, especialidad.id, `MSP-${cedula}`],
  );
  return { idPersona: p.id, idMedico: m.id, cedula };
}

/** A user of the administrator's company, not profile 1, with the administration module and these options. */
async function administrativo(flags: Record<string, boolean>) {
  const email = unique().email;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios',
    headers: admin,
    payload: {
      idPerfil: 18,
      idSuscripcion,
      nombre: email,
      clave: 'Clave.Segura1',
      moduloAdministracion: true,
      ...flags,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return t.auth(email, 'Clave.Segura1');
}

describe('doctors (a declared resource)', () => {
  it("a provider's doctor is seen by the profile-1 administrator, not by another administrative user", async () => {
    const m = await medicoDe(idProveedora, ['RAÚL', 'ANDRÉS', 'PROVEEDOR', 'SUR']);
    const one = await get(`/api/v1/medicos/${m.idMedico}`, admin);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      idPersona: m.idPersona,
      personaNombre: 'RAÚL ANDRÉS PROVEEDOR SUR',
      personaDocumento: m.cedula,
      especialidadNombre: especialidad.nombre,
    });
    const list = await get(`/api/v1/medicos?q=${m.cedula}`, admin);
    expect(list.json().items.map((i: { idMedico: number }) => i.idMedico)).toEqual([m.idMedico]);

    const otro = await administrativo({ opcionOperaciones: true });
    expect((await get(`/api/v1/medicos/${m.idMedico}`, otro)).statusCode).toBe(404);
    expect((await get(`/api/v1/medicos?q=${m.cedula}`, otro)).json().total).toBe(0);
    // Nor may it register a doctor for that person.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medicos',
      headers: otro,
      payload: { idPersona: m.idPersona, idEspecialidad: especialidad.id, documento: 'X1' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error.fields).toMatchObject({ idPersona: MSG_ADMIN.personaNoPermitida });
  });

  it("sorts by the person's surname, and searches document, name and specialty word by word", async () => {
    const tag = `ZQ${process.pid % 1000}`;
    const a = await medicoDe(idEmpresa, ['AARÓN', 'X', `${tag}B`, 'UNO']);
    const b = await medicoDe(idEmpresa, ['ZOILA', 'X', `${tag}A`, 'DOS']);
    const asc = await get(`/api/v1/medicos?q=${tag}&sort=personaNombre`, admin);
    expect(asc.json().items.map((i: { idMedico: number }) => i.idMedico)).toEqual([b.idMedico, a.idMedico]);
    const desc = await get(`/api/v1/medicos?q=${tag}&sort=-personaNombre`, admin);
    expect(desc.json().items.map((i: { idMedico: number }) => i.idMedico)).toEqual([a.idMedico, b.idMedico]);
    // One word in the name, one in the specialty, accents and case ignored.
    const palabra = especialidad.nombre.split(' ')[0].toLowerCase();
    const found = await get(`/api/v1/medicos?q=${encodeURIComponent(`zoila ${palabra}`)}`, admin);
    expect(found.json().items.map((i: { idMedico: number }) => i.idMedico)).toContain(b.idMedico);
    expect(found.json().items.map((i: { idMedico: number }) => i.idMedico)).not.toContain(a.idMedico);
    // The person's document.
    const porCedula = await get(`/api/v1/medicos?q=${b.cedula}`, admin);
    expect(porCedula.json().items.map((i: { idMedico: number }) => i.idMedico)).toEqual([b.idMedico]);
  });

  it('writing needs the option Operaciones besides the module; the messages stay', async () => {
    const m = await medicoDe(idEmpresa, ['LUZ', 'X', 'LECTORA', 'UNO']);
    const lector = await administrativo({ opcionOperaciones: false });
    expect((await get(`/api/v1/medicos/${m.idMedico}`, lector)).statusCode).toBe(200);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medicos',
      headers: lector,
      payload: { idPersona: m.idPersona, idEspecialidad: especialidad.id, documento: 'x' },
    });
    expect(post.statusCode).toBe(403);
    expect(errorOf(post).error.message).toBe(MSG.noAutorizado);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/medicos/${m.idMedico}`,
      headers: lector,
    });
    expect(del.statusCode).toBe(403);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medicos',
      headers: admin,
      payload: { idPersona: m.idPersona, idEspecialidad: 999999, documento: 'msp-9' },
    });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created).error.fields).toMatchObject({
      idEspecialidad: MSG_ADMIN.refNoExiste('Especialidad'),
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medicos',
      headers: admin,
      payload: { idPersona: m.idPersona, idEspecialidad: especialidad.id, documento: 'msp-9' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ mensaje: MSG_ADMIN.medicoCreado, item: { documento: 'MSP-9' } });
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/medicos/${ok.json().item.idMedico}`,
      headers: admin,
      payload: { idPersona: m.idPersona, idEspecialidad: especialidad.id, documento: 'msp-10' },
    });
    expect(upd.json().mensaje).toBe(MSG.registroActualizado);
  });

  it('a doctor saved without specialty is still answered (null)', async () => {
    const m = await medicoDe(idEmpresa, ['SIN', 'X', 'ESPECIALIDAD', 'UNO']);
    await t.database.query('UPDATE medico SET id_especialidad = NULL WHERE id_medico = $1', [m.idMedico]);
    const one = await get(`/api/v1/medicos/${m.idMedico}`, admin);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ idEspecialidad: null, especialidadNombre: null });
  });
});
