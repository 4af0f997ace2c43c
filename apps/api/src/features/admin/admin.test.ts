import { MSG, MSG_ADMIN, USER_FLAGS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  DEMO,
  errorOf,
  FLAGS_SELECT,
  iniciarSesion,
  type TestContext,
} from '../../test/helpers.ts';
import { multipart, PNG_1X1, personaBody, registrarEmpresa, unique } from './test-utils.ts';

let t: TestContext;
let admin: { authorization: string };
let idSuscripcion: number;
let idEmpresa: number;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.auth(DEMO.admin);
  const me = (await t.app.inject({ url: '/api/v1/auth/me', headers: admin })).json().usuario;
  idSuscripcion = me.idSuscripcion;
  idEmpresa = me.idEmpresa;
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

/** A new AM auditor (18) of the demo subscription with the password 'Clave.Segura1' and these flags. */
async function nuevoAuditor(flags: Record<string, boolean>) {
  const email = unique().email;
  const res = await req('POST', '/api/v1/usuarios', admin, {
    idPerfil: 18,
    idSuscripcion,
    nombre: email,
    clave: 'Clave.Segura1',
    ...flags,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, u: res.json().item };
}

describe('users', () => {
  it('flags are copied from the chosen profile on creation; the password is hashed and never returned', async () => {
    const email = unique().email;
    const res = await req('POST', '/api/v1/usuarios', admin, {
      idPerfil: 17,
      idSuscripcion,
      nombre: email.toUpperCase(),
      clave: 'Clave.Segura1',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mensaje).toBe(MSG_ADMIN.creado('Usuario'));
    const item = res.json().item;
    expect(item.nombre).toBe(email);
    expect(item).not.toHaveProperty('clave');
    expect(res.body).not.toContain('argon2');
    const [perfil] = await t.database.query<Record<string, boolean>>(
      `SELECT ${FLAGS_SELECT} FROM perfil WHERE id_perfil = 17`,
    );
    for (const f of USER_FLAGS) expect(item[f], f).toBe(perfil[f]);
    const [row] = await t.database.query<{ clave: string; idUsuarioReg: number }>(
      'SELECT clave, id_usuario_reg AS "idUsuarioReg" FROM usuario WHERE id_usuario = $1',
      [item.idUsuario],
    );
    expect(row.clave).toMatch(/^\$argon2id\$/);
    // The new user can sign in with it.
    expect((await iniciarSesion(t, email, 'Clave.Segura1')).statusCode).toBe(200);
    // Neither list nor detail nor update answers carry it.
    const list = await req('GET', `/api/v1/usuarios?q=${encodeURIComponent(email)}`, admin);
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toMatch(/"clave"|argon2|totp/i);
    const one = await req('GET', `/api/v1/usuarios/${item.idUsuario}`, admin);
    expect(one.body).not.toMatch(/"clave"|argon2|totp/i);
  });

  it('flags toggled in the form win over the profile; an update keeps the password unless given', async () => {
    const { email, u } = await nuevoAuditor({ menuReportes: true, opcionOperaciones: false });
    expect(u).toMatchObject({ menuReportes: true, opcionOperaciones: false, moduloAuditoria: true });
    const upd = await req('PUT', `/api/v1/usuarios/${u.idUsuario}`, admin, {
      idPerfil: 18,
      idSuscripcion,
      nombre: email,
      menuAyuda: false,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().item).toMatchObject({ menuAyuda: false, menuReportes: true });
    expect(upd.body).not.toContain('clave');
    expect((await iniciarSesion(t, email, 'Clave.Segura1')).statusCode).toBe(200);
  });

  it("a change to a signed-in user's flags or profile holds on that user's very next request", async () => {
    const { email, u } = await nuevoAuditor({ menuReportes: true });
    const id = u.idUsuario;
    const headers = await t.auth(email, 'Clave.Segura1');
    // Read twice: the second answer comes from the session kept in memory (plugins/auth.ts).
    for (let i = 0; i < 2; i++)
      expect((await req('GET', '/api/v1/auth/me', headers)).json().usuario.menuReportes).toBe(true);
    const base = { idPerfil: 18, idSuscripcion, nombre: email };
    expect(
      (await req('PUT', `/api/v1/usuarios/${id}`, admin, { ...base, menuReportes: false })).statusCode,
    ).toBe(200);
    expect((await req('GET', '/api/v1/auth/me', headers)).json().usuario.menuReportes).toBe(false);
    expect((await req('PUT', `/api/v1/usuarios/${id}`, admin, { ...base, idPerfil: 19 })).statusCode).toBe(
      200,
    );
    expect((await req('GET', '/api/v1/auth/me', headers)).json().usuario.idPerfil).toBe(19);
  });

  it('400 with Spanish field messages and nothing stored; 409 for an e-mail already in use', async () => {
    const [{ n }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM usuario');
    const bad = await req('POST', '/api/v1/usuarios', admin, { nombre: 'no-es-correo', clave: 'corta' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields).toMatchObject({
      idPerfil: MSG.campoRequerido('Perfil'),
      idSuscripcion: MSG.campoRequerido('Suscripción'),
      nombre: MSG.correoInvalido,
      clave: MSG.claveMuyCorta,
    });
    const dup = await req('POST', '/api/v1/usuarios', admin, {
      idPerfil: 18,
      idSuscripcion,
      nombre: DEMO.revisor,
      clave: 'Clave.Segura1',
    });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).error.message).toBe(MSG.correoRegistrado(DEMO.revisor));
    const [{ n: after }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM usuario');
    expect(after).toBe(n);
  });

  it('needs the administration module: a provider gets 403', async () => {
    const prestador = await t.auth(DEMO.prestador);
    expect((await req('GET', '/api/v1/usuarios', prestador)).statusCode).toBe(403);
    expect((await req('GET', '/api/v1/usuarios', {})).statusCode).toBe(401);
  });

  it('lists are paged, searched and sorted in SQL', async () => {
    const page = await req('GET', '/api/v1/usuarios?page=1&pageSize=2&sort=nombre', admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThanOrEqual(8);
    const names = page.json().items.map((u: { nombre: string }) => u.nombre);
    expect([...names].sort()).toEqual(names);
    const found = await req('GET', `/api/v1/usuarios?q=${encodeURIComponent('ñaupari')}`, admin);
    expect(found.json().items.map((u: { nombre: string }) => u.nombre)).toEqual([DEMO.revisor]);
    expect((await req('GET', '/api/v1/usuarios?sort=clave', admin)).statusCode).toBe(400);
  });
});

describe('person → user → doctor wizard', () => {
  it('creates the person, its user and its doctor registration, going back to correct each step', async () => {
    // Step 1: the person.
    const p1 = await req(
      'POST',
      '/api/v1/personas',
      admin,
      personaBody({ primerNombre: 'josé', email: 'Jose.Wizard@Demo.EC' }),
    );
    expect(p1.statusCode, p1.body).toBe(201);
    expect(p1.json().mensaje).toBe(MSG_ADMIN.personaGuardada);
    const persona = p1.json().item;
    expect(persona).toMatchObject({
      primerNombre: 'JOSÉ',
      primerApellido: 'MUÑOZ',
      tipoPersona: 'N',
      idEmpresa,
      email: 'jose.wizard@demo.ec',
    });
    // Step 2: the user of that person.
    const email = unique().email;
    const u1 = await req('POST', '/api/v1/usuarios', admin, {
      idPerfil: 18,
      idSuscripcion,
      idPersona: persona.idPersona,
      nombre: email,
      clave: 'Clave.Segura1',
    });
    expect(u1.statusCode, u1.body).toBe(201);
    const usuario = u1.json().item;
    expect(usuario).toMatchObject({ idPersona: persona.idPersona, personaDocumento: persona.documento });
    // Back to step 1: the same person is updated, not duplicated.
    const p2 = await req(
      'PUT',
      `/api/v1/personas/${persona.idPersona}`,
      admin,
      personaBody({ documento: persona.documento, segundoNombre: 'Ignacio' }),
    );
    expect(p2.statusCode, p2.body).toBe(200);
    expect(p2.json().item.segundoNombre).toBe('IGNACIO');
    // Back to step 2: the same user is updated.
    const u2 = await req('PUT', `/api/v1/usuarios/${usuario.idUsuario}`, admin, {
      idPerfil: 17,
      idSuscripcion,
      idPersona: persona.idPersona,
      nombre: email,
    });
    expect(u2.statusCode, u2.body).toBe(200);
    expect(u2.json().item.perfilNombre).toBe('SUPERVISOR AUDITORÍA MÉDICA');
    // Step 3: the doctor.
    const m = await req('POST', '/api/v1/medicos', admin, {
      idPersona: persona.idPersona,
      idEspecialidad: 1,
      documento: 'msp-123',
    });
    expect(m.statusCode, m.body).toBe(201);
    expect(m.json().mensaje).toBe(MSG_ADMIN.medicoCreado);
    expect(m.json().item).toMatchObject({ documento: 'MSP-123', personaDocumento: persona.documento });
    const medicos = await req('GET', `/api/v1/medicos?idPersona=${persona.idPersona}`, admin);
    expect(medicos.json().items.map((x: { documento: string }) => x.documento)).toEqual(['MSP-123']);
    const usuarios = await req('GET', `/api/v1/usuarios?idPersona=${persona.idPersona}`, admin);
    expect(usuarios.json().total).toBe(1);
    const [{ n }] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM persona WHERE documento = $1',
      [persona.documento],
    );
    expect(n).toBe(1);
    // The session of the new user knows its person and doctor.
    const me = (
      await t.app.inject({ url: '/api/v1/auth/me', headers: await t.auth(email, 'Clave.Segura1') })
    ).json().usuario;
    expect(me).toMatchObject({ idPersona: persona.idPersona, idMedico: m.json().item.idMedico });
  });

  it('person rule of docs/spec-summary.md 002 §5 on the server: cédula check digit, letters-only names, 10-digit phone', async () => {
    const [{ n }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM persona');
    const res = await req(
      'POST',
      '/api/v1/personas',
      admin,
      personaBody({ documento: '0926687857', primerNombre: 'Ana2', telefono: '09912345678' }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error.fields).toMatchObject({
      documento: MSG_ADMIN.cedulaInvalida,
      primerNombre: MSG_ADMIN.soloLetras('Primer nombre'),
      telefono: MSG_ADMIN.telefonoMax,
    });
    const empty = await req('POST', '/api/v1/personas', admin, {});
    expect(Object.keys(errorOf(empty).error.fields ?? {})).toHaveLength(13);
    // A passport number is not checked as a cédula.
    const pasaporte = await req(
      'POST',
      '/api/v1/personas',
      admin,
      personaBody({ idTipoIden: 3, documento: '0926687857' }),
    );
    expect(pasaporte.statusCode, pasaporte.body).toBe(201);
    const [{ n: after }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM persona');
    expect(after).toBe(n + 1);
  });
});

describe('companies, media, images and subscriptions', () => {
  it('the logo upload is checked by content: text named .png → 415; > 2 MB → 413; a PNG is the logo', async () => {
    const fake = multipart([
      { name: 'imagen', filename: 'logo.png', content: 'esto no es una imagen', type: 'image/png' },
    ]);
    const r415 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/empresas/${idEmpresa}/imagenes`,
      headers: { ...admin, ...fake.headers },
      payload: fake.payload,
    });
    expect(r415.statusCode).toBe(415);
    expect(errorOf(r415).error.message).toBe(MSG_ADMIN.imagenTipoInvalido);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]);
    const large = multipart([{ name: 'imagen', filename: 'logo.png', content: big }]);
    const r413 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/empresas/${idEmpresa}/imagenes`,
      headers: { ...admin, ...large.headers },
      payload: large.payload,
    });
    expect(r413.statusCode).toBe(413);
    expect(errorOf(r413).error.message).toBe(MSG_ADMIN.imagenMuyGrande);
    const [{ n }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM empresa_img');
    expect(n).toBe(0);
    // No logo yet: 204, nothing for the top bar to show.
    expect((await req('GET', `/api/v1/empresas/${idEmpresa}/logo`, admin)).statusCode).toBe(204);

    // A real PNG named .jpg is stored as what it is.
    const ok = multipart([
      { name: 'nombre', value: 'Logo principal' },
      { name: 'imagen', filename: 'logo.jpg', content: PNG_1X1 },
    ]);
    const r201 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/empresas/${idEmpresa}/imagenes`,
      headers: { ...admin, ...ok.headers },
      payload: ok.payload,
    });
    expect(r201.statusCode, r201.body).toBe(201);
    expect(r201.json().item).toMatchObject({
      nombre: 'Logo principal',
      tipo: 'image/png',
      tamano: PNG_1X1.length,
    });
    // Every user of the company sees it as the logo.
    const logo = await req('GET', `/api/v1/empresas/${idEmpresa}/logo`, await t.auth(DEMO.auditorAm));
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG_1X1)).toBe(true);
    const { logoDataUrl } = await import('../../lib/pdf.ts');
    expect(await logoDataUrl(t.database, idEmpresa)).toBe(
      `data:image/png;base64,${PNG_1X1.toString('base64')}`,
    );
  });

  it('company media: create, list, update, delete with Spanish messages', async () => {
    const bad = await req('POST', `/api/v1/empresas/${idEmpresa}/medios`, admin, {});
    expect(errorOf(bad).error.fields).toMatchObject({
      idMedioCom: MSG.campoRequerido('Medio'),
      descripcion: MSG.campoRequerido('Descripción'),
    });
    const c = await req('POST', `/api/v1/empresas/${idEmpresa}/medios`, admin, {
      idMedioCom: 1,
      descripcion: '04-2345678',
    });
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json().item.idMedioEmp;
    expect(c.json().item.medioComNombre).toBeTruthy();
    expect((await req('GET', `/api/v1/empresas/${idEmpresa}/medios`, admin)).json().total).toBe(1);
    expect(
      (
        await req('PUT', `/api/v1/empresas/${idEmpresa}/medios/${id}`, admin, {
          idMedioCom: 2,
          descripcion: '0991234567',
        })
      ).statusCode,
    ).toBe(200);
    expect((await req('DELETE', `/api/v1/empresas/${idEmpresa}/medios/${id}`, admin)).statusCode).toBe(200);
  });

  it('a subscription is created VIGENTE with its audit row; changes add audit rows; the VIGENTE one is found', async () => {
    const c = await req('POST', '/api/v1/suscripciones', admin, {
      idPlan: 1,
      idFormaPago: 1,
      numero: 'sus-prueba-1',
      fechaDesde: '2026-01-01',
      fechaHasta: '2099-12-31',
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().mensaje).toBe(MSG_ADMIN.suscripcionCreada);
    const s = c.json().item;
    expect(s).toMatchObject({
      numero: 'SUS-PRUEBA-1',
      estado: 'VIGENTE',
      idEmpresa,
      usuarioNombre: DEMO.admin,
    });
    const upd = await req('PUT', `/api/v1/suscripciones/${s.idSuscripcion}`, admin, {
      idPlan: 2,
      idFormaPago: 1,
      numero: 'SUS-PRUEBA-1',
      fechaDesde: '2026-01-01',
      fechaHasta: '2099-12-31',
    });
    expect(upd.statusCode).toBe(200);
    const aud = await req('GET', `/api/v1/suscripciones/${s.idSuscripcion}/auditoria`, admin);
    expect(
      aud
        .json()
        .items.map((a: { tipo: string }) => a.tipo)
        .sort(),
    ).toEqual(['CREACION', 'MODIFICACION']);
    const detalle = await req(
      'GET',
      `/api/v1/suscripciones-aud/${aud.json().items[0].idSuscripcionAud}`,
      admin,
    );
    expect(detalle.statusCode).toBe(200);
    const vig = await req('GET', `/api/v1/empresas/${idEmpresa}/suscripcion-vigente`, admin);
    expect(vig.json().idSuscripcion).toBe(s.idSuscripcion);
    const bad = await req('POST', '/api/v1/suscripciones', admin, {
      idPlan: 1,
      idFormaPago: 1,
      numero: 'X',
      fechaDesde: '2026-05-01',
      fechaHasta: '2026-04-01',
    });
    expect(errorOf(bad).error.fields?.fechaHasta).toBe(MSG_ADMIN.fechasInvalidas);
  });

  it('providers: a natural person’s RUC by the cédula rule (400); a company’s RUC only warned', async () => {
    const bad = await req('POST', '/api/v1/prestadores', admin, {
      razonSocial: 'Dr. Pérez',
      nombreComercial: 'Consultorio',
      ruc: '0926687857001',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields?.ruc).toBe(MSG_ADMIN.rucInvalido);
    const ok = await req('POST', '/api/v1/prestadores', admin, {
      razonSocial: 'Dr. Pérez',
      nombreComercial: 'Consultorio',
      ruc: '0926687856001',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().aviso).toBeNull();
    const soc = await req('POST', '/api/v1/prestadores', admin, {
      razonSocial: 'Centro S.A.',
      nombreComercial: 'Centro',
      ruc: unique().ruc,
    });
    expect(soc.statusCode, soc.body).toBe(201);
    expect(soc.json().aviso).toContain('SRI');
  });
});

describe('tenant isolation', () => {
  it('a user of company A cannot list, read, change or delete company B’s users, persons, subscriptions, media, images (404)', async () => {
    const b = await registrarEmpresa(t);
    const B = b.headers;
    // Company B's own rows.
    const persona = (await req('POST', '/api/v1/personas', B, personaBody())).json().item;
    const medio = (
      await req('POST', `/api/v1/empresas/${b.idEmpresa}/medios`, B, {
        idMedioCom: 1,
        descripcion: '02-2000000',
      })
    ).json().item;
    const up = multipart([{ name: 'imagen', filename: 'b.png', content: PNG_1X1 }]);
    const img = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/empresas/${b.idEmpresa}/imagenes`,
        headers: { ...B, ...up.headers },
        payload: up.payload,
      })
    ).json().item;
    const pagoFactura = await t.database.query<{ id: number }>(
      `INSERT INTO factura (id_empresa, numero, fecha) VALUES ($1, 'F-1', '2026-01-01') RETURNING id_factura AS id`,
      [b.idEmpresa],
    );
    const pago = await req('POST', '/api/v1/suscpagos', B, {
      idSuscripcion: b.idSuscripcion,
      idFactura: pagoFactura[0].id,
      estadoPago: 'PAGADO',
      fechaDesde: '2026-01-01',
      fechaHasta: '2026-01-31',
    });
    expect(pago.statusCode, pago.body).toBe(201);
    const idPago = pago.json().item.idSuscPago;

    // A (the demo administrator) sees none of it.
    const ids = (res: { json: () => { items: Record<string, number>[] } }, key: string) =>
      res.json().items.map((x) => x[key]);
    expect(ids(await req('GET', '/api/v1/usuarios?pageSize=100', admin), 'idUsuario')).not.toContain(
      b.idUsuario,
    );
    expect(ids(await req('GET', '/api/v1/personas?pageSize=100', admin), 'idPersona')).not.toContain(
      persona.idPersona,
    );
    expect(ids(await req('GET', '/api/v1/suscripciones?pageSize=100', admin), 'idSuscripcion')).not.toContain(
      b.idSuscripcion,
    );
    expect(ids(await req('GET', '/api/v1/empresas?pageSize=100', admin), 'idEmpresa')).not.toContain(
      b.idEmpresa,
    );
    expect(ids(await req('GET', '/api/v1/suscpagos?pageSize=100', admin), 'idSuscPago')).not.toContain(
      idPago,
    );

    const all404: [string, string, object?][] = [
      ['GET', `/api/v1/usuarios/${b.idUsuario}`],
      ['PUT', `/api/v1/usuarios/${b.idUsuario}`, { idPerfil: 1, idSuscripcion, nombre: 'robado@demo.ec' }],
      ['DELETE', `/api/v1/usuarios/${b.idUsuario}`],
      ['GET', `/api/v1/personas/${persona.idPersona}`],
      ['PUT', `/api/v1/personas/${persona.idPersona}`, personaBody()],
      ['DELETE', `/api/v1/personas/${persona.idPersona}`],
      ['GET', `/api/v1/suscripciones/${b.idSuscripcion}`],
      [
        'PUT',
        `/api/v1/suscripciones/${b.idSuscripcion}`,
        { idPlan: 1, idFormaPago: 1, numero: 'X', fechaDesde: '2026-01-01', fechaHasta: '2026-12-31' },
      ],
      ['DELETE', `/api/v1/suscripciones/${b.idSuscripcion}`],
      ['GET', `/api/v1/suscripciones/${b.idSuscripcion}/auditoria`],
      ['GET', `/api/v1/suscpagos/${idPago}`],
      ['DELETE', `/api/v1/suscpagos/${idPago}`],
      ['GET', `/api/v1/empresas/${b.idEmpresa}`],
      [
        'PUT',
        `/api/v1/empresas/${b.idEmpresa}`,
        { nombreCorto: 'X', documento: b.body.ruc, razonSocial: 'X', nombre: 'X' },
      ],
      ['DELETE', `/api/v1/empresas/${b.idEmpresa}`],
      ['GET', `/api/v1/empresas/${b.idEmpresa}/suscripcion-vigente`],
      ['GET', `/api/v1/empresas/${b.idEmpresa}/medios`],
      ['GET', `/api/v1/empresas/${b.idEmpresa}/medios/${medio.idMedioEmp}`],
      [
        'PUT',
        `/api/v1/empresas/${b.idEmpresa}/medios/${medio.idMedioEmp}`,
        { idMedioCom: 1, descripcion: 'x' },
      ],
      ['DELETE', `/api/v1/empresas/${b.idEmpresa}/medios/${medio.idMedioEmp}`],
      ['POST', `/api/v1/empresas/${b.idEmpresa}/medios`, { idMedioCom: 1, descripcion: 'x' }],
      ['GET', `/api/v1/empresas/${b.idEmpresa}/imagenes`],
      ['GET', `/api/v1/empresas/${b.idEmpresa}/imagenes/${img.idEmpresaImg}`],
      ['DELETE', `/api/v1/empresas/${b.idEmpresa}/imagenes/${img.idEmpresaImg}`],
      ['GET', `/api/v1/empresas/${b.idEmpresa}/logo`],
    ];
    for (const [method, url, payload] of all404) {
      const res = await req(method as 'GET', url, admin, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(errorOf(res).error.message).toBe(MSG.noEncontrado);
    }
    // A's medium on B's company: refused, and B's image upload by A too.
    const up2 = multipart([{ name: 'imagen', filename: 'a.png', content: PNG_1X1 }]);
    const steal = await t.app.inject({
      method: 'POST',
      url: `/api/v1/empresas/${b.idEmpresa}/imagenes`,
      headers: { ...admin, ...up2.headers },
      payload: up2.payload,
    });
    expect(steal.statusCode).toBe(404);
    // References to another tenant's rows are refused too: A cannot attach B's person or subscription.
    const cross = await req('POST', '/api/v1/usuarios', admin, {
      idPerfil: 18,
      idSuscripcion: b.idSuscripcion,
      idPersona: persona.idPersona,
      nombre: unique().email,
      clave: 'Clave.Segura1',
    });
    expect(cross.statusCode).toBe(400);
    expect(errorOf(cross).error.fields).toMatchObject({
      idSuscripcion: MSG_ADMIN.suscripcionNoPermitida,
      idPersona: MSG_ADMIN.personaNoPermitida,
    });

    // And B sees none of A's.
    const revisor = (
      await t.database.query<{ id: number }>('SELECT id_usuario AS id FROM usuario WHERE nombre = $1', [
        DEMO.revisor,
      ])
    )[0].id;
    expect((await req('GET', `/api/v1/usuarios/${revisor}`, B)).statusCode).toBe(404);
    expect(
      (await req('GET', '/api/v1/usuarios?pageSize=100', B))
        .json()
        .items.map((u: { nombre: string }) => u.nombre),
    ).toEqual([b.body.email]);
    expect((await req('GET', `/api/v1/suscripciones/${idSuscripcion}`, B)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/empresas/${idEmpresa}/logo`, B)).statusCode).toBe(404);
    // Nothing of B was changed or deleted.
    expect((await req('GET', `/api/v1/personas/${persona.idPersona}`, B)).json().primerNombre).toBe('JOSÉ');
    expect((await req('GET', `/api/v1/empresas/${b.idEmpresa}/medios`, B)).json().total).toBe(1);
    expect((await req('GET', `/api/v1/empresas/${b.idEmpresa}/imagenes`, B)).json().total).toBe(1);
  });
});
