import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  MAX_ARCHIVOS_CARGA,
  MAX_BYTES_DOCUMENTO,
  MSG,
  MSG_ARCHIVO,
  MSG_TRAMITE,
  todayIso,
} from '@app/domain';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryJobQueue } from '../../lib/jobs/index.ts';
import { storageFor } from '../../lib/storage/index.ts';
import {
  crearCarga,
  crearPlanillas,
  crearTramite,
  eliminarCargaConErrores,
  type Fixture,
  usarContextoConFixtures,
} from '../../test/fixtures.ts';
import { carpetaArchivos, DEMO, errorOf, expectEnCola } from '../../test/helpers.ts';
import { leerCsv, leerXlsx } from '../../test/xlsx.ts';
import { type Archivo, exe, jpeg, multipart, pdf, png, spooled, storedFiles } from './test-utils.ts';
import { signTicket, ticketKey } from './tickets.ts';
import { ZipsPorTrabajo } from './zip-trabajo.ts';

const { t, ids } = usarContextoConFixtures();
/** Where the stored files are (local storage). */
const root = () => carpetaArchivos(t);

const subir = async (idCarga: number, files: Archivo[], usuario: string = DEMO.prestador) => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/cargas/${idCarga}/archivos`,
    headers: { ...(await t.auth(usuario)), ...body.headers },
    payload: body.payload,
  });
};
const get = async (url: string, usuario?: string) =>
  t.app.inject({ method: 'GET', url, headers: usuario ? await t.auth(usuario) : {} });
const post = async (url: string, usuario: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await t.auth(usuario), ...(payload ? { payload } : {}) });

const filasArchivos = async (idCarga: number) =>
  (
    await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM archivo_pla WHERE id_carga = $1', [
      idCarga,
    ])
  )[0].n;
const estado = async (idTramite: number) =>
  (
    await t.database.query<{ e: string }>('SELECT estado_tramite AS e FROM tramite WHERE id_tramite = $1', [
      idTramite,
    ])
  )[0].e;

/** A procedure ready for files: ESTRUCTURADO, one organised load, attentions 123, 124 and A-1. */
async function estructurado(extra: Parameters<typeof crearTramite>[2] = {}): Promise<Fixture> {
  const u = ids.usuarios;
  return crearTramite(t, ids, {
    estado: 'ESTRUCTURADO',
    planillas: [
      { numero: '123', fechaDesde: '2026-03-03', med: u.auditorAm },
      { numero: '124', fechaDesde: '2026-03-04' },
      { numero: 'A-1', fechaDesde: '2026-03-03' },
    ],
    ...extra,
  });
}

/** The provider sent it and the insurer works on it: only then does the insurer side read it (issue 11 item 4). */
const enProceso = (idTramite: number) =>
  t.database.query(`UPDATE tramite SET estado_tramite = 'EN PROCESO' WHERE id_tramite = $1`, [idTramite]);

/** Asserts that a refused request left nothing behind: no rows, no objects, no spooled parts. */
async function nadaGuardado(f: Fixture, antes: string[]) {
  expect(await filasArchivos(f.idCarga)).toBe(0);
  expect(storedFiles(root())).toEqual(antes);
  expect(spooled(root())).toEqual([]);
  expect(await estado(f.idTramite)).toBe('ESTRUCTURADO');
}

describe('POST /cargas/:id/archivos', () => {
  let f: Fixture;
  const c123 = pdf('123');
  beforeAll(async () => {
    f = await estructurado();
  });

  it('matches by name, stores under generated names, reports the three lists and moves to DOCUMENTADO', async () => {
    const antes = storedFiles(root());
    const res = await subir(f.idCarga, [
      { name: '123.pdf', content: c123 },
      { name: 'sub/123_1.jpg', content: jpeg() },
      { name: '124-informe.png', content: png() },
      { name: 'a-1_2.pdf', content: pdf() },
      { name: '999.pdf', content: pdf() },
      { name: 'copia/123.pdf', content: c123 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.archivosCargados).toEqual(['123.pdf', 'sub/123_1.jpg', '124-informe.png', 'a-1_2.pdf']);
    expect(body.archivosDuplicados).toEqual(['copia/123.pdf']);
    expect(body.planillasNoEncontradas).toEqual(['999.pdf']);
    expect(body.estadoTramite).toBe('DOCUMENTADO');
    expect(await estado(f.idTramite)).toBe('DOCUMENTADO');

    const rows = await t.database.query<{
      numero: string;
      nombre: string;
      ruta: string;
      tipo: string;
      tamano: string;
      hash: string;
    }>(
      `SELECT p.numero, a.nombre, a.ruta, a.tipo, a.tamano, a.hash FROM archivo_pla a JOIN planilla p USING (id_planilla)
        WHERE a.id_carga = $1 ORDER BY a.id_archivo_pla`,
      [f.idCarga],
    );
    expect(rows.map((r) => [r.numero, r.nombre, r.tipo])).toEqual([
      ['123', '123.pdf', 'application/pdf'],
      ['123', '123_1.jpg', 'image/jpeg'],
      ['124', '124-informe.png', 'image/png'],
      ['A-1', 'a-1_2.pdf', 'application/pdf'],
    ]);
    expect(rows[0].hash).toBe(crypto.createHash('sha256').update(c123).digest('hex'));
    expect(Number(rows[0].tamano)).toBe(c123.length);
    // Generated keys only: the user's names never reach the disk.
    const nuevos = storedFiles(root()).filter((x) => !antes.includes(x));
    expect(nuevos.sort()).toEqual(rows.map((r) => r.ruta.split('/').join(path.sep)).sort());
    for (const r of rows)
      expect(r.ruta).toMatch(
        new RegExp(`^tramites/${f.idTramite}/cargas/${f.idCarga}/[0-9a-f-]{36}\\.(pdf|jpg|png)$`),
      );
    expect(fs.readFileSync(path.join(root(), rows[0].ruta))).toEqual(c123);
    expect(spooled(root())).toEqual([]);

    const [c] = await t.database.query<{ tieneArchivos: number }>(
      'SELECT tiene_archivos AS "tieneArchivos" FROM carga WHERE id_carga = $1',
      [f.idCarga],
    );
    expect(c.tieneArchivos).toBe(1);
    const log = await t.database.query<{ observacion: string }>(
      'SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra',
      [f.idTramite],
    );
    expect(log.at(-1)?.observacion).toBe(
      `${MSG_ARCHIVO.bitacoraCarga(f.idCarga, 4, 1, 1)} ${MSG_ARCHIVO.bitacoraDocumentado}`,
    );
  });

  it('the same content again is a duplicate of that attention only; DOCUMENTADO accepts more files', async () => {
    const antes = storedFiles(root());
    const res = await subir(f.idCarga, [
      { name: '123-otra-vez.pdf', content: c123 },
      { name: '124.pdf', content: c123 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      archivosCargados: ['124.pdf'],
      archivosDuplicados: ['123-otra-vez.pdf'],
      planillasNoEncontradas: [],
      estadoTramite: 'DOCUMENTADO',
    });
    expect(storedFiles(root()).length).toBe(antes.length + 1);
    expect(await filasArchivos(f.idCarga)).toBe(5);
  });

  it('a name with ../ or an absolute path is only metadata', async () => {
    const antes = storedFiles(root());
    const res = await subir(f.idCarga, [
      { name: '../../etc/passwd', content: pdf() },
      { name: '/etc/123_x.pdf', content: pdf() },
      { name: '..\\..\\124_\u202egpj.pdf', content: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.planillasNoEncontradas).toEqual(['etc/passwd']);
    expect(body.archivosCargados).toEqual(['etc/123_x.pdf', '124_gpj.pdf']);
    const nombres = await t.database.query<{ nombre: string; ruta: string }>(
      'SELECT nombre, ruta FROM archivo_pla WHERE id_carga = $1 ORDER BY id_archivo_pla DESC LIMIT 2',
      [f.idCarga],
    );
    expect(nombres.map((n) => n.nombre).sort()).toEqual(['123_x.pdf', '124_gpj.pdf']);
    expect(storedFiles(root()).length).toBe(antes.length + 2);
    expect(fs.existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false);
  });

  describe('bad input: the answer, and nothing stored', () => {
    let g: Fixture;
    let antes: string[];
    beforeAll(async () => {
      g = await estructurado();
    });
    const expectError = async (res: Awaited<ReturnType<typeof subir>>, status: number, message: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(res).error.message).toBe(message);
      await nadaGuardado(g, antes);
    };

    it('a .pdf that is really an executable refuses the whole request (415)', async () => {
      antes = storedFiles(root());
      const res = await subir(g.idCarga, [
        { name: '123.pdf', content: pdf() },
        { name: '124.pdf', content: exe() },
        { name: '124_2.pdf', content: pdf() },
      ]);
      await expectError(res, 415, MSG_ARCHIVO.contenidoNoPermitido('124.pdf'));
      expect(errorOf(res).error.code).toBe('TIPO_NO_PERMITIDO');
    });

    it('a 0-byte file (400)', async () => {
      antes = storedFiles(root());
      await expectError(
        await subir(g.idCarga, [{ name: '123.pdf', content: Buffer.alloc(0) }]),
        400,
        MSG_ARCHIVO.archivoVacio('123.pdf'),
      );
    });

    it('a file of 20 MiB + 1 byte (413); exactly 20 MiB is accepted', async () => {
      antes = storedFiles(root());
      const big = Buffer.alloc(MAX_BYTES_DOCUMENTO + 1, 0x20);
      pdf().copy(big);
      await expectError(
        await subir(g.idCarga, [
          { name: '123.pdf', content: pdf() },
          { name: '124.pdf', content: big },
        ]),
        413,
        MSG_ARCHIVO.archivoMuyGrande(20),
      );
      const ok = await subir(g.idCarga, [{ name: '124.pdf', content: big.subarray(0, MAX_BYTES_DOCUMENTO) }]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().archivosCargados).toEqual(['124.pdf']);
      const borrados = await t.database.query<{ ruta: string }>(
        'DELETE FROM archivo_pla WHERE id_carga = $1 RETURNING ruta',
        [g.idCarga],
      );
      for (const r of borrados) fs.rmSync(path.join(root(), r.ruta));
      await t.database.query(`UPDATE tramite SET estado_tramite = 'ESTRUCTURADO' WHERE id_tramite = $1`, [
        g.idTramite,
      ]);
    });

    it(`${MAX_ARCHIVOS_CARGA + 1} files in one request (413)`, async () => {
      antes = storedFiles(root());
      const uno = pdf('x');
      const files = Array.from({ length: MAX_ARCHIVOS_CARGA + 1 }, (_, i) => ({
        name: `123_${i}.pdf`,
        content: uno,
      }));
      await expectError(
        await subir(g.idCarga, files),
        413,
        MSG_ARCHIVO.demasiadosArchivos(MAX_ARCHIVOS_CARGA),
      );
    }, 120_000);

    it('more than 20,000 files stored in one load (413)', async () => {
      antes = storedFiles(root());
      await t.database.query(
        `INSERT INTO archivo_pla (id_planilla, id_carga, id_tramite, nombre, ruta, tipo, tamano, hash)
         SELECT $1, $2, $3, 'x.pdf', 'tramites/x/' || i || '.pdf', 'application/pdf', 1, md5(i::text) FROM generate_series(1, $4::int) i`,
        [g.planillas[0], g.idCarga, g.idTramite, MAX_ARCHIVOS_CARGA],
      );
      const res = await subir(g.idCarga, [{ name: '124.pdf', content: pdf() }]);
      expect(res.statusCode, res.body).toBe(413);
      expect(errorOf(res).error.message).toBe(
        MSG_ARCHIVO.limiteCarga(MAX_ARCHIVOS_CARGA, MAX_ARCHIVOS_CARGA),
      );
      expect(storedFiles(root())).toEqual(antes);
      expect(spooled(root())).toEqual([]);
      await t.database.query('DELETE FROM archivo_pla WHERE id_carga = $1', [g.idCarga]);
    });

    it('no matching attention: listed, nothing stored, the state stays', async () => {
      antes = storedFiles(root());
      const res = await subir(g.idCarga, [
        { name: '1234.pdf', content: pdf() },
        { name: 'informe.pdf', content: pdf() },
        { name: '12.pdf', content: pdf() },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        archivosCargados: [],
        archivosDuplicados: [],
        planillasNoEncontradas: ['1234.pdf', 'informe.pdf', '12.pdf'],
        estadoTramite: 'ESTRUCTURADO',
      });
      await nadaGuardado(g, antes);
    });

    it('no folder: an empty form or a request that is not multipart (400)', async () => {
      antes = storedFiles(root());
      const vacio = multipart([], { idCarga: String(g.idCarga) });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/cargas/${g.idCarga}/archivos`,
        headers: { ...(await t.auth(DEMO.prestador)), ...vacio.headers },
        payload: vacio.payload,
      });
      await expectError(res, 400, MSG_ARCHIVO.carpetaNoSeleccionada);
      await expectError(
        await post(`/api/v1/cargas/${g.idCarga}/archivos`, DEMO.prestador, { archivos: [] }),
        400,
        MSG_ARCHIVO.carpetaNoSeleccionada,
      );
      // A file under another field name is not a folder upload either.
      await expectError(
        await subir(g.idCarga, [{ name: '123.pdf', content: pdf(), field: 'archivo' }]),
        400,
        MSG_ARCHIVO.carpetaNoSeleccionada,
      );
    });

    it("another company's load (404), an unknown load (404), a non-provider (403), no session (401)", async () => {
      antes = storedFiles(root());
      const ajeno = await crearTramite(t, ids, {
        estado: 'ESTRUCTURADO',
        prestador: ids.idPrestador2,
        planillas: [{ numero: '123' }],
      });
      await expectError(
        await subir(ajeno.idCarga, [{ name: '123.pdf', content: pdf() }]),
        404,
        MSG.noEncontrado,
      );
      expect(await filasArchivos(ajeno.idCarga)).toBe(0);
      await expectError(
        await subir(99_999_999, [{ name: '123.pdf', content: pdf() }]),
        404,
        MSG.noEncontrado,
      );
      await expectError(
        await subir(g.idCarga, [{ name: '123.pdf', content: pdf() }], DEMO.supervisorAm),
        403,
        MSG.noAutorizado,
      );
      const body = multipart([{ name: '123.pdf', content: pdf() }]);
      const anon = await t.app.inject({
        method: 'POST',
        url: `/api/v1/cargas/${g.idCarga}/archivos`,
        headers: body.headers,
        payload: body.payload,
      });
      expect(anon.statusCode).toBe(401);
      await nadaGuardado(g, antes);
    });

    it('a procedure in a state that forbids it, a load not organised or deleted (409)', async () => {
      antes = storedFiles(root());
      const enviado = await estructurado({ estado: 'ENVIADO' });
      const res = await subir(enviado.idCarga, [{ name: '123.pdf', content: pdf() }]);
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res).error.message).toBe(MSG_ARCHIVO.estadoNoPermite('ENVIADO'));
      expect(await filasArchivos(enviado.idCarga)).toBe(0);

      const sinOrganizar = await crearCarga(t, ids, g.idTramite, '2026-03-16', '2026-03-31');
      await t.database.query('UPDATE carga SET tiene_planillas = 0 WHERE id_carga = $1', [sinOrganizar]);
      const r2 = await subir(sinOrganizar, [{ name: '123.pdf', content: pdf() }]);
      expect(r2.statusCode).toBe(409);
      expect(errorOf(r2).error.message).toBe(MSG_ARCHIVO.cargaSinPlanillas);

      await t.database.query('UPDATE carga SET estado = 0 WHERE id_carga = $1', [sinOrganizar]);
      const r3 = await subir(sinOrganizar, [{ name: '123.pdf', content: pdf() }]);
      expect(r3.statusCode).toBe(409);
      expect(errorOf(r3).error.message).toBe(MSG_ARCHIVO.cargaNoActiva);
      await nadaGuardado(g, antes);
    });

    it('EN PROCESO: a load under an authorization takes files, a monthly load does not (409)', async () => {
      const enProceso = await estructurado({ estado: 'EN PROCESO' });
      const mensual = await subir(enProceso.idCarga, [{ name: '123.pdf', content: pdf('mensual') }]);
      expect(mensual.statusCode).toBe(409);
      expect(errorOf(mensual).error.message).toBe(MSG_ARCHIVO.estadoNoPermite('EN PROCESO'));
      expect(await filasArchivos(enProceso.idCarga)).toBe(0);

      await t.database.query("UPDATE carga SET tipo_carga = 'A' WHERE id_carga = $1", [enProceso.idCarga]);
      const aut = await subir(enProceso.idCarga, [{ name: '123.pdf', content: pdf('autorizacion') }]);
      expect(aut.statusCode, aut.body).toBe(200);
      expect(await filasArchivos(enProceso.idCarga)).toBe(1);
      // The procedure under way keeps its state (only ESTRUCTURADO moves to DOCUMENTADO).
      expect(await estado(enProceso.idTramite)).toBe('EN PROCESO');
    });
  });
});

