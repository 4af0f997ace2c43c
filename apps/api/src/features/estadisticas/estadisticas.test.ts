import { MSG_ESTADISTICAS, REPORTES_ESTADISTICOS_IDS, type RespuestaEstadistica } from '@app/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crearPlanillas,
  crearTramite,
  type Fixture,
  medicoDelAdmin,
  usarContextoConFixtures,
} from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';

/*
 * The report pages (decision 66) on the real database: the figures of a procedure of the second provider
 * in July 2025 (a month the demo data does not touch), how they follow a review and an annulment (the
 * triggers of migration 0023), the whole subscription's totals against the attentions themselves, the
 * state stays' median and p90, the exports, who may ask and what a bad filter gets; and the view by
 * diagnosis, read from the counts of migration 0027 past the procedure (decision 77), exact after every
 * kind of change of the attentions and of their procedures.
 */

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
let numero: string;
const MES = 'desde=2025-07-01&hasta=2025-07-31';
let filtro: string;

const get = async (reporte: string, query = '', usuario: string = DEMO.supervisorAm) => {
  const res = await req('GET', `/api/v1/estadisticas/${reporte}?${query}`, usuario);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RespuestaEstadistica;
};

beforeAll(async () => {
  filtro = `idPrestador=${ids.idPrestador2}&${MES}`;
  await medicoDelAdmin(t, '1799999999');
  const am = ids.usuarios.auditorAm;
  const gd = ids.usuarios.gestorGd;
  f = await crearTramite(t, ids, {
    estado: 'EN PROCESO',
    prestador: ids.idPrestador2,
    cargaDesde: '2025-07-01',
    cargaHasta: '2025-07-31',
    planillas: [
      // 25.50 + 0.40 claimed; with the others 60.70
      {
        fechaDesde: '2025-07-02',
        med: am,
        doc: gd,
        diag1: 'J181',
        cedulaMedico: '1799999999',
        detalles: [
          ['99203', 1, '25.50'],
          ['N02BE01', 10, '0.04'],
        ],
      },
      { fechaDesde: '2025-07-03', med: am, diag1: 'J181', detalles: [['99203', 1, '25.50']] },
      { fechaDesde: '2025-07-04', doc: gd, diag1: 'I10', detalles: [['82947', 1, '3.10']] },
      { fechaDesde: '2025-07-05', diag1: null, detalles: [['82947', 2, '3.10']] },
      // Annulled: never counted.
      { fechaDesde: '2025-07-06', med: am, estado: 0, detalles: [['99203', 1, '99.00']] },
    ],
  });
  await t.database.query(
    `UPDATE tramite SET fecha_desde = '2025-07-01', fecha_hasta = '2025-07-31' WHERE id_tramite = $1`,
    [f.idTramite],
  );
  [{ numero }] = await t.database.query<{ numero: string }>(
    'SELECT numero FROM tramite WHERE id_tramite = $1',
    [f.idTramite],
  );
  // The first attention: reviewed by both processes on 10/07/2025 (America/Guayaquil), 20.00 approved.
  await t.database.query(
    `UPDATE planilla SET estado_aud = 'REVISADA', fecha_aud = '2025-07-10 15:00-05', estado_doc = 'REVISADA',
            fecha_doc = '2025-07-11 09:00-05' WHERE id_planilla = $1`,
    [f.planillas[0]],
  );
  await t.database.query(
    `UPDATE planilla_det SET valor_aprobado = 20.00 WHERE id_planilla = $1 AND codigo = '99203'`,
    [f.planillas[0]],
  );
});

