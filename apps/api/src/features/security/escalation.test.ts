import { ALL_CATALOGS, effectiveFlags, MSG_ADMIN, PERFIL, USER_FLAGS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, type Ids, loadIds } from '../../test/fixtures.ts';
import { createTestContext, DEMO, DEMO_PASSWORD, errorOf, type TestContext } from '../../test/helpers.ts';
import { registrarEmpresa, unique } from '../admin/test-utils.ts';

/*
 * Issue 11 items 1–4: the privilege escalations found by the outside review, replayed as an
 * attacker would, each refused at its first step.
 */

type Headers = { authorization: string };
let t: TestContext;
let ids: Ids;
/** A provider user (profile 15) of the clinic with the administration module, as its company's administrator. */
const PROV_ADMIN = 'admin.prestador@demo.ec';

beforeAll(async () => {
  t = await createTestContext();
  ids = await loadIds(t);
  await t.database.query(
    `INSERT INTO usuario (id_empresa, id_perfil, id_suscripcion, nombre, clave, modulo_administracion, modulo_auditoria,
                          menu_procesos, menu_ayuda, opcion_consulta)
     SELECT id_empresa, 15, id_suscripcion, $2, clave, true, true, true, true, true FROM usuario WHERE nombre = $1`,
    [DEMO.prestador, PROV_ADMIN],
  );
});
afterAll(async () => t?.close());

/** A fresh session (never a cached token), so every test sees the flags of this moment. */
async function login(usuario: string, clave = DEMO_PASSWORD): Promise<Headers> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { usuario, clave } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

const me = async (headers: Headers) => (await send('GET', '/api/v1/auth/me', headers)).json().usuario;

const perfilBody = async (id: number, nombre: string) => {
  const res = await send('GET', `/api/v1/catalogos/perfil/${id}`, await t.auth(DEMO.admin));
  const { idPerfil: _i, ...row } = res.json();
  const body: Record<string, unknown> = { nombre, estado: String(row.estado) };
  for (const f of USER_FLAGS) body[f] = row[f];
  return body;
};

describe('item 1: flags follow the profile id and the stored flags, never the profile name', () => {
  it('the ADMINISTRADOR name gives nothing; profile 1 keeps its module under any name', () => {
    const none = Object.fromEntries(USER_FLAGS.map((f) => [f, false])) as Parameters<
      typeof effectiveFlags
    >[1];
    expect(effectiveFlags(PERFIL.PRESTADOR, none).moduloAdministracion).toBe(false);
    expect(effectiveFlags(PERFIL.ADMINISTRADOR, none).moduloAdministracion).toBe(true);
  });

  it('profiles renamed in the database (profile 15 called ADMINISTRADOR) change no one’s flags', async () => {
    await t.database.query(`UPDATE perfil SET nombre = 'ANTES ADMINISTRADOR' WHERE id_perfil = 1`);
    await t.database.query(`UPDATE perfil SET nombre = 'ADMINISTRADOR' WHERE id_perfil = 15`);
    try {
      const prestador = await me(await login(DEMO.prestador));
      expect(prestador.perfilNombre).toBe('ADMINISTRADOR');
      expect(prestador.moduloAdministracion).toBe(false);
      expect(prestador.menuParametros).toBe(false);
      const admin = await me(await login(DEMO.admin));
      expect(admin.moduloAdministracion).toBe(true);
    } finally {
      await t.database.query(`UPDATE perfil SET nombre = 'PRESTADOR' WHERE id_perfil = 15`);
      await t.database.query(`UPDATE perfil SET nombre = 'ADMINISTRADOR' WHERE id_perfil = 1`);
    }
  });

  it('chain: a stranger registers and tries to rename the profiles: refused at the first step', async () => {
    const stranger = await registrarEmpresa(t);
    expect((await me(stranger.headers)).idPerfil).toBe(PERFIL.ADMINISTRADOR);
    const away = await send('PUT', '/api/v1/catalogos/perfil/1', stranger.headers, await perfilBody(1, 'X'));
    expect(away.statusCode, away.body).toBe(403);
    const to = await send(
      'PUT',
      '/api/v1/catalogos/perfil/15',
      stranger.headers,
      await perfilBody(15, 'ADMINISTRADOR'),
    );
    expect(to.statusCode).toBe(403);
    const nuevo = await send(
      'POST',
      '/api/v1/catalogos/perfil',
      stranger.headers,
      await perfilBody(15, 'OTRO'),
    );
    expect(nuevo.statusCode).toBe(403);
    const [p] = await t.database.query<{ nombre: string }>('SELECT nombre FROM perfil WHERE id_perfil = 15');
    expect(p.nombre).toBe('PRESTADOR');
    expect((await me(await login(DEMO.prestador))).moduloAdministracion).toBe(false);
  });
});