describe('files of an attention, detail, content and links', () => {
  let f: Fixture;
  let ids3: number[];
  const contenido = pdf('detalle');
  beforeAll(async () => {
    f = await estructurado();
    const r1 = await subir(f.idCarga, [{ name: '123.pdf', content: contenido }]);
    expect(r1.statusCode, r1.body).toBe(200);
    const r2 = await subir(f.idCarga, [
      { name: '123-informe médico.png', content: png() },
      { name: '123_3.jpg', content: jpeg() },
    ]);
    expect(r2.statusCode, r2.body).toBe(200);
    await enProceso(f.idTramite);
    ids3 = (
      await t.database.query<{ id: number }>(
        'SELECT id_archivo_pla AS id FROM archivo_pla WHERE id_planilla = $1 ORDER BY id_archivo_pla',
        [f.planillas[0]],
      )
    ).map((r) => r.id);
  });

  it('lists newest first, 10 per page, searched by name without case or accents', async () => {
    const res = await get(`/api/v1/planillas/${f.planillas[0]}/archivos`, DEMO.supervisorGd);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.pageSize).toBe(10);
    expect(body.items.map((i: { nombre: string }) => i.nombre)).toEqual([
      '123_3.jpg',
      '123-informe médico.png',
      '123.pdf',
    ]);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'fechaCrea',
        'fechaMod',
        'hash',
        'idArchivoPla',
        'idPlanilla',
        'nombre',
        'ruta',
        'tamano',
        'tipo',
      ].sort(),
    );
    const q = await get(`/api/v1/planillas/${f.planillas[0]}/archivos?q=INFORME%20MEDICO`, DEMO.prestador);
    expect(q.json().items.map((i: { nombre: string }) => i.nombre)).toEqual(['123-informe médico.png']);
    const p2 = await get(`/api/v1/planillas/${f.planillas[0]}/archivos?page=2&pageSize=2`, DEMO.prestador);
    expect(p2.json().items.map((i: { nombre: string }) => i.nombre)).toEqual(['123.pdf']);
  });

  it('404 for another tenant and for an operative the attention is not assigned to', async () => {
    expect((await get(`/api/v1/planillas/${f.planillas[0]}/archivos`, DEMO.prestador2)).statusCode).toBe(404);
    // 123 is assigned to the AM auditor, 124 is not.
    expect((await get(`/api/v1/planillas/${f.planillas[0]}/archivos`, DEMO.auditorAm)).statusCode).toBe(200);
    expect((await get(`/api/v1/planillas/${f.planillas[1]}/archivos`, DEMO.auditorAm)).statusCode).toBe(404);
    expect((await get(`/api/v1/archivos-pla/${ids3[0]}`, DEMO.prestador2)).statusCode).toBe(404);
    expect((await get(`/api/v1/archivos-pla/${ids3[0]}/contenido`, DEMO.gestorGd)).statusCode).toBe(404);
    expect((await get(`/api/v1/archivos-pla/${ids3[0]}`)).statusCode).toBe(401);
  });

  it('the read-only detail carries the spec fields', async () => {
    const res = await get(`/api/v1/archivos-pla/${ids3[0]}`, DEMO.auditorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      idArchivoPla: ids3[0],
      idPlanilla: f.planillas[0],
      nombre: '123.pdf',
      tipo: 'application/pdf',
      tamano: contenido.length,
      hash: crypto.createHash('sha256').update(contenido).digest('hex'),
      fechaMod: null,
      numero: '123',
      idTramite: f.idTramite,
      idCarga: f.idCarga,
    });
    expect(res.json().ruta).toMatch(/^tramites\//);
  });

  it('streams the content inline with its type, or as a download', async () => {
    const res = await get(`/api/v1/archivos-pla/${ids3[0]}/contenido`, DEMO.supervisorAm);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="123.pdf"; filename*=UTF-8''123.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload).toEqual(contenido);
    const d = await get(`/api/v1/archivos-pla/${ids3[1]}/contenido?descarga=true`, DEMO.supervisorAm);
    expect(d.headers['content-type']).toBe('image/png');
    expect(d.headers['content-disposition']).toBe(
      `attachment; filename="123-informe m_dico.png"; filename*=UTF-8''123-informe%20m%C3%A9dico.png`,
    );
  });

  it('a short-lived link works without the session header, only for its file, and not once expired or logged out', async () => {
    const res = await post(`/api/v1/archivos-pla/${ids3[0]}/enlace`, DEMO.supervisorAm, { descarga: false });
    expect(res.statusCode, res.body).toBe(200);
    const { url, nombre } = res.json();
    expect(nombre).toBe('123.pdf');
    const d = await t.app.inject({ method: 'GET', url });
    expect(d.statusCode).toBe(200);
    expect(d.rawPayload).toEqual(contenido);
    expect(d.headers['content-disposition']).toMatch(/^inline/);

    const token = new URL(url, 'http://x').searchParams.get('t') as string;
    const [body, mac] = token.split('.');
    const otro = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), id: ids3[1] }),
    ).toString('base64url');
    const forged = await t.app.inject({ method: 'GET', url: `/api/v1/descargas?t=${otro}.${mac}` });
    expect(forged.statusCode).toBe(401);
    expect(errorOf(forged).error.message).toBe(MSG_ARCHIVO.enlaceInvalido);

    const [u] = await t.database.query<{ id: number }>(
      'SELECT id_usuario AS id FROM usuario WHERE nombre = $1',
      [DEMO.supervisorAm],
    );
    const vencido = signTicket(
      ticketKey(t.config),
      { idUsuario: u.id } as never,
      '',
      { k: 'a', id: ids3[0], d: false },
      Date.now() - 10 * 60_000,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/descargas?t=${vencido.token}` })).statusCode,
    ).toBe(401);

    // A provider of another company cannot even get a link.
    expect((await post(`/api/v1/archivos-pla/${ids3[0]}/enlace`, DEMO.prestador2, {})).statusCode).toBe(404);
  });

  it('a link dies with the session that made it', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { usuario: DEMO.supervisorGd, clave: 'Demo.2026' },
    });
    const authorization = `Bearer ${login.json().token}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/archivos-pla/${ids3[0]}/enlace`,
      headers: { authorization },
      payload: {},
    });
    const { url } = res.json();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('a file missing from the storage answers 404, not 500', async () => {
    const [a] = await t.database.query<{ ruta: string }>(
      'SELECT ruta FROM archivo_pla WHERE id_archivo_pla = $1',
      [ids3[2]],
    );
    const file = path.join(root(), a.ruta);
    const copia = fs.readFileSync(file);
    fs.rmSync(file);
    const res = await get(`/api/v1/archivos-pla/${ids3[2]}/contenido`, DEMO.supervisorAm);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).error.message).toBe(MSG_ARCHIVO.archivoNoDisponible);
    fs.writeFileSync(file, copia);
  });
});

describe('ZIP downloads', () => {
  let f: Fixture;
  let idCarga2: number;
  beforeAll(async () => {
    f = await estructurado();
    const [esp] = await t.database.query<{ id: number; nombre: string }>(
      'SELECT id_especialidad AS id, nombre FROM especialidad ORDER BY id_especialidad LIMIT 1',
    );
    const [per] = await t.database.query<{ id: number }>('SELECT min(id_persona) AS id FROM persona');
    await t.database.query(
      `INSERT INTO medico (id_persona, id_especialidad, documento) VALUES ($1, $2, '1798765432')`,
      [per.id, esp.id],
    );
    await t.database.query(`UPDATE planilla SET cedula_medico = '1798765432' WHERE id_planilla = $1`, [
      f.planillas[0],
    ]);
    especialidad = esp.nombre;
    const r = await subir(f.idCarga, [
      { name: '123.pdf', content: pdf('a') },
      { name: 'otra/123.pdf', content: pdf('b') },
      { name: '124.png', content: png('c') },
      { name: 'A-1.jpg', content: jpeg('d') },
    ]);
    expect(r.json().archivosCargados).toHaveLength(4);
    idCarga2 = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    await crearPlanillas(
      t,
      f.idTramite,
      idCarga2,
      [{ numero: '200', fechaDesde: '2026-03-20' }],
      ids.idPrestador,
    );
    expect((await subir(idCarga2, [{ name: '200.pdf', content: pdf('e') }])).statusCode).toBe(200);
    await enProceso(f.idTramite);
  });
  let especialidad = '';

  /** A ZIP as the web asks for it: again while the answer is 202 (built by a job: decision 80). */
  const zip = async (qs: string, usuario: string = DEMO.supervisorAm) => {
    for (let i = 0; ; i++) {
      const res = await get(`/api/v1/tramites/${f.idTramite}/zip?${qs}`, usuario);
      if (res.statusCode !== 202 || i > 300) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const names = async (raw: Buffer) =>
    Object.keys((await JSZip.loadAsync(raw)).files).filter((n) => !n.endsWith('/'));

  it('ZIP Carpetas: a folder per attention of the load, spec name, exact length, stored content', async () => {
    const res = await zip(`agrupar=atencion&idCarga=${f.idCarga}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="${f.idTramite}_carpetas_atenciones.zip"`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(await names(res.rawPayload)).toEqual([
      '123/123.pdf',
      '123/123 (2).pdf',
      'A-1/A-1.jpg',
      '124/124.png',
    ]);
    const z = await JSZip.loadAsync(res.rawPayload);
    expect(await z.file('124/124.png')!.async('nodebuffer')).toEqual(png('c'));
  });

  it('ZIP Carpetas día and día y especialidad', async () => {
    const dia = await zip(`agrupar=fecha&idCarga=${f.idCarga}`);
    expect(dia.headers['content-disposition']).toContain(`filename="${f.idTramite}_carpetas_por_fecha.zip"`);
    expect(await names(dia.rawPayload)).toEqual([
      '2026-03-03/123/123.pdf',
      '2026-03-03/123/123 (2).pdf',
      '2026-03-03/A-1/A-1.jpg',
      '2026-03-04/124/124.png',
    ]);
    const esp = await zip(`agrupar=fecha-especialidad&idCarga=${f.idCarga}`);
    expect(esp.headers['content-disposition']).toContain(
      `filename="${f.idTramite}_carpetas_por_fecha_y_especialidad.zip"`,
    );
    expect(await names(esp.rawPayload)).toEqual([
      `2026-03-03/${especialidad}/123/123.pdf`,
      `2026-03-03/${especialidad}/123/123 (2).pdf`,
      '2026-03-03/SIN ESPECIALIDAD/A-1/A-1.jpg',
      '2026-03-04/SIN ESPECIALIDAD/124/124.png',
    ]);
  });

  it('the whole procedure, every load', async () => {
    const res = await zip('');
    expect(res.headers['content-disposition']).toContain(`filename="${f.idTramite}_archivos_tramite.zip"`);
    expect(await names(res.rawPayload)).toHaveLength(5);
  });

  it("an operative gets only the assigned attentions' files; refusals", async () => {
    expect(await names((await zip(`idCarga=${f.idCarga}`, DEMO.auditorAm)).rawPayload)).toEqual([
      '123/123.pdf',
      '123/123 (2).pdf',
    ]);
    expect((await zip('', DEMO.prestador2)).statusCode).toBe(404);
    const otra = await estructurado();
    await enProceso(otra.idTramite);
    expect((await zip(`idCarga=${otra.idCarga}`)).statusCode).toBe(404);
    const vacia = await get(`/api/v1/tramites/${otra.idTramite}/zip`, DEMO.supervisorAm);
    expect(vacia.statusCode).toBe(404);
    expect(errorOf(vacia).error).toMatchObject({
      code: 'SIN_ARCHIVOS',
      message: MSG_ARCHIVO.nadaQueDescargar,
    });
    expect((await zip('agrupar=otra')).statusCode).toBe(400);
    expect(
      (await post(`/api/v1/tramites/${otra.idTramite}/zip/enlace`, DEMO.supervisorAm, {})).statusCode,
    ).toBe(404);
  });

  it('a ZIP link streams without the session header', async () => {
    let res = await post(`/api/v1/tramites/${f.idTramite}/zip/enlace`, DEMO.prestador, {
      agrupar: 'fecha',
      idCarga: idCarga2,
    });
    for (let i = 0; res.statusCode === 202 && i < 300; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await post(`/api/v1/tramites/${f.idTramite}/zip/enlace`, DEMO.prestador, {
        agrupar: 'fecha',
        idCarga: idCarga2,
      });
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nombre: `${f.idTramite}_carpetas_por_fecha.zip`, archivos: 1 });
    const d = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(d.statusCode).toBe(200);
    // The link is given once the ZIP is stored (decision 80): the download is the stored copy.
    expect(d.headers['x-zip-origen']).toBe('cache');
    expect(Number(d.headers['content-length'])).toBe(d.rawPayload.length);
    expect(d.headers['content-disposition']).toContain(`filename="${f.idTramite}_carpetas_por_fecha.zip"`);
    expect(await names(d.rawPayload)).toEqual(['2026-03-20/200/200.pdf']);
  });

  describe('built by a background job (decision 80)', () => {
    const url = (qs = '') => `/api/v1/tramites/${f.idTramite}/zip${qs}`;
    const trabajos = () =>
      t.database.query<{ estado: string; intento: number; progreso: number; variante: string }>(
        'SELECT estado, intento, progreso, variante FROM zip_trabajo WHERE id_tramite = $1',
        [f.idTramite],
      );
    const guardados = () =>
      t.database.query<{ variante: string; clave: string; tamano: string }>(
        'SELECT variante, clave_objeto AS clave, tamano::text AS tamano FROM zip_archivo WHERE id_tramite = $1',
        [f.idTramite],
      );
    const colas = async () =>
      (
        await t.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'archivos:zip' AND key LIKE $1`,
          [`zip:${f.idTramite}:%`],
        )
      )[0].n;
    /** Asks again while the answer is 202 (what the web does), collecting what it said. */
    async function seguir(ruta: string, usuario: string, avances: object[] = []) {
      for (let i = 0; ; i++) {
        const res = await get(ruta, usuario);
        if (res.statusCode !== 202 || i > 300) return res;
        expect(res.headers['retry-after']).toBe('1');
        avances.push(res.json());
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    /** Nothing stored or queued for this procedure (each case starts from there). */
    const olvidar = async () => {
      const claves = (await guardados()).map((g) => g.clave);
      for (const c of claves) fs.rmSync(path.join(root(), c), { force: true });
      await t.database.query('DELETE FROM zip_archivo WHERE id_tramite = $1', [f.idTramite]);
      await t.database.query('DELETE FROM zip_trabajo WHERE id_tramite = $1', [f.idTramite]);
    };

    it('202 while no worker runs; three requests add one row and one job; then 200 from storage, whole', async () => {
      await olvidar();
      await t.app.jobs.stop();
      try {
        const [a, b] = await Promise.all([get(url(), DEMO.supervisorAm), get(url(), DEMO.supervisorAm)]);
        // Another reader who sees the same files, through the link route: the same ZIP.
        const c = await post(url('/enlace'), DEMO.revisor, {});
        for (const r of [a, b, c]) {
          expectEnCola(r, MSG_ARCHIVO.zip.enCola);
        }
        expect(await trabajos()).toMatchObject([{ estado: 'PENDIENTE', variante: 'atencion-c0' }]);
        if (t.app.jobs.kind === 'graphile') expect(await colas()).toBe(1);
        expect(await guardados()).toEqual([]);
      } finally {
        await t.app.jobs.start();
      }
      const res = await seguir(url(), DEMO.supervisorAm);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(`filename="${f.idTramite}_archivos_tramite.zip"`);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      // An independent reader: Info-ZIP's unzip lists and tests every entry (CRCs included).
      const archivo = path.join(t.config.dataDir, 'prueba.zip');
      fs.writeFileSync(archivo, res.rawPayload);
      const lista = execFileSync('unzip', ['-Z1', archivo], { encoding: 'utf8' }).trim().split('\n');
      expect(lista.filter((n) => !n.endsWith('/'))).toEqual([
        '123/123.pdf',
        '123/123 (2).pdf',
        'A-1/A-1.jpg',
        '124/124.png',
        '200/200.pdf',
      ]);
      expect(execFileSync('unzip', ['-tq', archivo], { encoding: 'utf8' })).toContain('No errors');
      // Stored once under its key, nothing left queued; the next reader gets the stored copy.
      expect(await trabajos()).toEqual([]);
      // graphile-worker completes the job once its handler returned (just after the ZIP is served).
      for (let i = 0; t.app.jobs.kind === 'graphile' && (await colas()) > 0 && i < 200; i++)
        await new Promise((r) => setTimeout(r, 100));
      if (t.app.jobs.kind === 'graphile') expect(await colas()).toBe(0);
      const [g, ...mas] = (await guardados()).filter((x) => x.variante === 'atencion-c0');
      expect(mas).toEqual([]);
      expect(g).toMatchObject({ variante: 'atencion-c0', tamano: String(res.rawPayload.length) });
      expect(g.clave).toMatch(new RegExp(`^zips/${f.idTramite}/atencion-c0-[0-9a-f]{32}\\.zip$`));
      expect(fs.readFileSync(path.join(root(), g.clave)).equals(res.rawPayload)).toBe(true);
      const otra = await get(url(), DEMO.revisor);
      expect(otra.statusCode).toBe(200);
      expect(otra.headers['x-zip-origen']).toBe('cache');
      expect(otra.rawPayload.equals(res.rawPayload)).toBe(true);
      const enlace = await post(url('/enlace'), DEMO.revisor, {});
      expect(enlace.statusCode).toBe(200);
      expect(enlace.json()).toMatchObject({ nombre: `${f.idTramite}_archivos_tramite.zip`, archivos: 5 });
    });

    it('an operative who sees fewer files gets a ZIP of their own; a new file makes a new version', async () => {
      const operativo = await seguir(url(`?idCarga=${f.idCarga}`), DEMO.auditorAm);
      expect(operativo.statusCode).toBe(200);
      expect(await names(operativo.rawPayload)).toEqual(['123/123.pdf', '123/123 (2).pdf']);
      const todos = await seguir(url(`?idCarga=${f.idCarga}`), DEMO.supervisorAm);
      expect(await names(todos.rawPayload)).toHaveLength(4);
      const versiones = (await guardados()).filter((g) => g.variante === `atencion-c${f.idCarga}`);
      expect(versiones).toHaveLength(2);
      const antes = await seguir(url(`?idCarga=${idCarga2}`), DEMO.supervisorAm);
      expect(await names(antes.rawPayload)).toEqual(['200/200.pdf']);
      // A file renamed (any change of what the ZIP holds): a new version, built anew.
      await t.database.query(`UPDATE archivo_pla SET nombre = '200_b.pdf' WHERE id_carga = $1`, [idCarga2]);
      const nuevo = await seguir(url(`?idCarga=${idCarga2}`), DEMO.supervisorAm);
      expect(nuevo.headers['x-zip-origen']).not.toBe('cache');
      expect(await names(nuevo.rawPayload)).toEqual(['200/200_b.pdf']);
      await t.database.query(`UPDATE archivo_pla SET nombre = '200.pdf' WHERE id_carga = $1`, [idCarga2]);
    });

    it('the dead letter is said once in Spanish; the next request queues the ZIP again', async () => {
      await olvidar();
      await t.app.jobs.stop();
      try {
        expect((await get(url('?agrupar=fecha'), DEMO.supervisorAm)).statusCode).toBe(202);
        // What the job writes on its last failed attempt.
        await t.database.query(
          `UPDATE zip_trabajo SET estado = 'FALLIDO', intento = 3, mensaje = 'x' WHERE id_tramite = $1`,
          [f.idTramite],
        );
        const fallo = await get(url('?agrupar=fecha'), DEMO.supervisorAm);
        expect(fallo.statusCode).toBe(500);
        expect(errorOf(fallo).error).toEqual({ code: 'ZIP_FALLIDO', message: MSG_ARCHIVO.zip.fallido });
        expect(await trabajos()).toEqual([]);
        const otra = await get(url('?agrupar=fecha'), DEMO.supervisorAm);
        expect(otra.statusCode).toBe(202);
        expect(await trabajos()).toMatchObject([{ estado: 'PENDIENTE' }]);
        // What the job writes after a failed attempt that will be retried; and while it builds again.
        await t.database.query(`UPDATE zip_trabajo SET intento = 1 WHERE id_tramite = $1`, [f.idTramite]);
        expect((await get(url('?agrupar=fecha'), DEMO.supervisorAm)).json().mensaje).toBe(
          MSG_ARCHIVO.zip.reintentando(2, 3),
        );
        await t.database.query(
          `UPDATE zip_trabajo SET estado = 'GENERANDO', intento = 2, progreso = 40 WHERE id_tramite = $1`,
          [f.idTramite],
        );
        expect((await get(url('?agrupar=fecha'), DEMO.supervisorAm)).json()).toEqual({
          estado: 'GENERANDO',
          intento: 2,
          maxIntentos: 3,
          progreso: 40,
          mensaje: MSG_ARCHIVO.zip.reanudado(2, 3, 40),
        });
      } finally {
        await t.app.jobs.start();
      }
      expect((await seguir(url('?agrupar=fecha'), DEMO.supervisorAm)).statusCode).toBe(200);
    });

    it('stored ZIPs expire after 24 hours: the clean-up removes the object and the row', async () => {
      const res = await seguir(url('?agrupar=fecha-especialidad'), DEMO.supervisorAm);
      expect(res.statusCode).toBe(200);
      const antes = await guardados();
      const g = antes.find((x) => x.variante === 'fecha-especialidad-c0')!;
      expect(fs.existsSync(path.join(root(), g.clave))).toBe(true);
      await t.database.query(
        `UPDATE zip_archivo SET fecha_reg = now() - interval '25 hours' WHERE id_tramite = $1 AND variante = $2`,
        [f.idTramite, g.variante],
      );
      const zips = new ZipsPorTrabajo(t.database, storageFor(t.config), new MemoryJobQueue(t.app.log));
      expect((await zips.limpiar()).zips).toBeGreaterThanOrEqual(1);
      expect(fs.existsSync(path.join(root(), g.clave))).toBe(false);
      expect((await guardados()).map((x) => x.variante)).not.toContain('fecha-especialidad-c0');
      expect((await guardados()).length).toBe(antes.length - 1);
      // Asked again: built again under the same key.
      const otra = await seguir(url('?agrupar=fecha-especialidad'), DEMO.supervisorAm);
      expect(otra.rawPayload.equals(res.rawPayload)).toBe(true);
      expect(fs.existsSync(path.join(root(), g.clave))).toBe(true);
    });

    it('401 without a session, 404 for another company and a load of another procedure, with the job', async () => {
      expect((await get(url())).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: url('/enlace'), payload: {} })).statusCode).toBe(401);
      expect((await get(url(), DEMO.prestador2)).statusCode).toBe(404);
      expect((await post(url('/enlace'), DEMO.prestador2, {})).statusCode).toBe(404);
      const otra = await estructurado();
      expect((await get(url(`?idCarga=${otra.idCarga}`), DEMO.supervisorAm)).statusCode).toBe(404);
      expect((await get('/api/v1/descargas?t=x.y')).statusCode).toBe(401);
    });
  });
});