describe('figures of one procedure', () => {
  it('tramites-por-fecha: procedures per month and state, their active attentions and claimed value', async () => {
    const r = await get('tramites-por-fecha', filtro);
    expect(r.filas).toEqual([
      { mes: '2025-07', estado: 'EN PROCESO', tramites: 1, atenciones: 4, reclamado: '60.70' },
    ]);
    expect(r.grafico).toEqual(r.filas);
    // The state filter changes the figures.
    expect((await get('tramites-por-fecha', `${filtro}&estado=FINALIZADO`)).filas).toEqual([]);
  });

  it('tramites-asignaciones: reviewed and pending per user and process; follows a review', async () => {
    const fila = (r: RespuestaEstadistica, proceso: string, usuario: string) =>
      r.filas.find((x) => x.proceso === proceso && x.usuario === usuario);
    let r = await get('tramites-asignaciones', filtro);
    expect(fila(r, 'Auditoría médica', DEMO.auditorAm)).toEqual({
      proceso: 'Auditoría médica',
      usuario: DEMO.auditorAm,
      asignadas: 2,
      revisadas: 1,
      pendientes: 1,
      avance: 50,
    });
    expect(fila(r, 'Auditoría médica', 'Sin asignar')).toMatchObject({ asignadas: 2, revisadas: 0 });
    expect(fila(r, 'Gestión documental', DEMO.gestorGd)).toMatchObject({ asignadas: 2, revisadas: 1 });
    await t.database.query(
      `UPDATE planilla SET estado_aud = 'REVISADA', fecha_aud = '2025-07-12 10:00-05' WHERE id_planilla = $1`,
      [f.planillas[1]],
    );
    r = await get('tramites-asignaciones', filtro);
    expect(fila(r, 'Auditoría médica', DEMO.auditorAm)).toMatchObject({
      revisadas: 2,
      pendientes: 0,
      avance: 100,
    });
    await t.database.query(
      `UPDATE planilla SET estado_aud = 'PENDIENTE', fecha_aud = NULL WHERE id_planilla = $1`,
      [f.planillas[1]],
    );
  });

  it('tramites-avance: each procedure with its reviewed attentions of both processes', async () => {
    const r = await get('tramites-avance', filtro);
    expect(r.filas).toEqual([
      {
        numero,
        prestador: 'HOSPITAL DEL VALLE',
        estado: 'EN PROCESO',
        atenciones: 4,
        revisadasAm: 1,
        revisadasGd: 1,
        avanceAm: 25,
        avanceGd: 25,
        reclamado: '60.70',
      },
    ]);
  });

  it('tramites-avance-am / -gd: reviews per day (America/Guayaquil) and user, with their amounts', async () => {
    const am = await get(
      'tramites-avance-am',
      `idPrestador=${ids.idPrestador2}&desde=2025-07-01&hasta=2025-07-31`,
    );
    expect(am.filas).toEqual([
      {
        fecha: '2025-07-10',
        usuario: DEMO.auditorAm,
        revisadas: 1,
        reclamado: '25.90',
        aprobado: '20.40',
        glosa: '5.50',
      },
    ]);
    const gd = await get(
      'tramites-avance-gd',
      `idPrestador=${ids.idPrestador2}&desde=2025-07-11&hasta=2025-07-11`,
    );
    expect(gd.filas).toMatchObject([{ fecha: '2025-07-11', usuario: DEMO.gestorGd, revisadas: 1 }]);
    expect(
      (await get('tramites-avance-gd', `idPrestador=${ids.idPrestador2}&desde=2025-07-12`)).filas,
    ).toEqual([]);
  });

  it('tramites-estadisticas: claimed, approved and objected per provider and month; the chart per month', async () => {
    const r = await get('tramites-estadisticas', filtro);
    expect(r.filas).toEqual([
      {
        mes: '2025-07',
        prestador: 'HOSPITAL DEL VALLE',
        atenciones: 4,
        reclamado: '60.70',
        aprobado: '55.20',
        glosa: '5.50',
        porcentajeGlosa: 9.1,
      },
    ]);
    expect(r.grafico).toEqual([{ mes: '2025-07', reclamado: '60.70', aprobado: '55.20', glosa: '5.50' }]);
  });

  it('especialidades-prestador: by the treating doctor’s specialty or by main diagnosis', async () => {
    const [esp] = await t.database.query<{ nombre: string }>(
      'SELECT nombre FROM especialidad ORDER BY id_especialidad LIMIT 1',
    );
    const e = await get('especialidades-prestador', filtro);
    expect(e.filas).toEqual([
      {
        prestador: 'HOSPITAL DEL VALLE',
        grupo: 'Sin especialidad registrada',
        atenciones: 3,
        reclamado: '34.80',
        glosa: '0.00',
      },
      {
        prestador: 'HOSPITAL DEL VALLE',
        grupo: esp.nombre,
        atenciones: 1,
        reclamado: '25.90',
        glosa: '5.50',
      },
    ]);
    const d = await get('especialidades-prestador', `${filtro}&por=diagnostico`);
    expect(d.filas.map((x) => [x.grupo, x.atenciones])).toEqual([
      ['J181 Neumonía lobar, no especificada', 2],
      ['I10 Hipertensión esencial (primaria)', 1],
      ['Sin diagnóstico', 1],
    ]);
    expect(d.grafico[0]).toEqual({ grupo: 'J181 Neumonía lobar, no especificada', atenciones: 2 });
  });

  it('a specialty assigned to a doctor later counts at once', async () => {
    const otra = await medicoDelAdmin(t, '1712345678', 1);
    const e = await get('especialidades-prestador', filtro);
    expect(e.filas.map((x) => [x.grupo, x.atenciones])).toContainEqual([otra.nombre, 3]);
    expect(e.filas.some((x) => x.grupo === 'Sin especialidad registrada')).toBe(false);
    await t.database.query(`DELETE FROM medico WHERE documento = '1712345678'`);
    const sin = await get('especialidades-prestador', filtro);
    expect(sin.filas.map((x) => [x.grupo, x.atenciones])).toContainEqual(['Sin especialidad registrada', 3]);
  });

  it('an annulled attention leaves every figure; a deleted one too', async () => {
    await t.database.query('UPDATE planilla SET estado = 0 WHERE id_planilla = $1', [f.planillas[3]]);
    expect((await get('tramites-por-fecha', filtro)).filas[0]).toMatchObject({
      atenciones: 3,
      reclamado: '54.50',
    });
    await t.database.query('UPDATE planilla SET estado = 1 WHERE id_planilla = $1', [f.planillas[3]]);
    expect((await get('tramites-por-fecha', filtro)).filas[0]).toMatchObject({ atenciones: 4 });
  });
});

