import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@app/domain';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, DEMO_PASSWORD, errorOf, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: 5 });
});
afterAll(async () => t?.close());

const login = (usuario: string, clave: string, extra: object = {}, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { usuario, clave, ...extra },
    remoteAddress: ip,
  });

describe('login', () => {
  it('returns a token with expiry and the session user with flags', async () => {
    const res = await login(DEMO.supervisorAm, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(new Date(body.expiraEn).getTime()).toBeGreaterThan(Date.now());
    expect(body.usuario).toMatchObject({
      nombre: DEMO.supervisorAm,
      idPerfil: 17,
      moduloAuditoria: true,
      menuProcesos: true,
    });
    const sessions = await t.database.query('SELECT * FROM sesion WHERE id_usuario = $1', [
      body.usuario.idUsuario,
    ]);
    expect(sessions.length).toBeGreaterThan(0);
  });

  it('wrong password → 401 in Spanish and a logged failure', async () => {
    const res = await login(DEMO.auditorAm, 'incorrecta', {}, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).error.message).toBe('Usuario o contraseña incorrectos');
    const errs = await t.database.query<{ usuario: string }>(
      "SELECT usuario FROM sesion_err WHERE ip = '10.0.0.2'",
    );
    expect(errs.map((e) => e.usuario)).toContain(DEMO.auditorAm);
  });

  it('unknown user and missing fields', async () => {
    expect((await login('nadie@demo.ec', 'x', {}, '10.0.0.3')).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { usuario: '' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error.fields).toHaveProperty('usuario');
  });

  it('is rate-limited per user and address (429), other users unaffected', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login(DEMO.gestorGd, 'mala', {}, '10.0.0.9')).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes[5]).toBe(429);
    const locked = await login(DEMO.gestorGd, DEMO_PASSWORD, {}, '10.0.0.9');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).error.message).toBe(MSG.demasiadasSolicitudes);
    expect((await login(DEMO.gestorGd, DEMO_PASSWORD, {}, '10.0.0.10')).statusCode).toBe(200);
  });

  it('a made-up X-Forwarded-For does not escape the limit (no proxy is trusted by default)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { usuario: DEMO.supervisorGd, clave: 'mala' },
        remoteAddress: '10.0.0.11',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(5)).toEqual([429, 429]);
    const [row] = await t.database.query<{ ip: string }>(
      `SELECT ip FROM sesion_err WHERE usuario = $1 ORDER BY id_sesion_err DESC LIMIT 1`,
      [DEMO.supervisorGd],
    );
    expect(row.ip).toBe('10.0.0.11');
  });
});

describe('session', () => {
  it('401 without or with a forged token', async () => {
    expect((await t.app.inject({ url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.statusCode).toBe(401);
    expect(errorOf(forged).error.message).toBe(MSG.sesionExpirada);
  });

  it('logout closes the session: the same token is refused afterwards', async () => {
    const token = (await login(DEMO.revisor, DEMO_PASSWORD, {}, '10.0.1.1')).json().token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers })).json().usuario.idPerfil).toBe(16);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers })).statusCode).toBe(401);
  });

  it('gives a random tip of the profile and logs route accesses', async () => {
    const headers = await t.auth(DEMO.prestador);
    const tip = await t.app.inject({ url: '/api/v1/auth/consejo', headers });
    expect(tip.statusCode).toBe(200);
    const [{ n }] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM consejo_perfil WHERE id_perfil = 15 AND consejo_texto = $1',
      [tip.json().consejoTexto],
    );
    expect(n).toBe(1);
    const acc = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/acceso',
      headers,
      payload: { ruta: '/tramite-carga' },
    });
    expect(acc.statusCode).toBe(204);
    const rows = await t.database.query("SELECT 1 FROM acceso_sesion WHERE ruta = '/tramite-carga'");
    expect(rows).toHaveLength(1);
  });
});

describe('change password', () => {
  it('checks the five messages on the server, the current password, then changes it', async () => {
    const headers = await t.auth(DEMO.prestador2);
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/cambiar-clave', headers, payload });
    expect(errorOf(await post({})).error.message).toBe('Ingrese la contraseña actual');
    expect(errorOf(await post({ claveActual: 'x' })).error.message).toBe('Ingrese la nueva contraseña');
    expect(errorOf(await post({ claveActual: 'x', nuevaClave: 'abcdefgh' })).error.message).toBe(
      'Ingrese la confirmación de la contraseña',
    );
    expect(
      errorOf(await post({ claveActual: 'x', nuevaClave: 'abcdefgh', confirmacion: 'z' })).error.message,
    ).toBe('Las contraseñas no coinciden');
    expect(
      errorOf(await post({ claveActual: 'x', nuevaClave: 'abc', confirmacion: 'abc' })).error.message,
    ).toBe('La nueva contraseña debe tener al menos 8 caracteres');
    const wrong = await post({ claveActual: 'no-es', nuevaClave: 'Nueva.2026', confirmacion: 'Nueva.2026' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).error.message).toBe(MSG.claveActualIncorrecta);
    const ok = await post({
      claveActual: DEMO_PASSWORD,
      nuevaClave: 'Nueva.2026',
      confirmacion: 'Nueva.2026',
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(DEMO.prestador2, DEMO_PASSWORD, {}, '10.0.2.1')).statusCode).toBe(401);
    expect((await login(DEMO.prestador2, 'Nueva.2026', {}, '10.0.2.1')).statusCode).toBe(200);
  });
});

