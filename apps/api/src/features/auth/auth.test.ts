import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@app/domain';
import argon2 from 'argon2';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

const XFF_USER = 'xff@demo.ec';

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

  it('limits failed logins per address (429), whatever the accounts; other addresses unaffected', async () => {
    const codes: number[] = [];
    const users = [DEMO.gestorGd, DEMO.auditorAm, 'otro@demo.ec', DEMO.revisor, DEMO.prestador, DEMO.admin];
    for (const u of users) codes.push((await login(u, 'mala', {}, '10.0.0.9')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await login(DEMO.gestorGd, DEMO_PASSWORD, {}, '10.0.0.9');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).error.message).toBe(MSG.demasiadasSolicitudes);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(DEMO.gestorGd, DEMO_PASSWORD, {}, '10.0.0.10')).statusCode).toBe(200);
  });

  it('a made-up X-Forwarded-For does not escape the limit (no proxy is trusted by default)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { usuario: XFF_USER, clave: 'mala' },
        remoteAddress: '10.0.0.11',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(5)).toEqual([429, 429]);
    const [row] = await t.database.query<{ ip: string }>(
      `SELECT ip FROM sesion_err WHERE usuario = $1 ORDER BY id_sesion_err DESC LIMIT 1`,
      [XFF_USER],
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
    const first = authenticator.generate(secreto);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/confirmar',
      headers,
      payload: { codigo: first },
    });
    expect(ok.statusCode).toBe(200);
    const need = await login(DEMO.admin, DEMO_PASSWORD, {}, '10.0.4.1');
    expect(need.statusCode).toBe(401);
    expect(errorOf(need).error.code).toBe('CODIGO_2FA_REQUERIDO');
    const wrong = await login(DEMO.admin, DEMO_PASSWORD, { codigo: '123456' }, '10.0.4.1');
    expect(errorOf(wrong).error.code).toBe('CODIGO_2FA_INVALIDO');
    // The code just used to confirm is spent; the next step's code opens the session.
    const reused = await login(DEMO.admin, DEMO_PASSWORD, { codigo: first }, '10.0.4.1');
    expect(errorOf(reused).error.message).toBe(MSG.codigo2faUsado);
    const at = (secondsAgo: number) => authenticator.clone({ epoch: Date.now() - secondsAgo * 1000 });
    const good = await login(DEMO.admin, DEMO_PASSWORD, { codigo: at(-30).generate(secreto) }, '10.0.4.1');
    expect(good.statusCode).toBe(200);
    // The code of the step just past still counts (typed as the step turned) when no later code was used;
    // two steps back does not.
    await t.database.query('UPDATE usuario SET totp_ultimo_paso = NULL WHERE nombre = $1', [DEMO.admin]);
    // The previous step's code is accepted only while the step does not turn again before the server
    // checks it (after the password hash, seconds on a loaded machine): start early in a step.
    const intoStep = (Date.now() / 1000) % 30;
    if (intoStep > 20) await new Promise((r) => setTimeout(r, (30 - intoStep) * 1000 + 100));
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