describe('item 2: profiles follow the company kind and the granter’s rank', () => {
  const nuevo = (idPerfil: number, extra: object = {}) => ({
    idPerfil,
    idSuscripcion: ids.idSuscripcion,
    nombre: unique().email,
    clave: 'Clave.Segura1',
    ...extra,
  });

  it('chain: a provider administrator cannot mint insurer staff, nor reach another provider', async () => {
    const prov = await login(PROV_ADMIN);
    const [{ n: before }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM usuario');
    for (const idPerfil of [1, 16, 17, 18, 19, 20]) {
      const res = await send('POST', '/api/v1/usuarios', prov, nuevo(idPerfil));
      expect(res.statusCode, `perfil ${idPerfil}: ${res.body}`).toBe(403);
      expect(errorOf(res).error.fields?.idPerfil).toBe(MSG_ADMIN.perfilNoCorrespondeEmpresa);
    }
    const [{ n: after }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM usuario');
    expect(after).toBe(before);
    // Its own company's providers: allowed, with the provider profile's flags.
    const ok = await send('POST', '/api/v1/usuarios', prov, nuevo(15));
    expect(ok.statusCode, ok.body).toBe(201);
    // Nor can it turn itself (or that user) into insurer staff.
    const self = (await me(prov)).idUsuario;
    const up = await send('PUT', `/api/v1/usuarios/${self}`, prov, { ...nuevo(17), nombre: PROV_ADMIN });
    expect(up.statusCode).toBe(403);
    const up2 = await send('PUT', `/api/v1/usuarios/${ok.json().item.idUsuario}`, prov, {
      ...nuevo(18),
      nombre: ok.json().item.nombre,
    });
    expect(up2.statusCode).toBe(403);
    expect((await me(prov)).idPerfil).toBe(15);
    // The last step of the chain stays closed: another provider's procedure is not found.
    const ajeno = await crearTramite(t, ids, { prestador: ids.idPrestador2, planillas: [{}] });
    expect((await send('GET', `/api/v1/tramites/${ajeno.idTramite}`, prov)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/planillas/${ajeno.planillas[0]}`, prov)).statusCode).toBe(404);
  });

  it('the insurer’s administrator gives insurer profiles only; nobody grants above their own', async () => {
    const admin = await login(DEMO.admin);
    const prov = await send('POST', '/api/v1/usuarios', admin, nuevo(15));
    expect(prov.statusCode).toBe(403);
    expect(errorOf(prov).error.fields?.idPerfil).toBe(MSG_ADMIN.perfilNoCorrespondeEmpresa);
    const sup = await send('POST', '/api/v1/usuarios', admin, nuevo(17));
    expect(sup.statusCode, sup.body).toBe(201);

    // An AM supervisor given the administration module: operatives and supervisors, not 16 or 1.
    const email = sup.json().item.nombre;
    await t.database.query('UPDATE usuario SET modulo_administracion = true WHERE nombre = $1', [email]);
    const s = await login(email, 'Clave.Segura1');
    for (const idPerfil of [1, 16]) {
      const res = await send('POST', '/api/v1/usuarios', s, nuevo(idPerfil));
      expect(res.statusCode, `perfil ${idPerfil}`).toBe(403);
      expect(errorOf(res).error.fields?.idPerfil).toBe(MSG_ADMIN.perfilSuperior);
    }
    expect((await send('POST', '/api/v1/usuarios', s, nuevo(18))).statusCode).toBe(201);
    // No flag it lacks (it has no moduloFacturacion), and no change to a user above it.
    const flag = await send('POST', '/api/v1/usuarios', s, nuevo(18, { moduloFacturacion: true }));
    expect(flag.statusCode).toBe(403);
    expect(errorOf(flag).error.fields).toHaveProperty('moduloFacturacion');
    const idAdmin = (await me(admin)).idUsuario;
    const takeover = await send('PUT', `/api/v1/usuarios/${idAdmin}`, s, {
      idPerfil: 1,
      idSuscripcion: ids.idSuscripcion,
      nombre: DEMO.admin,
      clave: 'Robada.2026',
    });
    expect(takeover.statusCode).toBe(403);
    expect(errorOf(takeover).error.message).toBe(MSG_ADMIN.usuarioSuperior);
    expect((await send('DELETE', `/api/v1/usuarios/${idAdmin}`, s)).statusCode).toBe(403);
    await login(DEMO.admin);
  });
});

describe('item 3: system-wide catalogues are written only by a platform operator', () => {
  // Declared system-wide, or (as before issue 11) declared without a tenant at all.
  const sistema = Object.values(ALL_CATALOGS).filter(
    (d) => !d.readOnly && (d.tenant ?? 'sistema') === 'sistema',
  );

  it('every catalogue declares whether it is system-wide; the reference ones are', () => {
    for (const d of Object.values(ALL_CATALOGS)) expect(d.tenant, d.name).toBeDefined();
    const names = sistema.map((d) => d.name);
    for (const n of [
      'diagnostico',
      'plan',
      'servicio',
      'tipoiden',
      'formapago',
      'especialidad',
      'localidad',
    ]) {
      expect(names, n).toContain(n);
    }
    expect(names).toContain('perfil');
    expect(names).toContain('elemento');
  });

  it('tenants’ administrators, supervisors and strangers read them and cannot write them', async () => {
    expect(sistema.length).toBeGreaterThan(15);
    const stranger = await registrarEmpresa(t);
    const callers: Array<[string, Headers]> = [
      ['admin', await login(DEMO.admin)],
      ['supervisor.am', await t.auth(DEMO.supervisorAm)],
      ['supervisor.gd', await t.auth(DEMO.supervisorGd)],
      ['registrado', stranger.headers],
    ];
    for (const def of sistema) {
      const base = `/api/v1/catalogos/${def.name}`;
      for (const [who, h] of callers) {
        const list = await send('GET', `${base}?pageSize=1`, h);
        expect(list.statusCode, `${who} GET ${def.name}`).toBe(200);
        const id = list.json().items[0]?.[def.idField] ?? 1;
        expect((await send('POST', base, h, {})).statusCode, `${who} POST ${def.name}`).toBe(403);
        expect((await send('PUT', `${base}/${id}`, h, {})).statusCode, `${who} PUT ${def.name}`).toBe(403);
        expect((await send('DELETE', `${base}/${id}`, h)).statusCode, `${who} DELETE ${def.name}`).toBe(403);
      }
    }
    // Per-tenant catalogues stay the tenant's to write.
    const obs = await send('POST', '/api/v1/catalogos/observacion', callers[0][1], {
      tipo: 'M',
      descripcion: 'Falta la epicrisis',
    });
    expect(obs.statusCode, obs.body).toBe(201);
  });

  it('the platform operator writes them; the flag comes from the database, never from the client', async () => {
    const op = await login(DEMO.plataforma);
    expect((await me(op)).plataforma).toBe(true);
    expect((await me(await login(DEMO.admin))).plataforma).toBe(false);
    const base = '/api/v1/catalogos/especialidad';
    const created = await send('POST', base, op, { nombre: 'Medicina del deporte' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().item.idEspecialidad;
    const upd = await send('PUT', `${base}/${id}`, op, { nombre: 'Medicina deportiva' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await send('DELETE', `${base}/${id}`, op)).statusCode).toBe(200);
    // Nothing a tenant sends makes it one.
    const admin = await login(DEMO.admin);
    const idAdmin = (await me(admin)).idUsuario;
    const put = await send('PUT', `/api/v1/usuarios/${idAdmin}`, admin, {
      idPerfil: 1,
      idSuscripcion: ids.idSuscripcion,
      nombre: DEMO.admin,
      plataforma: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await me(await login(DEMO.admin))).plataforma).toBe(false);
  });
});

describe('item 4: the insurer sees a provider’s work only once it is sent, and 18/20 only what is assigned', () => {
  /** What a caller may read of a procedure, attention by attention and load by load. */
  async function reads(usuario: string, f: { idTramite: number; idCarga: number; planillas: number[] }) {
    const h = await t.auth(usuario);
    const urls: Array<[string, string]> = [
      ['tramite', `/api/v1/tramites/${f.idTramite}`],
      ['cargas', `/api/v1/tramites/${f.idTramite}/cargas`],
      ['filas', `/api/v1/tramites/${f.idTramite}/filas`],
      ['planillas', `/api/v1/planillas?idTramite=${f.idTramite}`],
      ['planilla', `/api/v1/planillas/${f.planillas[0]}`],
      ['carga', `/api/v1/cargas/${f.idCarga}`],
      ['errores', `/api/v1/cargas/${f.idCarga}/errores`],
    ];
    const out: Record<string, number> = {};
    for (const [key, u] of urls) out[key] = (await send('GET', u, h)).statusCode;
    return out;
  }

  it('before ENVIADO: no insurer profile reads the procedure or its children (404); supervisors list its header', async () => {
    const aud = ids.usuarios.auditorAm;
    const ges = ids.usuarios.gestorGd;
    for (const estado of ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO']) {
      const f = await crearTramite(t, ids, {
        estado,
        tipoAsignacion: 'T',
        planillas: [{ med: aud, doc: ges }],
      });
      for (const u of [
        DEMO.admin,
        DEMO.revisor,
        DEMO.supervisorAm,
        DEMO.auditorAm,
        DEMO.supervisorGd,
        DEMO.gestorGd,
      ]) {
        const r = await reads(u, f);
        for (const [url, status] of Object.entries(r)) expect(status, `${estado} ${u} ${url}`).toBe(404);
      }
      // The provider reads all of it.
      const own = await reads(DEMO.prestador, f);
      for (const [url, status] of Object.entries(own)) expect(status, `${estado} prestador ${url}`).toBe(200);
      const list = await send(
        'GET',
        '/api/v1/tramites?vista=todos&pageSize=100',
        await t.auth(DEMO.supervisorAm),
      );
      expect(list.json().items.map((i: { idTramite: number }) => i.idTramite)).toContain(f.idTramite);
    }
  });

  it('once sent: 18 and 20 read only procedures with something assigned to them, raw rows only under T', async () => {
    const aud = ids.usuarios.auditorAm;
    const mine = await crearTramite(t, ids, { estado: 'EN PROCESO', planillas: [{ med: aud }, {}] });
    const none = await crearTramite(t, ids, { estado: 'EN PROCESO', planillas: [{}] });
    const todos = await crearTramite(t, ids, { estado: 'EN PROCESO', tipoAsignacion: 'T', planillas: [{}] });

    const rNone = await reads(DEMO.auditorAm, none);
    for (const [url, status] of Object.entries(rNone)) expect(status, `sin asignar ${url}`).toBe(404);

    const rMine = await reads(DEMO.auditorAm, mine);
    expect(rMine).toMatchObject({ tramite: 200, planilla: 200, planillas: 200, cargas: 200, carga: 200 });
    // The whole procedure's raw rows hold every patient: only when everything is assigned to everybody.
    expect(rMine).toMatchObject({ filas: 404, errores: 404 });
    const datos = await send(
      'GET',
      `/api/v1/tramites/${mine.idTramite}/archivos-datos/csv`,
      await t.auth(DEMO.auditorAm),
    );
    expect(datos.statusCode).toBe(404);
    const h = await t.auth(DEMO.auditorAm);
    expect((await send('GET', `/api/v1/planillas/${mine.planillas[1]}`, h)).statusCode).toBe(404);

    const rTodos = await reads(DEMO.auditorAm, todos);
    for (const [url, status] of Object.entries(rTodos)) expect(status, `tipo T ${url}`).toBe(200);
    // The GD operative has nothing assigned in `mine`.
    expect((await reads(DEMO.gestorGd, mine)).tramite).toBe(404);
    // Supervisors read every sent procedure of their subscription.
    const sup = await reads(DEMO.supervisorAm, none);
    for (const [url, status] of Object.entries(sup)) expect(status, `supervisor ${url}`).toBe(200);
  });
});