describe('figures over the whole data', () => {
  it('the subscription’s attentions and amounts equal the attentions themselves', async () => {
    // A second procedure, of the first provider, in other months and another state.
    await crearTramite(t, ids, {
      estado: 'FINALIZADO',
      planillas: [
        { fechaDesde: '2026-02-27' },
        { fechaDesde: '2026-03-03', detalles: [['82947', 3, '3.10']] },
      ],
    });
    const r = await get('tramites-estadisticas', '', DEMO.admin);
    const [truth] = await t.database.query<{ n: number; r: string; a: string }>(
      `SELECT count(*)::int AS n, sum(p.total_reclamado)::numeric(16,2)::text AS r, sum(p.total_aprobado)::numeric(16,2)::text AS a
         FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
        WHERE p.estado = 1 AND NOT t.sandbox AND t.id_suscripcion = $1
          AND t.estado_tramite NOT IN ('REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO')`,
      [ids.idSuscripcion],
    );
    expect(truth.n).toBeGreaterThanOrEqual(6);
    expect(new Set(r.grafico.map((x) => x.mes)).size).toBeGreaterThanOrEqual(3);
    expect(r.filas.reduce((s, x) => s + Number(x.atenciones), 0)).toBe(truth.n);
    const cents = (xs: RespuestaEstadistica['filas'], k: string) =>
      xs.reduce((s, x) => s + Math.round(Number(x[k]) * 100), 0);
    expect(cents(r.grafico, 'reclamado')).toBe(Math.round(Number(truth.r) * 100));
    expect(cents(r.grafico, 'aprobado')).toBe(Math.round(Number(truth.a) * 100));
  });
});