describe('per-account login delays (issue 11 item 8)', () => {
  const wait = (usuario: string) =>
    t.database.query(`UPDATE login_intento SET hasta = now() - interval '1 second' WHERE clave = $1`, [
      `u:${usuario}`,
    ]);

  it('failures from several addresses add up; then even the right password waits, longer each time, capped', async () => {
    await t.database.query('DELETE FROM login_intento');
    const u = DEMO.auditorAm;
    const ips = ['10.0.5.1', '10.0.5.1', '10.0.5.2', '10.0.5.2', '10.0.5.3'];
    for (const ip of ips) expect((await login(u, 'mala', {}, ip)).statusCode).toBe(401);
    const held = await login(u, DEMO_PASSWORD, {}, '10.0.5.4');
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).error.code).toBe('USUARIO_EN_ESPERA');
    const first = Number(held.headers['retry-after']);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(30);
    expect(errorOf(held).error.message).toBe(MSG.cuentaEnEspera(first));
    const [logged] = await t.database.query<{ motivo: string; ip: string }>(
      'SELECT motivo, ip FROM sesion_err WHERE usuario = $1 ORDER BY id_sesion_err DESC LIMIT 1',
      [u],
    );
    expect(logged).toEqual({ motivo: 'Usuario en espera por intentos fallidos', ip: '10.0.5.4' });

    // After the wait, one more failure doubles it.
    await wait(u);
    expect((await login(u, 'mala', {}, '10.0.5.5')).statusCode).toBe(401);
    const second = Number((await login(u, DEMO_PASSWORD, {}, '10.0.5.6')).headers['retry-after']);
    expect(second).toBeGreaterThan(30);
    expect(second).toBeLessThanOrEqual(60);
    // Never more than the cap, however many failures.
    await t.database.query(`UPDATE login_intento SET fallos = 60, hasta = NULL WHERE clave = $1`, [`u:${u}`]);
    expect((await login(u, 'mala', {}, '10.0.5.7')).statusCode).toBe(401);
    const capped = Number((await login(u, DEMO_PASSWORD, {}, '10.0.5.8')).headers['retry-after']);
    expect(capped).toBeGreaterThan(60);
    expect(capped).toBeLessThanOrEqual(900);
    // Once the wait is over the right password gets in and the series ends.
    await wait(u);
    expect((await login(u, DEMO_PASSWORD, {}, '10.0.5.9')).statusCode).toBe(200);
    expect(await t.database.query('SELECT 1 FROM login_intento WHERE clave = $1', [`u:${u}`])).toHaveLength(
      0,
    );
  });

  it('an unknown name is counted like a known one and its password is hashed too (item 11)', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const res = await login('nadie.existe@demo.ec', 'mala', {}, '10.0.7.1');
      expect(res.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
    for (let i = 2; i <= 5; i++) {
      expect((await login('nadie.existe@demo.ec', 'mala', {}, `10.0.7.${i}`)).statusCode).toBe(401);
    }
    expect(errorOf(await login('nadie.existe@demo.ec', 'mala', {}, '10.0.7.9')).error.code).toBe(
      'USUARIO_EN_ESPERA',
    );
  });

  it('a right password still waiting for its 2FA code is not a failure', async () => {
    await t.database.query('DELETE FROM login_intento');
    await t.database.query(`UPDATE usuario SET totp_activo = true, totp_secreto = $2 WHERE nombre = $1`, [
      DEMO.gestorGd,
      authenticator.generateSecret(),
    ]);
    for (let i = 0; i < 8; i++) {
      expect(errorOf(await login(DEMO.gestorGd, DEMO_PASSWORD, {}, '10.0.8.1')).error.code).toBe(
        'CODIGO_2FA_REQUERIDO',
      );
    }
    await t.database.query(`UPDATE usuario SET totp_activo = false, totp_secreto = NULL WHERE nombre = $1`, [
      DEMO.gestorGd,
    ]);
  });
});