describe('password reset by e-mail', () => {
  it('writes a link to the outbox; the link works once; a used or bad link is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/olvido-clave',
      payload: { usuario: DEMO.supervisorGd },
    });
    expect(res.json().mensaje).toBe(MSG.olvidoEnviado);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/olvido-clave',
      payload: { usuario: 'x@y.ec' },
    });
    expect(unknown.json().mensaje).toBe(MSG.olvidoEnviado);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    const eml = fs
      .readFileSync(path.join(outbox, files[0]), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const m = eml.match(/login-actualizar-clave\/(\d+)\?token=([A-Za-z0-9_-]+)/);
    expect(m).not.toBeNull();
    const [, id, token] = m!;
    const reset = (payload: object, uid = id) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/restablecer-clave/${uid}`, payload });
    const short = await reset({ token, nuevaClave: 'corta', confirmacion: 'corta' });
    expect(errorOf(short).error.message).toBe('La nueva contraseña debe tener al menos 8 caracteres');
    expect(
      (await reset({ token, nuevaClave: 'Otra.2026x', confirmacion: 'Otra.2026x' }, '1')).statusCode,
    ).toBe(400);
    expect((await reset({ token, nuevaClave: 'Otra.2026x', confirmacion: 'Otra.2026x' })).statusCode).toBe(
      200,
    );
    const again = await reset({ token, nuevaClave: 'Otra.2026y', confirmacion: 'Otra.2026y' });
    expect(errorOf(again).error.message).toBe(MSG.enlaceInvalido);
    expect((await login(DEMO.supervisorGd, 'Otra.2026x', {}, '10.0.3.1')).statusCode).toBe(200);
  });
});

describe('two-factor authentication', () => {
  it('enrols with a QR code, then login asks for and checks the 6-digit code', async () => {
    const headers = await t.auth(DEMO.admin);
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/iniciar', headers });
    const { secreto, qr } = start.json();
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/confirmar',
      headers,
      payload: { codigo: '000000' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/confirmar',
      headers,
      payload: { codigo: authenticator.generate(secreto) },
    });
    expect(ok.statusCode).toBe(200);
    const need = await login(DEMO.admin, DEMO_PASSWORD, {}, '10.0.4.1');
    expect(need.statusCode).toBe(401);
    expect(errorOf(need).error.code).toBe('CODIGO_2FA_REQUERIDO');
    const wrong = await login(DEMO.admin, DEMO_PASSWORD, { codigo: '123456' }, '10.0.4.1');
    expect(errorOf(wrong).error.code).toBe('CODIGO_2FA_INVALIDO');
    const good = await login(
      DEMO.admin,
      DEMO_PASSWORD,
      { codigo: authenticator.generate(secreto) },
      '10.0.4.1',
    );
    expect(good.statusCode).toBe(200);
    // The code of the step just past still counts (typed as the step turned); two steps back does not.
    const at = (secondsAgo: number) => authenticator.clone({ epoch: Date.now() - secondsAgo * 1000 });
    const previous = await login(DEMO.admin, DEMO_PASSWORD, { codigo: at(30).generate(secreto) }, '10.0.4.2');
    expect(previous.statusCode).toBe(200);
    const old = at(90).generate(secreto);
    if (old !== authenticator.generate(secreto) && old !== at(30).generate(secreto)) {
      const stale = await login(DEMO.admin, DEMO_PASSWORD, { codigo: old }, '10.0.4.2');
      expect(errorOf(stale).error.code).toBe('CODIGO_2FA_INVALIDO');
    }
  });
});

describe('registration e-mail check', () => {
  it('tells whether an e-mail is already a user', async () => {
    const taken = await t.app.inject({ url: `/api/v1/auth/correo-disponible?email=${DEMO.admin}` });
    expect(taken.json()).toEqual({ disponible: false });
    const free = await t.app.inject({ url: '/api/v1/auth/correo-disponible?email=nuevo@clinica.ec' });
    expect(free.json()).toEqual({ disponible: true });
  });
});
