import { MSG_PLANILLA } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crearPlanillas,
  crearTramite,
  type Fixture,
  usarContextoConFixtures,
  versionOf,
} from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { leerCsv, leerXlsx } from '../../test/xlsx.ts';

const { t, ids, req } = usarContextoConFixtures();

const numeros = (body: { items: Array<{ numero: string }> }) => body.items.map((i) => i.numero);
const setTramite = (id: number, sets: string) =>
  t.database.query(`UPDATE tramite SET ${sets} WHERE id_tramite = $1`, [id]);

/** Five attentions: two assigned to the AM auditor, two to the GD operative, one annulled. */
async function listaBase(): Promise<Fixture> {
  const u = ids.usuarios;
  return crearTramite(t, ids, {
    planillas: [
      {
        numero: 'A001',
        nombre: 'JOSÉ ÁLVAREZ',
        cedula: '0911111111',
        nombreMedico: 'DRA. MARÍA LÓPEZ',
        med: u.auditorAm,
        doc: u.gestorGd,
      },
      {
        numero: 'A002',
        nombre: 'ANA TORRES',
        cedula: '0922222222',
        med: u.auditorAm,
        estadoAud: 'REVISADA',
        duplicada: 1,
        nivel: 2,
      },
      { numero: 'A003', nombre: 'LUIS MORA', cedula: '0933333333', doc: u.gestorGd, estadoDoc: 'REVISADA' },
      { numero: 'A004', nombre: 'ANULADA', estado: 0 },
      { numero: 'A005', nombre: 'PEDRO PAZ', fechaDesde: '2026-03-10', fechaHasta: '2026-03-12' },
    ],
  });
}