describe('tramites-tiempo-proceso', () => {
  it('days in each state: median and p90 of the stays, open stays counted until now', async () => {
    const otro = await crearTramite(t, ids, { estado: 'ENVIADO', prestador: ids.idPrestador2 });
    await t.database.query('DELETE FROM tramite_estado_hist WHERE id_tramite = ANY($1)', [
      [f.idTramite, otro.idTramite],
    ]);
    await t.database.query(
      `INSERT INTO tramite_estado_hist (id_tramite, estado, desde, hasta) VALUES
        ($1, 'ENVIADO', '2025-07-01 08:00-05', '2025-07-03 08:00-05'),
        ($1, 'RECIBIDO', '2025-07-03 08:00-05', '2025-07-07 08:00-05'),
        ($1, 'EN PROCESO', now() - interval '5 days', NULL),
        ($2, 'ENVIADO', '2025-07-02 08:00-05', '2025-07-14 08:00-05')`,
      [f.idTramite, otro.idTramite],
    );
    const r = await get('tramites-tiempo-proceso', `idPrestador=${ids.idPrestador2}`);
    expect(r.filas).toEqual([
      { estado: 'ENVIADO', permanencias: 2, enCurso: 0, mediana: 7, p90: 11, promedio: 7 },
      { estado: 'RECIBIDO', permanencias: 1, enCurso: 0, mediana: 4, p90: 4, promedio: 4 },
      { estado: 'EN PROCESO', permanencias: 1, enCurso: 1, mediana: 5, p90: 5, promedio: 5 },
    ]);
    // The date filter applies to the day a stay began.
    const julio = await get(
      'tramites-tiempo-proceso',
      `idPrestador=${ids.idPrestador2}&desde=2025-07-02&hasta=2025-07-31`,
    );
    expect(julio.filas.map((x) => [x.estado, x.permanencias])).toEqual([
      ['ENVIADO', 1],
      ['RECIBIDO', 1],
    ]);
  });

  it('a state change is recorded with when it began and ended', async () => {
    const nuevo = await crearTramite(t, ids, { estado: 'ENVIADO', prestador: ids.idPrestador2 });
    await t.database.query(`UPDATE tramite SET estado_tramite = 'RECIBIDO' WHERE id_tramite = $1`, [
      nuevo.idTramite,
    ]);
    const h = await t.database.query<{ estado: string; abierta: boolean }>(
      `SELECT estado, hasta IS NULL AS abierta FROM tramite_estado_hist WHERE id_tramite = $1 ORDER BY desde, id_tramite_estado_hist`,
      [nuevo.idTramite],
    );
    expect(h).toEqual([
      { estado: 'ENVIADO', abierta: false },
      { estado: 'RECIBIDO', abierta: true },
    ]);
  });
});

describe('exports', () => {
  it('CSV: the table with its Spanish headers, ";" and decimal commas', async () => {
    const res = await req(
      'GET',
      `/api/v1/estadisticas/tramites-estadisticas/exportar?formato=csv&${filtro}`,
      DEMO.revisor,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="tramites-estadisticas_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows).toEqual([
      ['Mes', 'Prestador', 'Atenciones', 'Reclamado', 'Aprobado', 'Objetado', 'Objetado (%)'],
      ['Julio 2025', 'HOSPITAL DEL VALLE', '4', '60,70', '55,20', '5,50', '9,10 %'],
    ]);
  });

  it('Excel: typed cells (dates as dates, amounts as numbers)', async () => {
    const res = await req(
      'GET',
      `/api/v1/estadisticas/tramites-avance-am/exportar?formato=xlsx&idPrestador=${ids.idPrestador2}&${MES}`,
      DEMO.supervisorGd,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Fecha',
      'Auditor médico',
      'Revisadas',
      'Reclamado',
      'Aprobado',
      'Objetado',
    ]);
    const fila = ws.getRow(2);
    expect(fila.getCell(1).value).toEqual(new Date(Date.UTC(2025, 6, 10)));
    expect(fila.getCell(3).value).toBe(1);
    expect(fila.getCell(5).value).toBe(20.4);
  });

  it('nothing to export: 422 in Spanish', async () => {
    const res = await req(
      'GET',
      `/api/v1/estadisticas/tramites-avance/exportar?formato=csv&idPrestador=${ids.idPrestador2}&desde=2019-01-01&hasta=2019-01-31`,
      DEMO.admin,
    );
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).error.message).toBe(MSG_ESTADISTICAS.sinDatosExportar);
  });
});