describe('attentions without files and the new-files report', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await estructurado();
    expect((await subir(f.idCarga, [{ name: '124.pdf', content: pdf() }])).statusCode).toBe(200);
    await enProceso(f.idTramite);
  });

  it('lists the active attentions without files, per procedure and per load', async () => {
    const res = await get(`/api/v1/tramites/${f.idTramite}/planillas-sin-archivos`, DEMO.prestador);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { numero: string }) => i.numero)).toEqual(['123', 'A-1']);
    const carga = await get(
      `/api/v1/tramites/${f.idTramite}/planillas-sin-archivos?idCarga=${f.idCarga}`,
      DEMO.supervisorAm,
    );
    expect(carga.json().total).toBe(2);
    expect(
      (await get(`/api/v1/tramites/${f.idTramite}/planillas-sin-archivos`, DEMO.auditorAm)).json().total,
    ).toBe(1);
    expect(
      (await get(`/api/v1/tramites/${f.idTramite}/planillas-sin-archivos`, DEMO.prestador2)).statusCode,
    ).toBe(404);
    const otra = await estructurado();
    expect(
      (
        await get(
          `/api/v1/tramites/${f.idTramite}/planillas-sin-archivos?idCarga=${otra.idCarga}`,
          DEMO.prestador,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('reports the files added in a date window to the supervisors only', async () => {
    const hoy = todayIso();
    const res = await get(
      `/api/v1/tramites/${f.idTramite}/archivos-nuevos?desde=${hoy}&hasta=${hoy}`,
      DEMO.supervisorGd,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ numero: '124', nombre: '124.pdf', usuario: DEMO.prestador }],
    });
    const antes = await get(
      `/api/v1/tramites/${f.idTramite}/archivos-nuevos?desde=2020-01-01&hasta=2020-12-31`,
      DEMO.supervisorAm,
    );
    expect(antes.json().total).toBe(0);
    const csv = await get(
      `/api/v1/tramites/${f.idTramite}/archivos-nuevos?desde=${hoy}&hasta=${hoy}&formato=csv`,
      DEMO.revisor,
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('Fecha de carga;Número;Cédula;Paciente;Archivo;Tipo;Tamaño (bytes);Usuario');
    expect(csv.body).toContain(';124;');
    const xlsx = await get(
      `/api/v1/tramites/${f.idTramite}/archivos-nuevos?desde=${hoy}&hasta=${hoy}&formato=xlsx`,
      DEMO.revisor,
    );
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(
      `archivos_nuevos_tramite_${f.idTramite}_${hoy}_${hoy}.xlsx`,
    );
    const libro = await leerXlsx(xlsx.rawPayload);
    const [encabezado, fila] = leerCsv(csv.rawPayload);
    expect(libro.filas[0]).toEqual(encabezado);
    expect(libro.filas[1].slice(1, 6)).toEqual(fila.slice(1, 6));
    expect(fila[1]).toBe('124');
    // The upload's instant as Guayaquil's wall clock, shown as in the CSV; the size a number.
    const cargado = libro.ws.getRow(2).getCell(1);
    expect(cargado.numFmt).toBe('dd/mm/yyyy hh:mm');
    const d = cargado.value as Date;
    const dos = (n: number) => String(n).padStart(2, '0');
    expect(
      `${dos(d.getUTCDate())}/${dos(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${dos(d.getUTCHours())}:${dos(d.getUTCMinutes())}`,
    ).toBe(fila[0]);
    expect(libro.ws.getRow(2).getCell(7).value).toBe(Number(fila[6]));
    expect(
      (await get(`/api/v1/tramites/${f.idTramite}/archivos-nuevos?desde=${hoy}&hasta=${hoy}`, DEMO.prestador))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(`/api/v1/tramites/${f.idTramite}/archivos-nuevos?desde=${hoy}&hasta=${hoy}`, DEMO.auditorAm))
        .statusCode,
    ).toBe(403);
    const mal = await get(
      `/api/v1/tramites/${f.idTramite}/archivos-nuevos?desde=2026-03-10&hasta=2026-03-01`,
      DEMO.supervisorAm,
    );
    expect(mal.statusCode).toBe(400);
    expect(errorOf(mal).error.message).toBe(MSG_ARCHIVO.fechasInvalidas);
  });

  it('ArchivoCarga: per load, the attentions, those with files, the files, their bytes and the last upload', async () => {
    const res = await get(`/api/v1/tramites/${f.idTramite}/archivos-por-carga`, DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    const [c] = res.json().items;
    expect(res.json().items).toHaveLength(1);
    expect(c).toMatchObject({ idCarga: f.idCarga, atenciones: 3, conArchivos: 1, archivos: 1 });
    expect(c.bytes).toBe(pdf().length);
    expect(Date.now() - new Date(c.ultimoArchivo).getTime()).toBeLessThan(10 * 60_000);
    // Supervision only; another company's procedure does not exist for the provider's insurer either.
    for (const u of [DEMO.prestador, DEMO.auditorAm, DEMO.gestorGd])
      expect((await get(`/api/v1/tramites/${f.idTramite}/archivos-por-carga`, u)).statusCode).toBe(403);
    expect((await get(`/api/v1/tramites/999999/archivos-por-carga`, DEMO.supervisorGd)).statusCode).toBe(404);
    expect((await get(`/api/v1/tramites/${f.idTramite}/archivos-por-carga`)).statusCode).toBe(401);
  });

  it('ArchivoCarga: a load whose attentions have no file yet answers no last upload (null), not an error', async () => {
    const g = await estructurado();
    await enProceso(g.idTramite);
    const res = await get(`/api/v1/tramites/${g.idTramite}/archivos-por-carga`, DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        idCarga: g.idCarga,
        conArchivos: 0,
        archivos: 0,
        bytes: 0,
        ultimoArchivo: null,
      }),
    ]);
  });
});

describe('deleting a load', () => {
  it('removes its files from the storage after the commit', async () => {
    const f = await estructurado();
    expect(
      (
        await subir(f.idCarga, [
          { name: '123.pdf', content: pdf() },
          { name: '124.pdf', content: pdf() },
        ])
      ).statusCode,
    ).toBe(200);
    const rutas = (
      await t.database.query<{ ruta: string }>('SELECT ruta FROM archivo_pla WHERE id_carga = $1', [
        f.idCarga,
      ])
    ).map((r) => r.ruta);
    expect(rutas).toHaveLength(2);
    for (const r of rutas) expect(fs.existsSync(path.join(root(), r))).toBe(true);
    const res = await eliminarCargaConErrores(t, f.idCarga);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensaje).toBe(MSG_TRAMITE.cargaEliminada);
    expect(await filasArchivos(f.idCarga)).toBe(0);
    for (const r of rutas) expect(fs.existsSync(path.join(root(), r))).toBe(false);
  });
});