describe('GET /planillas', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await listaBase();
  });
  const list = (usuario: string | undefined, qs = '') =>
    req('GET', `/api/v1/planillas?idTramite=${f.idTramite}${qs}`, usuario);

  it('401 without a session; 400 without idTramite; 404 for another tenant or an unknown procedure', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    const sin = await req('GET', '/api/v1/planillas', DEMO.supervisorAm);
    expect(sin.statusCode).toBe(400);
    expect(errorOf(sin).error.message).toBe(MSG_PLANILLA.parametroIdTramite);
    expect((await list(DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/planillas?idTramite=999999', DEMO.supervisorAm)).statusCode).toBe(404);
    expect((await list(DEMO.supervisorAm, '&vista=OTRA')).statusCode).toBe(400);
    expect((await list(DEMO.supervisorAm, '&pageSize=1000')).statusCode).toBe(400);
  });

  it('TODAS in number order; state columns per profile', async () => {
    const am = await list(DEMO.supervisorAm);
    expect(am.statusCode, am.body).toBe(200);
    const body = am.json();
    expect(numeros(body)).toEqual(['A001', 'A002', 'A003', 'A005']);
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 10, verEstadoAud: true, verEstadoDoc: false });
    expect(body.items[0]).toMatchObject({
      numero: 'A001',
      cedula: '0911111111',
      nombre: 'JOSÉ ÁLVAREZ',
      diag1: 'J181',
      diag1Nombre: 'Neumonía lobar, no especificada',
      estadoAud: 'PENDIENTE',
      estadoDoc: null,
      numArchivos: 0,
      total: '25.50',
      idCarga: f.idCarga,
      version: 1,
    });
    const rev = (await list(DEMO.revisor)).json();
    expect(rev.items[0]).toMatchObject({ estadoAud: 'PENDIENTE', estadoDoc: 'PENDIENTE' });
    const gd = (await list(DEMO.supervisorGd)).json();
    expect(gd.items[0]).toMatchObject({ estadoAud: null, estadoDoc: 'PENDIENTE' });
    const prov = (await list(DEMO.prestador)).json();
    expect(prov.total).toBe(4);
    expect(prov.items[0]).toMatchObject({ estadoAud: null, estadoDoc: null });
  });

  it('18 sees only its usuarioMed and 20 only its usuarioDoc under U; everything under T', async () => {
    expect(numeros((await list(DEMO.auditorAm)).json())).toEqual(['A001', 'A002']);
    expect(numeros((await list(DEMO.gestorGd)).json())).toEqual(['A001', 'A003']);
    await setTramite(f.idTramite, "tipo_asignacion = 'T'");
    try {
      expect((await list(DEMO.auditorAm)).json().total).toBe(4);
      expect((await list(DEMO.gestorGd)).json().total).toBe(4);
    } finally {
      await setTramite(f.idTramite, "tipo_asignacion = 'U'");
    }
  });

  it('PENDIENTES/REVISADAS use estadoAud for AM, estadoDoc for GD, either for 16; ANULADAS are estado 0', async () => {
    expect(numeros((await list(DEMO.supervisorAm, '&vista=PENDIENTES')).json())).toEqual([
      'A001',
      'A003',
      'A005',
    ]);
    expect(numeros((await list(DEMO.supervisorGd, '&vista=PENDIENTES')).json())).toEqual([
      'A001',
      'A002',
      'A005',
    ]);
    expect(numeros((await list(DEMO.revisor, '&vista=PENDIENTES')).json())).toEqual([
      'A001',
      'A002',
      'A003',
      'A005',
    ]);
    expect(numeros((await list(DEMO.supervisorAm, '&vista=REVISADAS')).json())).toEqual(['A002']);
    expect(numeros((await list(DEMO.supervisorGd, '&vista=REVISADAS')).json())).toEqual(['A003']);
    expect(numeros((await list(DEMO.auditorAm, '&vista=PENDIENTES')).json())).toEqual(['A001']);
    expect(numeros((await list(DEMO.supervisorAm, '&vista=ANULADAS')).json())).toEqual(['A004']);
  });

  it('every filter of the panel runs in SQL; text filters ignore accents and case', async () => {
    const q = async (qs: string, usuario: string = DEMO.supervisorAm) =>
      numeros((await list(usuario, qs)).json());
    expect(await q('&vista=FILTROS&nombre=jose%20alvarez')).toEqual(['A001']);
    expect(await q('&nombreMedico=maria%20lopez')).toEqual(['A001']);
    expect(await q('&cedula=09222')).toEqual(['A002']);
    expect(await q('&numero=a00')).toEqual(['A001', 'A002', 'A003', 'A005']);
    expect(await q('&numero=A003')).toEqual(['A003']);
    expect(await q('&nivel=2')).toEqual(['A002']);
    expect(await q('&duplicadas=1')).toEqual(['A002']);
    expect(await q('&estadoAud=REVISADA')).toEqual(['A002']);
    expect(await q('&estadoDoc=REVISADA', DEMO.supervisorGd)).toEqual(['A003']);
    expect(await q('&fecha=2026-03-11')).toEqual(['A005']);
    expect(await q(`&ids=${f.planillas[0]},${f.planillas[2]}`)).toEqual(['A001', 'A003']);
    expect(await q(`&idCarga=${f.idCarga}&nombre=`)).toHaveLength(4);
    await t.database.query(`UPDATE planilla SET numero_ext = 'EXT-1' WHERE id_planilla = $1`, [
      f.planillas[0],
    ]);
    expect(await q('&sinNumeroExt=1')).toEqual(['A002', 'A003', 'A005']);
    const [esp] = await t.database.query<{ id: number }>(
      'SELECT min(id_especialidad) AS id FROM especialidad',
    );
    const [per] = await t.database.query<{ id: number }>('SELECT min(id_persona) AS id FROM persona');
    await t.database.query(
      `INSERT INTO medico (id_persona, id_especialidad, documento) VALUES ($1, $2, '1799999999')`,
      [per.id, esp.id],
    );
    await t.database.query(`UPDATE planilla SET cedula_medico = '1799999999' WHERE id_planilla = $1`, [
      f.planillas[4],
    ]);
    expect(await q(`&idEspecialidad=${esp.id}`)).toEqual(['A005']);
  });

  it('AM/GD state columns only while RECIBIDO or EN PROCESO', async () => {
    await setTramite(f.idTramite, "estado_tramite = 'PLANILLAJE'");
    try {
      const body = (await list(DEMO.supervisorAm)).json();
      expect(body.verEstadoAud).toBe(false);
      expect(body.items[0].estadoAud).toBeNull();
    } finally {
      await setTramite(f.idTramite, "estado_tramite = 'EN PROCESO'");
    }
  });

  it('pages of 10 in a stable order, deep pages included, and sort', async () => {
    const g = await crearTramite(t, ids, {});
    await t.database.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, diag1, diag2, fecha_desde, fecha_hasta)
       SELECT $1, $2, $3, 'M' || lpad(i::text, 3, '0'), '0912345678', 'PACIENTE ' || i, 'J181', 'A09', '2026-03-03', '2026-03-03'
         FROM generate_series(1, 25) i`,
      [g.idTramite, g.idCarga, ids.idPrestador],
    );
    const all: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = (
        await req('GET', `/api/v1/planillas?idTramite=${g.idTramite}&page=${page}`, DEMO.supervisorAm)
      ).json();
      expect(body.total).toBe(25);
      all.push(...numeros(body));
    }
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => `M${String(i + 1).padStart(3, '0')}`));
    const empty = (
      await req('GET', `/api/v1/planillas?idTramite=${g.idTramite}&page=4`, DEMO.supervisorAm)
    ).json();
    expect(empty).toMatchObject({ items: [], total: 25 });
    const desc = (
      await req(
        'GET',
        `/api/v1/planillas?idTramite=${g.idTramite}&sort=-numero&pageSize=3`,
        DEMO.supervisorAm,
      )
    ).json();
    expect(numeros(desc)).toEqual(['M025', 'M024', 'M023']);
    const lastDesc = (
      await req(
        'GET',
        `/api/v1/planillas?idTramite=${g.idTramite}&sort=-numero&page=9&pageSize=3`,
        DEMO.supervisorAm,
      )
    ).json();
    expect(numeros(lastDesc)).toEqual(['M001']);
  });
});

describe('GET /planillas/export.csv', () => {
  it('streams the filtered rows as ;-separated UTF-8 with BOM, in batches; 422 when empty; 404 other tenant', async () => {
    const f = await listaBase();
    const res = await req('GET', `/api/v1/planillas/export.csv?idTramite=${f.idTramite}`, DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Atenciones_tramite_${f.idTramite}.csv"`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('ID Planilla;Número;Fecha de atención;Cédula;Nombre;Cédula médico;Nivel');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(`${f.planillas[0]};A001;03/03/2026;0911111111;JOSÉ ÁLVAREZ;1712345678;1`);
    const own = await req('GET', `/api/v1/planillas/export.csv?idTramite=${f.idTramite}`, DEMO.auditorAm);
    expect(own.body.trim().split(/\r?\n/)).toHaveLength(3);
    const vacio = await req(
      'GET',
      `/api/v1/planillas/export.csv?idTramite=${f.idTramite}&nombre=zzzz`,
      DEMO.supervisorAm,
    );
    expect(vacio.statusCode).toBe(422);
    expect(errorOf(vacio).error.message).toBe('No hay datos para exportar.');
    expect(
      (await req('GET', `/api/v1/planillas/export.csv?idTramite=${f.idTramite}`, DEMO.prestador2)).statusCode,
    ).toBe(404);
    expect((await req('GET', `/api/v1/planillas/export.csv?idTramite=${f.idTramite}`)).statusCode).toBe(401);

    const g = await crearTramite(t, ids, {});
    await t.database.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, diag1, diag2, fecha_desde, fecha_hasta)
       SELECT $1, $2, $3, 'X' || lpad(i::text, 5, '0'), '0912345678', 'PACIENTE; "' || i || '"', 'J181', 'A09', '2026-03-03', '2026-03-03'
         FROM generate_series(1, 11000) i`,
      [g.idTramite, g.idCarga, ids.idPrestador],
    );
    const big = await req('GET', `/api/v1/planillas/export.csv?idTramite=${g.idTramite}`, DEMO.supervisorAm);
    const rows = big.body.trim().split(/\r?\n/);
    expect(rows).toHaveLength(11001);
    expect(rows[11000]).toContain(';X11000;');
    expect(rows[1]).toContain('"PACIENTE; ""1"""');
  });

  it('formato=xlsx: the same filtered rows as an Excel book, typed (ids and levels numbers, the date a date)', async () => {
    const f = await listaBase();
    const url = `/api/v1/planillas/export.csv?idTramite=${f.idTramite}`;
    const res = await req('GET', `${url}&formato=xlsx`, DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Atenciones_tramite_${f.idTramite}.xlsx"`,
    );
    const { ws, filas } = await leerXlsx(res.rawPayload);
    const csv = leerCsv((await req('GET', url, DEMO.supervisorAm)).rawPayload);
    expect(filas).toHaveLength(csv.length);
    expect(filas[0]).toEqual(csv[0]);
    expect(filas[1]).toEqual([
      f.planillas[0],
      'A001',
      new Date(Date.UTC(2026, 2, 3)),
      '0911111111',
      'JOSÉ ÁLVAREZ',
      '1712345678',
      1,
    ]);
    expect(ws.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy');
    // The auditor's own attentions only, as in the CSV; the empty filter is 422 in Excel too.
    const own = await leerXlsx((await req('GET', `${url}&formato=xlsx`, DEMO.auditorAm)).rawPayload);
    expect(own.filas).toHaveLength(3);
    expect((await req('GET', `${url}&nombre=zzzz&formato=xlsx`, DEMO.supervisorAm)).statusCode).toBe(422);
  });
});