describe('access and filters', () => {
  it.each(REPORTES_ESTADISTICOS_IDS)(
    '%s: 401 without a session, 403 to the provider and the operatives',
    async (id) => {
      expect((await req('GET', `/api/v1/estadisticas/${id}`)).statusCode).toBe(401);
      for (const u of [DEMO.prestador, DEMO.auditorAm, DEMO.gestorGd]) {
        const res = await req('GET', `/api/v1/estadisticas/${id}`, u);
        expect(res.statusCode, u).toBe(403);
        expect((await req('GET', `/api/v1/estadisticas/${id}/exportar?formato=csv`, u)).statusCode).toBe(403);
      }
      for (const u of [DEMO.admin, DEMO.revisor, DEMO.supervisorAm, DEMO.supervisorGd]) {
        expect((await req('GET', `/api/v1/estadisticas/${id}`, u)).statusCode, u).toBe(200);
      }
    },
  );

  it('bad filters: 422 with the Spanish message of the field', async () => {
    const cases: [string, string, string][] = [
      ['desde=2025-13-01', 'desde', MSG_ESTADISTICAS.fechaInvalida],
      ['desde=2025-08-01&hasta=2025-07-01', 'hasta', MSG_ESTADISTICAS.rangoInvalido],
      ['estado=CUALQUIERA', 'estado', MSG_ESTADISTICAS.estadoInvalido],
      ['idPrestador=abc', 'idPrestador', MSG_ESTADISTICAS.prestadorInvalido],
      ['idServicio=0', 'idServicio', MSG_ESTADISTICAS.servicioInvalido],
      ['por=medico', 'por', MSG_ESTADISTICAS.porInvalido],
    ];
    for (const [q, campo, msg] of cases) {
      const res = await req('GET', `/api/v1/estadisticas/especialidades-prestador?${q}`, DEMO.supervisorAm);
      expect(res.statusCode, q).toBe(422);
      expect(errorOf(res).error.fields?.[campo], q).toBe(msg);
      expect(errorOf(res).error.message).toBe(msg);
    }
    const res = await req(
      'GET',
      '/api/v1/estadisticas/tramites-avance/exportar?formato=pdf',
      DEMO.supervisorAm,
    );
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).error.fields?.formato).toBe('El formato debe ser csv o xlsx.');
  });
});

