import fs from 'node:fs';
import path from 'node:path';
import { MSG, MSG_AUTORIZACION, MSG_INTEGRACION } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, type Ids, loadIds } from '../../test/fixtures.ts';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import { ensureSandboxSchema, SANDBOX_ID_INICIAL, TABLAS_SANDBOX } from './schema.ts';
import { fila, json, lote, multipart, type Part, PDF, PNG } from './test-utils.ts';

let t: TestContext;
let ids: Ids;
let token: string;
let token2: string;

const crearToken = async (usuario: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-tokens',
    headers: await t.auth(usuario),
    payload: { nombre: 'Sistema HIS de pruebas' },
  });
  return res.json().token as string;
};

beforeAll(async () => {
  t = await createTestContext();
  ids = await loadIds(t);
  token = await crearToken(DEMO.prestador);
  token2 = await crearToken(DEMO.prestador2);
});
afterAll(async () => t?.close());

const CAMPOS = { fechaDesde: '2026-03-01', fechaHasta: '2026-03-31', idServicio: '1' };

type Opts = {
  campos?: Record<string, string>;
  datos?: { filename: string; content: Buffer | string } | null;
  respaldos?: { filename: string; content: Buffer | string }[];
  auth?: string | null;
};

async function llamar(url: string, o: Opts = {}) {
  const parts: Part[] = Object.entries(o.campos ?? CAMPOS).map(([name, value]) => ({ name, value }));
  const datos = o.datos === undefined ? { filename: 'atenciones.json', content: json(lote()) } : o.datos;
  if (datos) parts.push({ name: 'archivoDatos', ...datos });
  for (const r of o.respaldos ?? []) parts.push({ name: 'archivosRespaldo', ...r });
  const body = multipart(parts);
  const auth = o.auth === undefined ? token : o.auth;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    payload: body.payload,
  });
}

const REAL = '/api/v1/cargatramites';
const SBX = '/api/v1/sandbox/cargatramites';

const contar = async (tabla: string) =>
  (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tabla}`))[0].n;

const get = async (url: string, auth = token) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${auth}` } });