describe('changing the second factor (issue 11 item 9)', () => {
  it('an active factor is neither replaced nor removed without its current code or the password', async () => {
    const headers = {
      authorization: `Bearer ${(await login(DEMO.revisor, DEMO_PASSWORD, {}, '10.0.9.1')).json().token}`,
    };
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/2fa/${url}`, headers, payload });
    const estado = async () =>
      (
        await t.database.query<{ activo: boolean; secreto: string | null }>(
          'SELECT totp_activo AS activo, totp_secreto AS secreto FROM usuario WHERE nombre = $1',
          [DEMO.revisor],
        )
      )[0];
    const s1 = (await post('iniciar')).json().secreto as string;
    expect((await post('confirmar', { codigo: authenticator.generate(s1) })).statusCode).toBe(200);
    expect(await estado()).toEqual({ activo: true, secreto: s1 });

    const sinPrueba = await post('iniciar');
    expect(sinPrueba.statusCode).toBe(400);
    expect(errorOf(sinPrueba).error.message).toBe(MSG.codigo2faOClaveRequerido);
    expect(errorOf(await post('iniciar', { clave: 'no-es' })).error.message).toBe(MSG.claveActualIncorrecta);
    expect(errorOf(await post('iniciar', { codigo: '000000' })).error.message).toBe(MSG.codigo2faInvalido);
    expect((await post('desactivar', {})).statusCode).toBe(400);
    expect((await post('desactivar', { codigo: '000000' })).statusCode).toBe(400);
    expect(await estado()).toEqual({ activo: true, secreto: s1 });

    // With the password, a new secret is prepared; the active one stays until the new one is confirmed.
    const s2 = (await post('iniciar', { clave: DEMO_PASSWORD })).json().secreto as string;
    expect(await estado()).toEqual({ activo: true, secreto: s1 });
    const next = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    expect((await post('confirmar', { codigo: authenticator.generate(s2) })).statusCode).toBe(200);
    expect(await estado()).toEqual({ activo: true, secreto: s2 });
    // A code proves once.
    const code = next(s2);
    expect((await post('desactivar', { codigo: code })).statusCode).toBe(200);
    expect(await estado()).toEqual({ activo: false, secreto: null });
  });
});

describe('a new password ends the other sessions (issue 11 item 10)', () => {
  const me = (authorization: string) => t.app.inject({ url: '/api/v1/auth/me', headers: { authorization } });
  const bearer = async (usuario: string, clave: string, ip: string) =>
    `Bearer ${(await login(usuario, clave, {}, ip)).json().token}`;

  it('changing it keeps the current session and closes the others', async () => {
    const a = await bearer(DEMO.supervisorAm, DEMO_PASSWORD, '10.0.10.1');
    const b = await bearer(DEMO.supervisorAm, DEMO_PASSWORD, '10.0.10.2');
    expect((await me(b)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/cambiar-clave',
      headers: { authorization: a },
      payload: { claveActual: DEMO_PASSWORD, nuevaClave: 'Cambio.2026', confirmacion: 'Cambio.2026' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sesion s JOIN usuario u USING (id_usuario)
        WHERE u.nombre = $1 AND s.motivo_fin = 'CAMBIO_CLAVE'`,
      [DEMO.supervisorAm],
    );
    expect(row.n).toBeGreaterThanOrEqual(1);
  });

  it('resetting it by e-mail closes every session', async () => {
    const c = await bearer(DEMO.prestador, DEMO_PASSWORD, '10.0.10.3');
    const [{ id }] = await t.database.query<{ id: number }>(
      'SELECT id_usuario AS id FROM usuario WHERE nombre = $1',
      [DEMO.prestador],
    );
    const secret = 'enlace-de-prueba-0123456789';
    await t.database.query(
      `INSERT INTO clave_reset (id_usuario, token_hash, expira) VALUES ($1, encode(sha256($2::bytea), 'hex'), now() + interval '1 hour')`,
      [id, secret],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/restablecer-clave/${id}`,
      payload: { token: secret, nuevaClave: 'Reinicio.2026', confirmacion: 'Reinicio.2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(c)).statusCode).toBe(401);
  });
});

describe('anonymous checks (issue 11 item 11) and caching (item 13)', () => {
  it('correo-disponible is limited per address', async () => {
    const ask = () =>
      t.app.inject({ url: '/api/v1/auth/correo-disponible?email=x@y.ec', remoteAddress: '10.0.11.1' });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    const res = await ask();
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).error.message).toBe(MSG.demasiadasSolicitudes);
  });

  it('API answers carry Cache-Control: no-store, errors included', async () => {
    const ok = await t.app.inject({ url: '/api/v1/auth/me', headers: await t.auth(DEMO.revisor) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/v1/tramites' })).headers['cache-control']).toBe('no-store');
  });
});