describe('by diagnosis: the counts past the procedure follow every change (decision 77)', () => {
  // May 2019, a month nothing else touches; the second provider unless said otherwise.
  const MAYO = 'desde=2019-05-01&hasta=2019-05-31&por=diagnostico';
  const J181 = 'J181 Neumonía lobar, no especificada';
  const I10 = 'I10 Hipertensión esencial (primaria)';
  const HDV = 'HOSPITAL DEL VALLE';
  let p1: Fixture;
  let p2: Fixture;
  const diag = async (query: string, usuario: string = DEMO.supervisorGd) => {
    const r = await get('especialidades-prestador', query, usuario);
    return {
      filas: r.filas.map((x) => [x.prestador, x.grupo, x.atenciones, x.reclamado, x.glosa]),
      grafico: r.grafico.map((x) => [x.grupo, x.atenciones]),
    };
  };
  const delSegundo = () => `idPrestador=${ids.idPrestador2}&${MAYO}`;
  const sql = (q: string, params: unknown[] = []) => t.database.query(q, params);

  it('inserts: attentions of two procedures fold into one row per provider and diagnosis', async () => {
    expect((await diag(delSegundo())).filas).toEqual([]);
    p1 = await crearTramite(t, ids, {
      estado: 'EN PROCESO',
      prestador: ids.idPrestador2,
      planillas: [
        { fechaDesde: '2019-05-02', diag1: 'J181', detalles: [['99203', 1, '25.50']] },
        { fechaDesde: '2019-05-03', diag1: 'J181', detalles: [['82947', 1, '3.10']] },
        { fechaDesde: '2019-05-04', diag1: 'I10', detalles: [['82947', 2, '3.10']] },
        { fechaDesde: '2019-05-05', diag1: null, detalles: [['99203', 1, '25.50']] },
      ],
    });
    expect(await diag(delSegundo())).toEqual({
      filas: [
        [HDV, J181, 2, '28.60', '0.00'],
        [HDV, I10, 1, '6.20', '0.00'],
        [HDV, 'Sin diagnóstico', 1, '25.50', '0.00'],
      ],
      grafico: [
        [J181, 2],
        [I10, 1],
        ['Sin diagnóstico', 1],
      ],
    });
    // A second procedure, finished, in the same month; and one more attention in the first.
    p2 = await crearTramite(t, ids, {
      estado: 'FINALIZADO',
      prestador: ids.idPrestador2,
      planillas: [
        { fechaDesde: '2019-05-20', diag1: 'J181', detalles: [['99203', 1, '25.50']] },
        { fechaDesde: '2019-05-21', diag1: 'I10', detalles: [['82947', 1, '3.10']] },
      ],
    });
    p1.planillas.push(
      ...(await crearPlanillas(
        t,
        p1.idTramite,
        p1.idCarga,
        [{ fechaDesde: '2019-05-06', diag1: 'I10', detalles: [['99203', 1, '25.50']] }],
        ids.idPrestador2,
      )),
    );
    expect((await diag(delSegundo())).filas).toEqual([
      [HDV, I10, 3, '34.80', '0.00'],
      [HDV, J181, 3, '54.10', '0.00'],
      [HDV, 'Sin diagnóstico', 1, '25.50', '0.00'],
    ]);
    // The state filter separates them.
    expect((await diag(`${delSegundo()}&estado=FINALIZADO`)).filas).toEqual([
      [HDV, I10, 1, '3.10', '0.00'],
      [HDV, J181, 1, '25.50', '0.00'],
    ]);
    expect((await diag(`${delSegundo()}&estado=EN PROCESO`)).filas).toEqual([
      [HDV, I10, 2, '31.70', '0.00'],
      [HDV, J181, 2, '28.60', '0.00'],
      [HDV, 'Sin diagnóstico', 1, '25.50', '0.00'],
    ]);
    // Another month is another row of the counts: out of this range.
    expect(
      (await diag(`idPrestador=${ids.idPrestador2}&desde=2019-06-01&hasta=2019-06-30&por=diagnostico`)).filas,
    ).toEqual([]);
  });

  it('updates: a diagnosis changed, a review that objects, an attention deleted, one annulled', async () => {
    await sql(`UPDATE planilla SET diag1 = 'I10' WHERE id_planilla = $1`, [p1.planillas[1]]);
    await sql(`UPDATE planilla_det SET valor_aprobado = 20.00 WHERE id_planilla = $1 AND codigo = '99203'`, [
      p1.planillas[0],
    ]);
    expect((await diag(delSegundo())).filas).toEqual([
      [HDV, I10, 4, '37.90', '0.00'],
      [HDV, J181, 2, '51.00', '5.50'],
      [HDV, 'Sin diagnóstico', 1, '25.50', '0.00'],
    ]);
    await sql('DELETE FROM planilla WHERE id_planilla = $1', [p1.planillas[3]]);
    await sql('UPDATE planilla SET estado = 0 WHERE id_planilla = $1', [p1.planillas[4]]);
    expect(await diag(delSegundo())).toEqual({
      filas: [
        [HDV, I10, 3, '12.40', '0.00'],
        [HDV, J181, 2, '51.00', '5.50'],
      ],
      grafico: [
        [I10, 3],
        [J181, 2],
      ],
    });
  });

  it('state changes move a procedure’s rows: by the state filter, out of scope and back', async () => {
    await sql(`UPDATE tramite SET estado_tramite = 'FINALIZADO' WHERE id_tramite = $1`, [p1.idTramite]);
    expect((await diag(`${delSegundo()}&estado=EN PROCESO`)).filas).toEqual([]);
    expect((await diag(`${delSegundo()}&estado=FINALIZADO`)).filas).toEqual([
      [HDV, I10, 3, '12.40', '0.00'],
      [HDV, J181, 2, '51.00', '5.50'],
    ]);
    // A provider-side state: out of the managers' scope (and of the counts) until it comes back.
    await sql(`UPDATE tramite SET estado_tramite = 'DOCUMENTADO' WHERE id_tramite = $1`, [p1.idTramite]);
    expect((await diag(delSegundo())).filas).toEqual([
      [HDV, I10, 1, '3.10', '0.00'],
      [HDV, J181, 1, '25.50', '0.00'],
    ]);
    // Changed meanwhile: counted as it is when the procedure comes back.
    await sql(`UPDATE planilla SET diag1 = 'J181' WHERE id_planilla = $1`, [p1.planillas[2]]);
    await sql(`UPDATE tramite SET estado_tramite = 'RECIBIDO' WHERE id_tramite = $1`, [p1.idTramite]);
    expect((await diag(delSegundo())).filas).toEqual([
      [HDV, J181, 3, '57.20', '5.50'],
      [HDV, I10, 2, '6.20', '0.00'],
    ]);
    expect((await diag(`${delSegundo()}&estado=RECIBIDO`)).filas).toEqual([
      [HDV, J181, 2, '31.70', '5.50'],
      [HDV, I10, 1, '3.10', '0.00'],
    ]);
  });

  it('a procedure moved to another provider takes its rows along', async () => {
    const [{ nombre }] = await t.database.query<{ nombre: string }>(
      'SELECT nombre_comercial AS nombre FROM prestador WHERE id_prestador = $1',
      [ids.idPrestador],
    );
    await sql('UPDATE tramite SET id_prestador = $2 WHERE id_tramite = $1', [p2.idTramite, ids.idPrestador]);
    expect((await diag(delSegundo())).filas).toEqual([
      [HDV, J181, 2, '31.70', '5.50'],
      [HDV, I10, 1, '3.10', '0.00'],
    ]);
    const todos = await diag(MAYO, DEMO.admin);
    expect(todos.filas).toEqual(
      [
        [HDV, J181, 2, '31.70', '5.50'],
        [HDV, I10, 1, '3.10', '0.00'],
        [nombre, I10, 1, '3.10', '0.00'],
        [nombre, J181, 1, '25.50', '0.00'],
      ].sort((a, b) => Number(b[2]) - Number(a[2]) || String(a[0]).localeCompare(String(b[0]), 'es')),
    );
    expect(todos.grafico).toEqual([
      [J181, 3],
      [I10, 2],
    ]);
  });

  it('the counts equal the attentions themselves, and so does the whole report', async () => {
    const clave = `t.id_suscripcion, t.sandbox, t.id_prestador, t.id_servicio, t.estado_tramite`;
    const kept = await t.database.query(
      `SELECT ${clave}, t.mes::text, t.diag1, t.atenciones, t.reclamado::text, t.glosa::text
         FROM est_diagnostico t WHERE t.atenciones <> 0 OR t.reclamado <> 0 OR t.glosa <> 0
        ORDER BY 1, 2, 3, 4, 5, 6, 7`,
    );
    const truth = await t.database.query(
      `SELECT ${clave}, date_trunc('month', p.fecha_desde)::date::text AS mes, COALESCE(p.diag1, '') AS diag1,
              count(*)::int AS atenciones, sum(p.total_reclamado)::numeric(16, 2)::text AS reclamado,
              sum(p.total_glosa)::numeric(16, 2)::text AS glosa
         FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
        WHERE p.estado = 1 AND t.estado_tramite NOT IN ('REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO')
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ORDER BY 1, 2, 3, 4, 5, 6, 7`,
    );
    expect(kept.length).toBeGreaterThanOrEqual(4);
    expect(kept).toEqual(truth);
    const r = await get('especialidades-prestador', 'por=diagnostico', DEMO.admin);
    const [n] = await t.database.query<{ n: number; r: string }>(
      `SELECT count(*)::int AS n, sum(p.total_reclamado)::numeric(16, 2)::text AS r
         FROM planilla p JOIN tramite t ON t.id_tramite = p.id_tramite
        WHERE p.estado = 1 AND NOT t.sandbox AND t.id_suscripcion = $1
          AND t.estado_tramite NOT IN ('REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO')`,
      [ids.idSuscripcion],
    );
    expect(r.filas.reduce((s, x) => s + Number(x.atenciones), 0)).toBe(n.n);
    expect(r.filas.reduce((s, x) => s + Math.round(Number(x.reclamado) * 100), 0)).toBe(
      Math.round(Number(n.r) * 100),
    );
  });
});