describe('registro-datos (real)', () => {
  it('401 without a token, 403 for a non-provider profile', async () => {
    expect((await llamar(`${REAL}/registro-datos`, { auth: null })).statusCode).toBe(401);
    expect((await llamar(`${REAL}/registro-datos`, { auth: 'apk_inventado' })).statusCode).toBe(401);
    const sup = await t.auth(DEMO.supervisorAm);
    const res = await llamar(`${REAL}/registro-datos`, { auth: sup.authorization.slice(7) });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).error.message).toBe(MSG.noAutorizado);
  });

  it('the spec’s messages for a missing data file and bad requests; nothing is stored', async () => {
    const antes = await contar('tramite');
    const sinArchivo = await llamar(`${REAL}/registro-datos`, { datos: null });
    expect(sinArchivo.statusCode).toBe(400);
    expect(errorOf(sinArchivo).error.message).toBe('Debe adjuntar un archivo de datos para continuar.');
    const noMultipart = await t.app.inject({
      method: 'POST',
      url: `${REAL}/registro-datos`,
      headers: { authorization: `Bearer ${token}` },
      payload: { fechaDesde: '2026-03-01' },
    });
    expect(errorOf(noMultipart).error.message).toBe(MSG_INTEGRACION.sinArchivoDatos);

    const sinFecha = await llamar(`${REAL}/registro-datos`, {
      campos: { fechaHasta: '2026-03-31', idServicio: '1' },
    });
    expect(sinFecha.statusCode).toBe(400);
    expect(errorOf(sinFecha).error).toMatchObject({
      message: 'Solicitud incorrecta: Verifique los datos enviados.',
      fields: { fechaDesde: 'El campo fechaDesde es obligatorio.' },
    });
    const servicio = await llamar(`${REAL}/registro-datos`, { campos: { ...CAMPOS, idServicio: '999' } });
    expect(errorOf(servicio).error.fields).toEqual({ idServicio: MSG_INTEGRACION.servicioInvalido });
    const otroUsuario = await llamar(`${REAL}/registro-datos`, {
      campos: { ...CAMPOS, idUsuario: String(ids.usuarios.prestador2) },
    });
    expect(errorOf(otroUsuario).error.fields).toEqual({ idUsuario: MSG_INTEGRACION.idUsuarioDistinto });

    const csv = await llamar(`${REAL}/registro-datos`, {
      datos: { filename: 'datos.csv', content: 'a;b\n1;2\n' },
    });
    expect(csv.statusCode).toBe(415);
    expect(errorOf(csv).error).toMatchObject({
      message: MSG_INTEGRACION.solicitudIncorrecta,
      fields: { archivoDatos: MSG_INTEGRACION.soloJson },
    });
    const pdf = await llamar(`${REAL}/registro-datos`, { datos: { filename: 'datos.json', content: PDF } });
    expect(pdf.statusCode).toBe(415);
    expect(errorOf(pdf).error.fields).toEqual({ archivoDatos: MSG_INTEGRACION.contenidoNoJson });
    const vacio = await llamar(`${REAL}/registro-datos`, { datos: { filename: 'datos.json', content: '' } });
    expect(errorOf(vacio).error.fields).toEqual({ archivoDatos: MSG_INTEGRACION.archivoVacio });
    const truncado = await llamar(`${REAL}/registro-datos`, {
      datos: { filename: 'datos.json', content: json(lote()).slice(0, 200) },
    });
    expect(truncado.statusCode).toBe(400);
    expect(errorOf(truncado).error.message).toBe(MSG_INTEGRACION.solicitudIncorrecta);
    expect(errorOf(truncado).error.fields?.archivoDatos).toMatch(
      /^El archivo JSON está incompleto o mal formado/,
    );
    const objeto = await llamar(`${REAL}/registro-datos`, {
      datos: { filename: 'datos.json', content: '{"a":1}' },
    });
    expect(errorOf(objeto).error.fields?.archivoDatos).toBeTruthy();
    expect(await contar('tramite')).toBe(antes);
    expect(await contar('carga_fila WHERE id_carga NOT IN (SELECT id_carga FROM carga)')).toBe(0);
  });

  it('creates procedure and load in one call: CARGADO without errors, in the provider’s list, in the bitácora', async () => {
    const res = await llamar(`${REAL}/registro-datos`, {
      campos: { ...CAMPOS, idUsuario: String(ids.usuarios.prestador), fechaModificacion: '1767225600000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      mensaje: 'Carga exitosa',
      sandbox: false,
      estadoTramite: 'CARGADO',
      tramiteNuevo: true,
      tipoCarga: 'M',
      idAutorizacion: null,
      numeroRegistros: 4,
      contadorErrores: 0,
      errores: [],
      respaldos: [],
    });
    expect(b.numero).toMatch(/^TR-\d{4}-\d{6}$/);
    expect(b.idTramite).toBeLessThan(SANDBOX_ID_INICIAL);
    const lista = await t.app.inject({
      url: '/api/v1/tramites?vista=carga&pageSize=100',
      headers: await t.auth(DEMO.prestador),
    });
    expect(lista.json().items.map((x: { idTramite: number }) => x.idTramite)).toContain(b.idTramite);
    const tr = await t.app.inject({
      url: `/api/v1/tramites/${b.idTramite}`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(tr.json()).toMatchObject({ estadoTramite: 'CARGADO', frecuenciaCarga: 'M', numCargas: 1 });
    expect(tr.json().descripcion).toBe(MSG_INTEGRACION.descripcionPorDefecto('2026-03-01', '2026-03-31'));
    // The rows' empty idTramite is the new procedure's.
    const [f] = await t.database.query<{ idTramite: string }>(
      'SELECT id_tramite AS "idTramite" FROM carga_fila WHERE id_carga = $1 AND fila = 1',
      [b.idCarga],
    );
    expect(f.idTramite).toBe(String(b.idTramite));
    const bit = await t.database.query<{ observacion: string }>(
      'SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra',
      [b.idTramite],
    );
    expect(bit.map((x) => x.observacion)).toEqual([
      'Trámite registrado (REGISTRADO) por la API de integración.',
      expect.stringContaining('El trámite pasa de REGISTRADO a CARGADO.'),
    ]);
    // Another company does not see it.
    const ajeno = await t.app.inject({
      url: `/api/v1/tramites/${b.idTramite}`,
      headers: await t.auth(DEMO.prestador2),
    });
    expect(ajeno.statusCode).toBe(404);
  });

  it('a file with row errors is stored like a manual upload: REGISTRADO, errors listed by row', async () => {
    const rows = [...lote(), fila({ noPlanilla: 'API-9', diagPri: 'ZZZ9', cantidad: '-1' })];
    const res = await llamar(`${REAL}/registro-datos`, {
      datos: { filename: 'errores.json', content: json(rows) },
      campos: { ...CAMPOS, descripcion: 'carga con errores' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ estadoTramite: 'REGISTRADO', numeroRegistros: 5, contadorErrores: 1 });
    expect(res.json().errores.map((e: { fila: number; columna: string }) => [e.fila, e.columna])).toEqual(
      expect.arrayContaining([
        [5, 'cantidad'],
        [5, 'diagPri'],
      ]),
    );
  });

  it('idAutorizacion loads into the authorization’s procedure: 404 for another company, 409 unless approved', async () => {
    const f = await crearTramite(t, ids, { estado: 'EN PROCESO' });
    const sol = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${f.idTramite}/autorizaciones`,
      headers: await t.auth(DEMO.prestador),
      payload: { descripcion: 'Atenciones tardías', fechaDesde: '2026-03-02', fechaHasta: '2026-03-06' },
    });
    const idAut = sol.json().item.idAutorizacion as number;
    const campos = {
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-06',
      idServicio: String(ids.idServicio),
      idAutorizacion: String(idAut),
    };
    const pendiente = await llamar(`${REAL}/registro-datos`, { campos });
    expect(pendiente.statusCode).toBe(409);
    expect(errorOf(pendiente).error.message).toBe(MSG_AUTORIZACION.noAprobada);
    expect((await llamar(`${REAL}/registro-datos`, { campos, auth: token2 })).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/autorizaciones/${idAut}/aprobar`,
      headers: await t.auth(DEMO.supervisorAm),
      payload: {},
    });
    const fuera = await llamar(`${REAL}/registro-datos`, { campos: { ...campos, fechaHasta: '2026-03-10' } });
    expect(errorOf(fuera).error.fields).toEqual({
      fechaDesde: MSG_AUTORIZACION.fechasFueraAutorizacion('2026-03-02', '2026-03-06'),
    });
    const ok = await llamar(`${REAL}/registro-datos`, { campos });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      idTramite: f.idTramite,
      tramiteNuevo: false,
      tipoCarga: 'A',
      idAutorizacion: idAut,
      estadoTramite: 'EN PROCESO',
      contadorErrores: 0,
    });
  });
});