describe('GET/PUT /planillas/:id', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await listaBase();
  });
  const url = (i: number) => `/api/v1/planillas/${f.planillas[i]}`;
  const body = async (i: number, over: object = {}) => ({
    version: await versionOf(t, f.planillas[i]),
    cedula: '0911111111',
    nombre: 'José Álvarez Ruiz',
    diag1: 'J18.1',
    diag2: 'A09X',
    fechaDesde: '2026-03-03',
    fechaHasta: '2026-03-04',
    ...over,
  });

  it('the record with diagnosis names, counts, the load period and the user permissions', async () => {
    const res = await req('GET', url(0), DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      idPlanilla: f.planillas[0],
      numero: 'A001',
      diag1: 'J181',
      diagnostico01: 'Neumonía lobar, no especificada',
      diag2: 'A09',
      diagnostico02: 'Diarrea y gastroenteritis de presunto origen infeccioso',
      diagnostico03: null,
      numDetalles: 1,
      numArchivos: 0,
      fechaDesdeCarga: '2026-03-02',
      fechaHastaCarga: '2026-03-15',
      estadoTramite: 'EN PROCESO',
      usuarioMed: DEMO.auditorAm,
      finDeSemana: null,
      permisos: { puedeAM: true, puedeGD: false, puedeEditar: true, puedeRevisar: 'M', supervisor: true },
    });
    expect((await req('GET', url(0), DEMO.auditorAm)).json().permisos).toMatchObject({
      puedeAM: true,
      puedeEditar: true,
    });
    expect((await req('GET', url(0), DEMO.prestador)).json().permisos).toMatchObject({
      puedeEditar: false,
      puedeBorrar: false,
    });
    expect((await req('GET', url(2), DEMO.auditorAm)).statusCode).toBe(404);
    expect((await req('GET', url(0), DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/planillas/99999999', DEMO.supervisorAm)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/planillas/abc', DEMO.supervisorAm)).statusCode).toBe(400);
    expect((await req('GET', url(0))).statusCode).toBe(401);
  });

  it('saves with normalised codes, bumps the version and writes the audit trail in the same transaction', async () => {
    const res = await req(
      'PUT',
      url(0),
      DEMO.auditorAm,
      await body(0, { diag3: 'k35.9', codigoVal: 'AUT-9', horaDesde: '08:30' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mensaje: '¡Planilla actualizada exitosamente!',
      item: {
        nombre: 'JOSÉ ÁLVAREZ RUIZ',
        diag3: 'K359',
        codigoVal: 'AUT-9',
        fechaHasta: '2026-03-04',
        version: 2,
      },
    });
    const aud = await t.database.query<{ campo: string; antes: string | null; despues: string }>(
      'SELECT campo, antes, despues FROM auditoria_pla WHERE id_planilla = $1 ORDER BY campo',
      [f.planillas[0]],
    );
    expect(aud).toEqual(
      expect.arrayContaining([
        { campo: 'nombre', antes: 'JOSÉ ÁLVAREZ', despues: 'JOSÉ ÁLVAREZ RUIZ' },
        { campo: 'diag3', antes: null, despues: 'K359' },
        { campo: 'fechaHasta', antes: '2026-03-03', despues: '2026-03-04' },
        { campo: 'codigoVal', antes: null, despues: 'AUT-9' },
      ]),
    );
    expect(aud.find((a) => a.campo === 'diag1')).toBeUndefined();
  });

  it('409 on a stale version, never a silent overwrite', async () => {
    const stale = await body(0);
    expect((await req('PUT', url(0), DEMO.supervisorAm, { ...stale, nombre: 'PRIMERO' })).statusCode).toBe(
      200,
    );
    const res = await req('PUT', url(0), DEMO.supervisorAm, { ...stale, nombre: 'SEGUNDO' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).error.message).toBe(
      'La planilla fue modificada por otro usuario. Actualice la página.',
    );
    expect((await req('GET', url(0), DEMO.supervisorAm)).json().nombre).toBe('PRIMERO');
  });

  it('400: required diagnoses, codes not in CIE-10, dates outside the load period, bad hours', async () => {
    const sinDiag = await req('PUT', url(0), DEMO.supervisorAm, await body(0, { diag1: undefined }));
    expect(sinDiag.statusCode).toBe(400);
    expect(errorOf(sinDiag).error.fields?.diag1).toBe('El campo Diagnóstico 1 es obligatorio.');
    const noExiste = await req('PUT', url(0), DEMO.supervisorAm, await body(0, { diag2: 'U99.9' }));
    expect(noExiste.statusCode).toBe(400);
    expect(errorOf(noExiste).error.fields).toEqual({ diag2: 'Diagnóstico no encontrado' });
    const fuera = await req('PUT', url(0), DEMO.supervisorAm, await body(0, { fechaDesde: '2026-03-01' }));
    expect(fuera.statusCode).toBe(400);
    expect(errorOf(fuera).error.fields?.fechaDesde).toBe(
      'La fecha debe estar entre 02/03/2026 y 15/03/2026 (periodo de la carga).',
    );
    expect(
      (await req('PUT', url(0), DEMO.supervisorAm, await body(0, { horaDesde: '25:00' }))).statusCode,
    ).toBe(400);
    expect(
      (await req('PUT', url(0), DEMO.supervisorAm, await body(0, { version: undefined }))).statusCode,
    ).toBe(400);
  });

  it('403 without AM/GD processing; GD may save but not change diagnoses; 409 outside working states', async () => {
    expect(errorOf(await req('PUT', url(0), DEMO.revisor, await body(0))).error.message).toBe(
      MSG_PLANILLA.perfilNoAutorizado,
    );
    expect((await req('PUT', url(0), DEMO.prestador, await body(0))).statusCode).toBe(403);
    expect((await req('PUT', url(4), DEMO.auditorAm, await body(4))).statusCode).toBe(404);
    const gdDiag = await req('PUT', url(0), DEMO.gestorGd, await body(0, { diag1: 'J189' }));
    expect(gdDiag.statusCode).toBe(403);
    const cur = (await req('GET', url(0), DEMO.gestorGd)).json();
    const gdOk = await req('PUT', url(0), DEMO.gestorGd, {
      ...(await body(0)),
      nombre: cur.nombre,
      diag3: cur.diag3,
      codigoVal: 'GD-1',
    });
    expect(gdOk.statusCode, gdOk.body).toBe(200);
    expect((await req('PUT', url(0), DEMO.prestador2, await body(0))).statusCode).toBe(404);
    for (const estado of ['FINALIZADO', 'ENVIADO', 'OBSERVACIONES']) {
      await setTramite(f.idTramite, `estado_tramite = '${estado}'`);
      const res = await req('PUT', url(0), DEMO.supervisorAm, await body(0));
      expect(res.statusCode).toBe(409);
    }
    await setTramite(f.idTramite, "estado_tramite = 'EN PROCESO'");
  });

  it('weekend notice on the record', async () => {
    const [id] = await crearPlanillas(
      t,
      f.idTramite,
      f.idCarga,
      [{ fechaDesde: '2026-03-07' }],
      ids.idPrestador,
    );
    expect((await req('GET', `/api/v1/planillas/${id}`, DEMO.supervisorAm)).json().finDeSemana).toBe(
      'sábado',
    );
  });
});

