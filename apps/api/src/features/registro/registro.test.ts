import { MSG, MSG_ADMIN, todayIso } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, errorOf, FLAGS_SELECT, type TestContext } from '../../test/helpers.ts';
import { registroBody } from '../admin/test-utils.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const count = async (sql: string, params: unknown[]) =>
  (await t.database.query<{ n: number }>(sql, params))[0].n;

describe('public registration', () => {
  it('plans with prices and payment methods are public', async () => {
    const planes = await t.app.inject({ url: '/api/v1/registro/planes' });
    expect(planes.statusCode).toBe(200);
    expect(planes.json().items[0]).toMatchObject({ nombre: 'BÁSICO', valor: '150.00', duracionMeses: 12 });
    expect((await t.app.inject({ url: '/api/v1/registro/formas-pago' })).json().items.length).toBeGreaterThan(
      0,
    );
  });

  it('creates company, VIGENTE subscription, audit row, person and administrator in one call; the user can log in', async () => {
    const body = registroBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/registro', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mensaje).toBe(MSG_ADMIN.registroCompleto);
    const { idEmpresa, idSuscripcion, idUsuario } = res.json();
    const [empresa] = await t.database.query<{ suscriptor: boolean; documento: string; razonSocial: string }>(
      'SELECT suscriptor, documento, razon_social AS "razonSocial" FROM empresa WHERE id_empresa = $1',
      [idEmpresa],
    );
    expect(empresa).toEqual({
      suscriptor: true,
      documento: body.ruc,
      razonSocial: 'CLÍNICA DEL SUR CÍA. LTDA.',
    });
    const [s] = await t.database.query<{
      estado: string;
      fechaDesde: string;
      fechaHasta: string;
      idUsuario: number;
      numero: string;
    }>(
      `SELECT estado, fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta", id_usuario AS "idUsuario", numero FROM suscripcion WHERE id_suscripcion = $1`,
      [idSuscripcion],
    );
    const hoy = todayIso();
    expect(s.estado).toBe('VIGENTE');
    expect(s.fechaDesde).toBe(hoy);
    expect(s.fechaHasta > hoy).toBe(true);
    expect(s.idUsuario).toBe(idUsuario);
    expect(s.numero).toMatch(/^SUS-\d{4}-\d{6}$/);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM suscripcion_aud WHERE id_suscripcion = $1 AND tipo = 'REGISTRO'`,
        [idSuscripcion],
      ),
    ).toBe(1);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { usuario: body.email, clave: body.clave },
    });
    expect(login.statusCode, login.body).toBe(200);
    const u = login.json().usuario;
    expect(u).toMatchObject({ idPerfil: 1, idEmpresa, idSuscripcion, personaNombre: 'ANA ÑÁÑEZ' });
    const [perfil] = await t.database.query<Record<string, boolean>>(
      `SELECT ${FLAGS_SELECT} FROM perfil WHERE id_perfil = 1`,
    );
    const [stored] = await t.database.query<Record<string, boolean>>(
      `SELECT ${FLAGS_SELECT} FROM usuario WHERE id_usuario = $1`,
      [idUsuario],
    );
    expect(stored).toEqual(perfil);
    // The new administrator sees its own subscription as the VIGENTE one.
    const vig = await t.app.inject({
      url: `/api/v1/empresas/${idEmpresa}/suscripcion-vigente`,
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(vig.json().idSuscripcion).toBe(idSuscripcion);
  });

  it('a failure in the last step (e-mail already registered, found by the insert) leaves no company, subscription, person or user', async () => {
    const body = registroBody({ email: DEMO.admin.toUpperCase() });
    const before = {
      empresa: await count('SELECT count(*)::int AS n FROM empresa', []),
      suscripcion: await count('SELECT count(*)::int AS n FROM suscripcion', []),
      aud: await count('SELECT count(*)::int AS n FROM suscripcion_aud', []),
      persona: await count('SELECT count(*)::int AS n FROM persona', []),
      usuario: await count('SELECT count(*)::int AS n FROM usuario', []),
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/registro', payload: body });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.message).toBe(MSG.correoRegistrado(DEMO.admin));
    expect(errorOf(res).error.fields?.email).toBe(MSG.correoRegistrado(DEMO.admin));
    expect(await count('SELECT count(*)::int AS n FROM empresa WHERE documento = $1', [body.ruc])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM persona WHERE documento = $1', [body.cedula])).toBe(0);
    expect({
      empresa: await count('SELECT count(*)::int AS n FROM empresa', []),
      suscripcion: await count('SELECT count(*)::int AS n FROM suscripcion', []),
      aud: await count('SELECT count(*)::int AS n FROM suscripcion_aud', []),
      persona: await count('SELECT count(*)::int AS n FROM persona', []),
      usuario: await count('SELECT count(*)::int AS n FROM usuario', []),
    }).toEqual(before);
    // The same data with a free e-mail then goes through: nothing was left half-written to collide with.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registro',
      payload: { ...body, email: `otro.${body.cedula}@empresa.ec` },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('400 with Spanish messages per step; a RUC already registered → 409; nothing stored', async () => {
    const n = await count('SELECT count(*)::int AS n FROM empresa', []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registro',
      payload: registroBody({
        aceptaTerminos: false as never,
        cedula: '0926687857',
        ruc: '0926687857001',
        confirmacion: 'Otra.2026',
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error.fields).toMatchObject({
      aceptaTerminos: MSG_ADMIN.terminosRequeridos,
      cedula: MSG_ADMIN.cedulaInvalida,
      ruc: MSG_ADMIN.rucInvalido,
      confirmacion: MSG_ADMIN.clavesNoCoinciden,
    });
    const dupRuc = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registro',
      payload: registroBody({ ruc: '0992345678001' }),
    });
    expect(dupRuc.statusCode).toBe(409);
    expect(errorOf(dupRuc).error.fields?.ruc).toBe(MSG_ADMIN.rucDuplicado('0992345678001'));
    expect(await count('SELECT count(*)::int AS n FROM empresa', [])).toBe(n);
  });
});

describe('renewal', () => {
  it('renews the VIGENTE subscription of a signed-in administrator and writes the audit', async () => {
    const admin = await t.auth(DEMO.admin);
    const before = (await t.app.inject({ url: '/api/v1/registro/renovacion', headers: admin })).json()
      .suscripcion;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/registro/renovacion',
      headers: admin,
      payload: { idPlan: 3, idFormaPago: 2, aceptaTerminos: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.idSuscripcion).toBe(before.idSuscripcion);
    expect(out.fechaHasta > before.fechaHasta).toBe(true);
    const [s] = await t.database.query<{ fechaHasta: string; idPlan: number }>(
      'SELECT fecha_hasta AS "fechaHasta", id_plan AS "idPlan" FROM suscripcion WHERE id_suscripcion = $1',
      [before.idSuscripcion],
    );
    expect(s).toEqual({ fechaHasta: out.fechaHasta, idPlan: 3 });
    const aud = await t.database.query<{ tipo: string; fechaDesde: string; fechaHasta: string }>(
      `SELECT tipo, fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta" FROM suscripcion_aud WHERE id_suscripcion = $1 ORDER BY id_suscripcion_aud DESC LIMIT 1`,
      [before.idSuscripcion],
    );
    expect(aud[0]).toEqual({ tipo: 'RENOVACION', fechaDesde: out.fechaDesde, fechaHasta: out.fechaHasta });
  });

  it('only a signed-in administrator (profile 1) may renew', async () => {
    const payload = { idPlan: 1, idFormaPago: 1, aceptaTerminos: true };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/registro/renovacion', payload })).statusCode,
    ).toBe(401);
    const sup = await t.auth(DEMO.supervisorAm);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/registro/renovacion', headers: sup, payload }))
        .statusCode,
    ).toBe(403);
  });
});

describe('rate limit', () => {
  it('the registration endpoint is rate-limited per address', async () => {
    const limited = await createTestContext({ LOGIN_RATE_MAX: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/registro',
          payload: {},
          remoteAddress: '10.9.9.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