describe('registro-completo (real)', () => {
  it('needs backups of an accepted type; stores them on disk with the load, downloadable by the owner only', async () => {
    const sin = await llamar(`${REAL}/registro-completo`);
    expect(sin.statusCode).toBe(400);
    expect(errorOf(sin).error.fields).toEqual({ archivosRespaldo: MSG_INTEGRACION.sinRespaldos });
    const antes = await contar('tramite');
    const malo = await llamar(`${REAL}/registro-completo`, {
      respaldos: [
        { filename: 'a.pdf', content: PDF },
        { filename: 'b.pdf', content: 'esto no es un pdf' },
      ],
    });
    expect(malo.statusCode).toBe(415);
    expect(errorOf(malo).error.message).toBe(MSG_INTEGRACION.respaldoNoPermitido('b.pdf'));
    // A bad data file after good backups: nothing stored, no file left behind.
    const dir = path.join(t.config.dataDir, 'respaldos');
    const truncado = await llamar(`${REAL}/registro-completo`, {
      datos: { filename: 'datos.json', content: '[{"noPlanilla": "1"' },
      respaldos: [{ filename: 'a.pdf', content: PDF }],
    });
    expect(truncado.statusCode).toBe(400);
    expect(await contar('tramite')).toBe(antes);
    expect(await contar('carga_respaldo')).toBe(0);
    const archivos = fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((x) => String(x).includes('.'))
      : [];
    expect(archivos).toEqual([]);

    const res = await llamar(`${REAL}/registro-completo`, {
      respaldos: [
        { filename: 'carpeta/API-1 informe.pdf', content: PDF },
        { filename: 'foto.png', content: PNG },
        { filename: 'vacio.pdf', content: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b.mensaje).toBe('Carga completa exitosa');
    expect(b.respaldos).toMatchObject([
      { nombreArchivo: 'API-1 informe.pdf', tipo: 'application/pdf', tamanio: PDF.length },
      { nombreArchivo: 'foto.png', tipo: 'image/png', tamanio: PNG.length },
    ]);
    const lista = await get(`${REAL}/cargas/${b.idCarga}/respaldos`);
    expect(lista.json()).toHaveLength(2);
    expect((await get(`${REAL}/cargas/${b.idCarga}/respaldos`, token2)).statusCode).toBe(404);
    const id = b.respaldos[1].idCargaRespaldo;
    const dl = await get(`${REAL}/respaldos/${id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.rawPayload.equals(PNG)).toBe(true);
    expect((await get(`${REAL}/respaldos/${id}`, token2)).statusCode).toBe(404);
    expect((await get(`${SBX}/respaldos/${id}`)).statusCode).toBe(404);
  });
});

describe('sandbox', () => {
  it('writes an isolated copy: sandbox ids, never in the real lists, every call logged', async () => {
    const realAntes = await contar('tramite');
    const logAntes = await contar('sandbox_log');
    const res = await llamar(`${SBX}/registro-datos`);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      mensaje: 'Carga exitosa',
      sandbox: true,
      estadoTramite: 'CARGADO',
      numeroRegistros: 4,
    });
    expect(b.idTramite).toBeGreaterThanOrEqual(SANDBOX_ID_INICIAL);
    expect(b.idCarga).toBeGreaterThanOrEqual(SANDBOX_ID_INICIAL);
    expect(b.numero).toMatch(/^SBX-\d{4}-9\d{8}$/);
    expect(await contar('tramite')).toBe(realAntes);
    expect(await contar('carga WHERE id_carga >= 900000000')).toBe(0);
    expect(await contar('sandbox.tramite')).toBeGreaterThan(0);
    expect(await contar(`sandbox.carga_fila WHERE id_carga = ${b.idCarga}`)).toBe(4);
    const h = await t.auth(DEMO.prestador);
    expect((await t.app.inject({ url: `/api/v1/tramites/${b.idTramite}`, headers: h })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/cargas/${b.idCarga}`, headers: h })).statusCode).toBe(404);
    const lista = await t.app.inject({ url: '/api/v1/tramites?vista=carga&pageSize=100', headers: h });
    expect(lista.json().items.map((x: { idTramite: number }) => x.idTramite)).not.toContain(b.idTramite);

    const sinArchivo = await llamar(`${SBX}/registro-datos`, { datos: null });
    expect(errorOf(sinArchivo).error.message).toBe(MSG_INTEGRACION.sinArchivoDatos);
    await llamar(`${SBX}/registro-datos`, { auth: null }); // anonymous: not logged
    expect(await contar('sandbox_log')).toBe(logAntes + 2);
    const log = await get('/api/v1/sandbox/log');
    expect(log.statusCode).toBe(200);
    expect(log.json().items.slice(0, 2)).toMatchObject([
      {
        endpoint: 'POST /api/v1/sandbox/cargatramites/registro-datos',
        estado: 400,
        mensaje: `${MSG_INTEGRACION.sinArchivoDatos} — ${MSG_INTEGRACION.sinArchivoDatos}`,
        idTramite: null,
      },
      {
        endpoint: 'POST /api/v1/sandbox/cargatramites/registro-datos',
        estado: 201,
        mensaje: 'Carga exitosa',
        idTramite: b.idTramite,
        idCarga: b.idCarga,
        usuarioNombre: DEMO.prestador,
      },
    ]);
    expect(
      (await get('/api/v1/sandbox/log?estado=error'))
        .json()
        .items.every((x: { estado: number }) => x.estado >= 400),
    ).toBe(true);
    // Another company sees neither the calls nor the procedures.
    expect((await get('/api/v1/sandbox/log', token2)).json().total).toBe(0);
    expect((await get('/api/v1/sandbox/tramites', token2)).json().total).toBe(0);
    const mios = (await get('/api/v1/sandbox/tramites')).json();
    expect(mios.items[0]).toMatchObject({
      idTramite: b.idTramite,
      idCarga: b.idCarga,
      numeroRegistros: 4,
      contadorErrores: 0,
    });
    // Real calls are not sandbox calls.
    await llamar(`${REAL}/registro-datos`, { datos: null });
    expect(await contar('sandbox_log')).toBe(logAntes + 2);
    expect(
      (await t.app.inject({ url: '/api/v1/sandbox/log', headers: await t.auth(DEMO.supervisorAm) }))
        .statusCode,
    ).toBe(403);
  });

  it('registro-completo and a test authorization in the sandbox; emptying it removes data and files', async () => {
    const res = await llamar(`${SBX}/registro-completo`, {
      respaldos: [{ filename: 'r.pdf', content: PDF }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b.mensaje).toBe('Carga completa exitosa');
    expect(await contar('carga_respaldo WHERE id_carga >= 900000000')).toBe(0);
    const dl = await get(`${SBX}/respaldos/${b.respaldos[0].idCargaRespaldo}`);
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect((await get(`${REAL}/respaldos/${b.respaldos[0].idCargaRespaldo}`)).statusCode).toBe(404);

    const aut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/autorizaciones',
      headers: { authorization: `Bearer ${token}` },
      payload: { idTramite: b.idTramite, fechaDesde: '2026-03-09', fechaHasta: '2026-03-13' },
    });
    expect(aut.statusCode, aut.body).toBe(201);
    const ajena = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/autorizaciones',
      headers: { authorization: `Bearer ${token2}` },
      payload: { idTramite: b.idTramite, fechaDesde: '2026-03-09', fechaHasta: '2026-03-13' },
    });
    expect(ajena.statusCode).toBe(404);
    const idAut = aut.json().idAutorizacion;
    expect(idAut).toBeGreaterThanOrEqual(SANDBOX_ID_INICIAL);
    const carga = await llamar(`${SBX}/registro-datos`, {
      campos: {
        fechaDesde: '2026-03-09',
        fechaHasta: '2026-03-13',
        idServicio: '1',
        idAutorizacion: String(idAut),
      },
      datos: { filename: 'a.json', content: json(lote('2026-03-10')) },
    });
    expect(carga.statusCode, carga.body).toBe(201);
    expect(carga.json()).toMatchObject({ idTramite: b.idTramite, tipoCarga: 'A', tramiteNuevo: false });
    // A real authorization id is unknown to the sandbox.
    const [real] = await t.database.query<{ id: number }>(
      'SELECT min(id_autorizacion) AS id FROM autorizacion',
    );
    const noExiste = await llamar(`${SBX}/registro-datos`, {
      campos: { ...CAMPOS, idAutorizacion: String(real.id) },
    });
    expect(noExiste.statusCode).toBe(404);

    const file = path.join(t.config.dataDir, 'respaldos', 'sandbox', String(b.idTramite));
    expect(fs.existsSync(file)).toBe(true);
    const vaciar = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/sandbox/tramites',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(vaciar.statusCode).toBe(200);
    expect(vaciar.json().eliminados).toBeGreaterThanOrEqual(1);
    expect(await contar('sandbox.tramite')).toBe(0);
    expect(await contar('sandbox.carga_fila')).toBe(0);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('the sandbox tables follow the real ones (columns added, own sequences from 900000001)', async () => {
    for (const tabla of TABLAS_SANDBOX) {
      const cols = async (schema: string) =>
        (
          await t.database.query<{ c: string }>(
            `SELECT column_name AS c FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY 1`,
            [schema, tabla],
          )
        ).map((x) => x.c);
      expect(await cols('sandbox'), tabla).toEqual(await cols('public'));
    }
    await t.database.query(
      'ALTER TABLE public.carga_error ADD COLUMN prueba_sync integer NOT NULL DEFAULT 7',
    );
    await ensureSandboxSchema(t.database);
    const [c] = await t.database.query<{ d: string }>(
      `SELECT column_default AS d FROM information_schema.columns
        WHERE table_schema = 'sandbox' AND table_name = 'carga_error' AND column_name = 'prueba_sync'`,
    );
    expect(c.d).toBe('7');
    await t.database.query('ALTER TABLE public.carga_error DROP COLUMN prueba_sync');
    await ensureSandboxSchema(t.database);
    const [d] = await t.database.query<{ d: string }>(
      `SELECT column_default AS d FROM information_schema.columns
        WHERE table_schema = 'sandbox' AND table_name = 'tramite' AND column_name = 'id_tramite'`,
    );
    expect(d.d).toContain('sandbox.');
  });

  it('the endpoints are documented in the OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const p of [
      '/api/v1/cargatramites/registro-datos',
      '/api/v1/cargatramites/registro-completo',
      '/api/v1/sandbox/cargatramites/registro-datos',
      '/api/v1/sandbox/cargatramites/registro-completo',
    ]) {
      expect(doc.paths[p]?.post?.description, p).toContain('archivoDatos');
    }
    expect(doc.paths['/api/v1/sandbox/cargatramites/registro-datos'].post.tags).toEqual([
      'integración (sandbox)',
    ]);
  });
});