describe('DELETE /planillas/:id and restore', () => {
  it('16 and supervisors annul (ANULADAS) and restore; others 403; FINALIZADO 409; twice 409', async () => {
    const f = await listaBase();
    const url = `/api/v1/planillas/${f.planillas[0]}`;
    expect((await req('DELETE', url)).statusCode).toBe(401);
    expect(errorOf(await req('DELETE', url, DEMO.auditorAm)).error.code).toBe('NO_AUTORIZADO');
    expect((await req('DELETE', url, DEMO.prestador)).statusCode).toBe(403);
    expect((await req('DELETE', url, DEMO.prestador2)).statusCode).toBe(404);
    const ok = await req('DELETE', url, DEMO.supervisorAm);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().mensaje).toBe('Planilla eliminada correctamente.');
    const anuladas = (
      await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}&vista=ANULADAS`, DEMO.supervisorAm)
    ).json();
    expect(numeros(anuladas)).toEqual(['A001', 'A004']);
    expect((await req('DELETE', url, DEMO.revisor)).statusCode).toBe(409);
    expect((await req('POST', `${url}/restaurar`, DEMO.auditorAm)).statusCode).toBe(403);
    expect((await req('POST', `${url}/restaurar`, DEMO.supervisorGd)).statusCode).toBe(200);
    await setTramite(f.idTramite, "estado_tramite = 'FINALIZADO'");
    expect((await req('DELETE', url, DEMO.revisor)).statusCode).toBe(409);
    const aud = await t.database.query<{ operacion: string }>(
      'SELECT operacion FROM auditoria_pla WHERE id_planilla = $1 ORDER BY id_auditoria',
      [f.planillas[0]],
    );
    expect(aud.map((a) => a.operacion)).toEqual(['ANULAR', 'RESTAURAR']);
  });
});

describe('levels', () => {
  it('one attention (1 or 2) and a whole load; profile and state guards', async () => {
    const f = await listaBase();
    const url = `/api/v1/planillas/${f.planillas[0]}/nivel`;
    const ok = await req('PUT', url, DEMO.auditorAm, { nivel: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().item).toMatchObject({ nivel: 2, version: 2 });
    expect((await req('PUT', url, DEMO.supervisorAm, { nivel: 3 })).statusCode).toBe(400);
    expect((await req('PUT', url, DEMO.supervisorAm, { nivel: 1, version: 1 })).statusCode).toBe(409);
    expect(errorOf(await req('PUT', url, DEMO.prestador, { nivel: 1 })).error.message).toBe(
      MSG_PLANILLA.perfilNoAutorizado,
    );
    expect((await req('PUT', url, DEMO.prestador2, { nivel: 1 })).statusCode).toBe(404);

    const carga = `/api/v1/cargas/${f.idCarga}/nivel`;
    expect((await req('PUT', carga, DEMO.auditorAm, { nivel: 2 })).statusCode).toBe(403);
    expect((await req('PUT', carga, DEMO.prestador2, { nivel: 2 })).statusCode).toBe(404);
    expect(
      (await req('PUT', '/api/v1/cargas/99999999/nivel', DEMO.supervisorAm, { nivel: 2 })).statusCode,
    ).toBe(404);
    const all = await req('PUT', carga, DEMO.supervisorAm, { nivel: 2 });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      mensaje: 'Todos los niveles actualizados correctamente a 2.',
      actualizadas: 2,
    });
    const niveles = await t.database.query<{ nivel: number }>(
      'SELECT DISTINCT nivel FROM planilla WHERE id_carga = $1 AND estado = 1',
      [f.idCarga],
    );
    expect(niveles).toEqual([{ nivel: 2 }]);
    const [{ n }] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM auditoria_pla a JOIN planilla p USING (id_planilla) WHERE p.id_carga = $1 AND a.campo = 'nivel'",
      [f.idCarga],
    );
    expect(n).toBe(3);
    await setTramite(f.idTramite, "estado_tramite = 'FINALIZADO'");
    expect((await req('PUT', carga, DEMO.supervisorAm, { nivel: 1 })).statusCode).toBe(409);
    expect((await req('PUT', url, DEMO.supervisorAm, { nivel: 1 })).statusCode).toBe(409);
  });
});

describe('other attentions of the patient and the audit trail view', () => {
  it('same cédula and provider across procedures, tenant-scoped, 18 limited to its own under U', async () => {
    const u = ids.usuarios;
    const a = await crearTramite(t, ids, {
      planillas: [
        { cedula: '0955555555', numero: 'O1', med: u.auditorAm },
        { cedula: '0955555555', numero: 'O2' },
      ],
    });
    const b = await crearTramite(t, ids, {
      planillas: [
        { cedula: '0955555555', numero: 'O3' },
        { cedula: '0966666666', numero: 'O4' },
      ],
    });
    const res = await req('GET', `/api/v1/planillas/${a.planillas[0]}/otras`, DEMO.supervisorAm);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .items.map((i: { numero: string }) => i.numero)
        .sort(),
    ).toEqual(['O2', 'O3']);
    expect(res.json().total).toBe(2);
    expect((await req('GET', `/api/v1/planillas/${a.planillas[0]}/otras`, DEMO.auditorAm)).json().total).toBe(
      0,
    );
    expect((await req('GET', `/api/v1/planillas/${a.planillas[0]}/otras`, DEMO.prestador2)).statusCode).toBe(
      404,
    );
    expect((await req('GET', `/api/v1/planillas/${b.planillas[1]}/otras`, DEMO.prestador)).json().total).toBe(
      0,
    );
  });

  it('Inf. auditoría: generales and detallados, supervisors only', async () => {
    const f = await listaBase();
    const url = `/api/v1/planillas/${f.planillas[0]}/auditoria`;
    const empty = await req('GET', url, DEMO.supervisorAm);
    expect(empty.json()).toEqual({ generales: [], detallados: [] });
    await req('PUT', `/api/v1/planillas/${f.planillas[0]}/nivel`, DEMO.supervisorAm, { nivel: 2 });
    const res = await req('GET', url, DEMO.revisor);
    expect(res.statusCode).toBe(200);
    expect(res.json().generales).toEqual([
      expect.objectContaining({
        usuario: DEMO.supervisorAm,
        operacion: 'NIVEL',
        campo: 'nivel',
        antes: '1',
        despues: '2',
      }),
    ]);
    expect((await req('GET', url, DEMO.auditorAm)).statusCode).toBe(403);
    expect((await req('GET', url, DEMO.prestador)).statusCode).toBe(403);
    expect((await req('GET', url, DEMO.prestador2)).statusCode).toBe(404);
  });
});

describe('search tab', () => {
  it('codigos, nombres, diagnosticos, total range, pending only; empty → items []', async () => {
    const u = ids.usuarios;
    const f = await crearTramite(t, ids, {
      planillas: [
        { numero: 'B1', nombre: 'ÑUSTA QUISPE', diag1: 'J181', detalles: [['85025', 2, '7.90']] },
        {
          numero: 'B2',
          nombre: 'MARÍA QUISPE',
          diag1: 'K359',
          diag2: 'A09',
          estadoAud: 'REVISADA',
          med: u.auditorAm,
        },
        {
          numero: 'B3',
          nombre: 'CARLOS RUIZ',
          diag1: 'E119',
          diag2: null,
          detalles: [['44950', 1, '520.00']],
        },
      ],
    });
    const q = async (qs: string, usuario: string = DEMO.supervisorAm) => {
      const res = await req('GET', `/api/v1/planillas/buscar?idTramite=${f.idTramite}${qs}`, usuario);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((i: { numero: string }) => i.numero);
    };
    expect(await q('&tipo=codigos&valor=85025')).toEqual(['B1']);
    expect(await q('&tipo=nombres&valor=quispe')).toEqual(['B1', 'B2']);
    expect(await q('&tipo=nombres&valor=nusta')).toEqual(['B1']);
    expect(await q('&tipo=diagnosticos&valor=K35.9')).toEqual(['B2']);
    expect(await q('&tipo=diagnosticos&valor=neumonia')).toEqual(['B1']);
    expect(await q('&tipo=total&desde=100&hasta=600')).toEqual(['B3']);
    expect(await q('&soloPendientes=1')).toEqual(['B1', 'B3']);
    expect(await q('')).toEqual(['B1', 'B2', 'B3']);
    expect(await q('&tipo=nombres&valor=nadie')).toEqual([]);
    expect(await q('', DEMO.auditorAm)).toEqual(['B2']);
    const row = (
      await req(
        'GET',
        `/api/v1/planillas/buscar?idTramite=${f.idTramite}&tipo=codigos&valor=44950`,
        DEMO.supervisorAm,
      )
    ).json().items[0];
    expect(row).toMatchObject({
      numero: 'B3',
      diagnosticos: 'E119',
      total: '520.00',
      fechaDesde: '2026-03-03',
    });
    expect(
      (await req('GET', `/api/v1/planillas/buscar?idTramite=${f.idTramite}&tipo=otro`, DEMO.supervisorAm))
        .statusCode,
    ).toBe(400);
    expect(
      (await req('GET', `/api/v1/planillas/buscar?idTramite=${f.idTramite}`, DEMO.prestador2)).statusCode,
    ).toBe(404);
    expect((await req('GET', `/api/v1/planillas/buscar?idTramite=${f.idTramite}`)).statusCode).toBe(401);
  });
});

describe('attentions without files (tab Atenciones sin documentación)', () => {
  it('sinArchivos keeps only the attentions without supporting files, in the list and the CSV', async () => {
    const f = await listaBase();
    await t.database.query(
      `INSERT INTO archivo_pla (id_planilla, id_carga, id_tramite, nombre, ruta, tipo, tamano, hash)
       VALUES ($1, $2, $3, 'informe.pdf', 'x/informe.pdf', 'application/pdf', 10, 'h1'),
              ($1, $2, $3, 'receta.pdf', 'x/receta.pdf', 'application/pdf', 10, 'h2')`,
      [f.planillas[1], f.idCarga, f.idTramite],
    );
    const all = (await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}`, DEMO.supervisorAm)).json();
    expect(all.items.find((i: { numero: string }) => i.numero === 'A002').numArchivos).toBe(2);
    const sin = await req(
      'GET',
      `/api/v1/planillas?idTramite=${f.idTramite}&sinArchivos=1`,
      DEMO.supervisorAm,
    );
    expect(sin.statusCode, sin.body).toBe(200);
    expect(numeros(sin.json())).toEqual(['A001', 'A003', 'A005']);
    expect(
      numeros(
        (
          await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}&sinArchivos=0`, DEMO.supervisorAm)
        ).json(),
      ),
    ).toEqual(['A001', 'A002', 'A003', 'A005']);
    // Combined with the operative's visibility: the AM auditor holds A001 (no files) and A002 (files).
    expect(
      numeros(
        (await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}&sinArchivos=1`, DEMO.auditorAm)).json(),
      ),
    ).toEqual(['A001']);
    const csv = await req(
      'GET',
      `/api/v1/planillas/export.csv?idTramite=${f.idTramite}&sinArchivos=1`,
      DEMO.supervisorAm,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(4);
    expect(
      (await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}&sinArchivos=x`, DEMO.supervisorAm))
        .statusCode,
    ).toBe(400);
  });

  it('list rows carry the assigned AM and GD users (the web enables the level boxes with them)', async () => {
    const f = await listaBase();
    const body = (await req('GET', `/api/v1/planillas?idTramite=${f.idTramite}`, DEMO.supervisorAm)).json();
    expect(body.items[0]).toMatchObject({
      numero: 'A001',
      idUsuarioMed: ids.usuarios.auditorAm,
      idUsuarioDoc: ids.usuarios.gestorGd,
    });
    expect(body.items[3]).toMatchObject({ numero: 'A005', idUsuarioMed: null, idUsuarioDoc: null });
  });
});

describe('GET /planillas/:id of an attention without a treating doctor', () => {
  it('answers 200 with cedulaMedico and nombreMedico null (both optional in the data file)', async () => {
    const f = await listaBase();
    await t.database.query(
      'UPDATE planilla SET cedula_medico = NULL, nombre_medico = NULL WHERE id_planilla = $1',
      [f.planillas[0]],
    );
    const res = await req('GET', `/api/v1/planillas/${f.planillas[0]}`, DEMO.supervisorAm);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ cedulaMedico: null, nombreMedico: null });
  });
});

describe('GET /planillas/:id/resumen.pdf (report 9, print of the sheet)', () => {
  it('a PDF for whoever may see the attention; 404 for another tenant or an unassigned operative; 401 without session', async () => {
    const f = await listaBase();
    const [emp] = await t.database.query<{ id: number }>(
      'SELECT id_empresa_aseguradora AS id FROM tramite WHERE id_tramite = $1',
      [f.idTramite],
    );
    const [obs] = await t.database.query<{ id: number }>(
      `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'FALTA INFORME', 'D') RETURNING id_observacion AS id`,
      [emp.id],
    );
    await t.database.query(
      `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, respuesta) VALUES ($1, $2, 'D', 'ADJUNTADO')`,
      [f.planillas[0], obs.id],
    );
    const url = (i: number) => `/api/v1/planillas/${f.planillas[i]}/resumen.pdf`;
    for (const usuario of [DEMO.prestador, DEMO.supervisorAm, DEMO.auditorAm]) {
      const res = await req('GET', url(0), usuario);
      expect(res.statusCode, `${usuario}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('inline; filename="planilla_A001.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(2000);
    }
    // What a reader sees names the procedure and the load as people know them, not by internal ids
    // (issue 14 §4: it read 'Carga 5').
    const texto = pdfText((await req('GET', url(0), DEMO.supervisorAm)).rawPayload);
    expect(texto).toMatch(/Trámite \S+ · Prestador: CLÍNICA SANTA MARÍA/);
    expect(texto).not.toMatch(/^\s*Planilla\s+\d+\s/m);
    expect(texto).toMatch(/Carga del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}/);
    expect(texto).not.toMatch(/Carga \d/);
    // An attention without line items, diagnoses or observations still prints.
    await t.database.query('DELETE FROM planilla_det WHERE id_planilla = $1', [f.planillas[4]]);
    await t.database.query('UPDATE planilla SET diag2 = NULL WHERE id_planilla = $1', [f.planillas[4]]);
    expect((await req('GET', url(4), DEMO.supervisorGd)).statusCode).toBe(200);
    expect((await req('GET', url(0), DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', url(2), DEMO.auditorAm)).statusCode).toBe(404);
    expect((await req('GET', url(0))).statusCode).toBe(401);
    expect((await req('GET', '/api/v1/planillas/99999999/resumen.pdf', DEMO.supervisorAm)).statusCode).toBe(
      404,
    );
  });
});

describe('OpenAPI', () => {
  it('documents the attention routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const p of [
      '/api/v1/planillas',
      '/api/v1/planillas/{id}',
      '/api/v1/planillas/{id}/revision',
      '/api/v1/planillas/{id}/resumen.pdf',
      '/api/v1/diagnosticos',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
