import { MSG, todayIso } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import { registrarEmpresa } from '../admin/test-utils.ts';

let t: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.auth(DEMO.admin);
  await t.auth(DEMO.auditorAm);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { usuario: DEMO.revisor, clave: 'mala-clave' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/acceso',
    headers: admin,
    payload: { ruta: '/sesion' },
  });
});
afterAll(async () => t?.close());

const get = async (url: string, headers = admin) => t.app.inject({ url, headers });

describe('session administration (profile 1)', () => {
  it('/sesion lists sessions paged in SQL, newest first, with user, start, end, reason and IP', async () => {
    const res = await get('/api/v1/sesiones?pageSize=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 1 });
    expect(res.json().total).toBeGreaterThanOrEqual(2);
    expect(res.json().items[0]).toMatchObject({
      usuarioNombre: expect.any(String),
      ip: expect.any(String),
      fechaInicio: expect.any(String),
    });
    const found = await get(`/api/v1/sesiones?q=${encodeURIComponent('auditor.am')}`);
    expect(
      found.json().items.every((s: { usuarioNombre: string }) => s.usuarioNombre === DEMO.auditorAm),
    ).toBe(true);
    const hoy = todayIso();
    expect((await get('/api/v1/sesiones?desde=2000-01-01&hasta=2000-01-31')).json().total).toBe(0);
    expect((await get(`/api/v1/sesiones?desde=${hoy}`)).json().total).toBeGreaterThanOrEqual(1);
  });

  it('/sesionerr lists failed logins of its users; /accesosesion route accesses', async () => {
    const err = await get('/api/v1/sesiones/errores');
    expect(err.json().items[0]).toMatchObject({
      usuario: DEMO.revisor,
      tipo: 'LOGIN',
      motivo: 'Usuario o contraseña incorrectos',
    });
    const acc = await get('/api/v1/sesiones/accesos');
    expect(acc.json().items.map((a: { ruta: string }) => a.ruta)).toContain('/sesion');
  });

  it('/sesionesmes and /sesionesdia count sessions per month and per day (America/Guayaquil)', async () => {
    const mes = await get('/api/v1/sesiones/por-mes');
    expect(mes.json().items).toHaveLength(12);
    expect(mes.json().items[0]).toMatchObject({ mes: 1, nombre: 'Enero' });
    expect(mes.json().total).toBeGreaterThanOrEqual(2);
    const dia = await get('/api/v1/sesiones/por-dia');
    expect(dia.json().items.length).toBeGreaterThanOrEqual(28);
    expect(dia.json().total).toBe(
      mes.json().items.find((m: { mes: number }) => m.mes === Number(dia.json().mes.slice(5))).sesiones,
    );
    expect((await get('/api/v1/sesiones/por-dia?mes=2026-13')).statusCode).toBe(400);
  });

  it('/sandbox-log is empty until the integration API writes it', async () => {
    const res = await get('/api/v1/sandbox-log');
    expect(res.json()).toMatchObject({ items: [], total: 0 });
  });

  it('only profile 1; another tenant sees none of these rows', async () => {
    const sup = await t.auth(DEMO.supervisorAm);
    const r403 = await get('/api/v1/sesiones', sup);
    expect(r403.statusCode).toBe(403);
    expect(errorOf(r403).error.message).toBe(MSG.noAutorizado);
    const b = await registrarEmpresa(t);
    const mine = await get('/api/v1/sesiones?pageSize=100', b.headers);
    expect(mine.json().items.map((s: { usuarioNombre: string }) => s.usuarioNombre)).toEqual([b.body.email]);
    expect((await get('/api/v1/sesiones/errores', b.headers)).json().total).toBe(0);
    expect((await get('/api/v1/sesiones/accesos', b.headers)).json().total).toBe(0);
  });
});
