import fs from 'node:fs';
import path from 'node:path';
import { MSG_REPORTE, type ReporteEnCurso, reporteEnCursoSchema } from '@app/domain/reportes/pdf';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { crearCarga, crearTramite, type Fixture, usarContextoConFixtures } from '../../test/fixtures.ts';
import { DEMO, errorOf, expectEnCola } from '../../test/helpers.ts';
import { PNG_1X1, registrarEmpresa } from '../admin/test-utils.ts';
import { sembrarObservaciones } from '../reportes-observaciones/test-utils.ts';
import { alimentar, inicioReporte, type MensajeAlHilo, type PeticionReporte } from './datos.ts';
import { estadisticas } from './hilo.ts';
import { ModeloReporte } from './modelos.ts';
import { imagenesPorPagina, pdfPaginas, pdfTexto } from './test-utils.ts';

/*
 * GET /api/v1/reportes/pdf/{id}/{idTramite} (issue 15 item 1): every report read back with poppler's
 * pdftotext, its rows and totals checked; the permissions; the cache (a second request is not drawn
 * again, a change of the data it prints draws it again).
 *
 * The fixture: attention RO-1 with two lines (99203 × 2 at 25.50, approved 40.00: glosa 11.00;
 * 85025 × 1 at 10.00) and RO-2 with one (99203 × 100 at 25.50 = 2,550.00). Observations on RO-1
 * (sembrarObservaciones): an answered M one on the attention, an open D one, an M one on each line;
 * all sent (round 1) but one M draft the provider must not see.
 */

const { t, ids, req } = usarContextoConFixtures();
let f: Fixture;
let numero: string;

beforeAll(async () => {
  f = await crearTramite(t, ids, {
    tipoAsignacion: 'T',
    planillas: [
      {
        numero: 'RO-1',
        nombre: 'MARÍA LÓPEZ',
        cedula: '0911111111',
        detalles: [
          ['99203', 2, '25.50'],
          ['85025', 1, '10.00'],
        ],
      },
      { numero: 'RO-2', nombre: 'PEDRO MORA', detalles: [['99203', 100, '25.50']] },
    ],
  });
  await sembrarObservaciones(t, ids, f);
  const db = t.database;
  await db.query(
    `UPDATE planilla_det SET valor_aprobado = 40.00 WHERE id_planilla = $1 AND codigo = '99203'`,
    [f.planillas[0]],
  );
  for (const tabla of ['pla_obs', 'pla_det_obs'])
    await db.query(`UPDATE ${tabla} SET ronda = 1, fecha_envio = now() WHERE id_tramite = $1`, [f.idTramite]);
  const [o] = await db.query<{ id: number }>(
    `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'BORRADOR NO ENVIADO', 'M') RETURNING id_observacion AS id`,
    [ids.idEmpresaAseg],
  );
  await db.query(
    `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, descripcion, id_usuario_reg)
     VALUES ($1, $2, 'M', 'AÚN EN BORRADOR', $3)`,
    [f.planillas[1], o.id, ids.usuarios.supervisorAm],
  );
  await db.query(
    `INSERT INTO carga_error (id_carga, tipo, fila, columna, valor, mensaje)
     VALUES ($1, 'N', 7, 'cedula1', '0911111111', 'CÉDULA REPETIDA EN LA MISMA FECHA'),
            ($1, 'N', 3, 'fIngreso', '2026-03-01', 'FECHA FUERA DEL PERÍODO DE LA CARGA'),
            ($1, 'E', 9, 'cantidad', 'x', 'ERROR QUE NO ES NOVEDAD')`,
    [f.idCarga],
  );
  // The insurer's logo, drawn on every page.
  await db.query(
    `INSERT INTO empresa_img (id_empresa, nombre, tipo, tamano, imagen) VALUES ($1, 'logo.png', 'image/png', $2, $3)`,
    [ids.idEmpresaAseg, PNG_1X1.length, PNG_1X1],
  );
  [{ numero }] = await db.query<{ numero: string }>('SELECT numero FROM tramite WHERE id_tramite = $1', [
    f.idTramite,
  ]);
});

const url = (id: number | string, query = '', idTramite: number = f.idTramite) =>
  `/api/v1/reportes/pdf/${id}/${idTramite}${query}`;

/**
 * A GET as the web app makes it (decision 78): a 202 says the report is being drawn by a job, with
 * its progress; the same request is made again until the PDF comes.
 */
async function seguir(ruta: string, usuario: string, avances: ReporteEnCurso[] = []) {
  for (let i = 0; ; i++) {
    const res = await req('GET', ruta, usuario);
    if (res.statusCode !== 202 || i > 600) return res;
    expect(res.headers['retry-after']).toBe('1');
    avances.push(reporteEnCursoSchema.parse(res.json()));
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function pdf(id: number, usuario: string = DEMO.supervisorAm, query = '', idTramite?: number) {
  const res = await seguir(url(id, query, idTramite), usuario);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^inline; filename=".+\.pdf"/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  if (process.env.REPORTES_DUMP)
    fs.writeFileSync(`${process.env.REPORTES_DUMP}/r${id}-${Date.now()}.pdf`, res.rawPayload);
  return res;
}
const texto = async (id: number, usuario?: string, query?: string) =>
  pdfTexto((await pdf(id, usuario, query)).rawPayload);
/** Lines of the PDF (pdftotext -layout keeps a table row on one line), spaces collapsed. */
const lineas = async (id: number, usuario?: string, query?: string) =>
  (await pdfPaginas((await pdf(id, usuario, query)).rawPayload)).join('\n').split('\n');
const linea = (ls: string[], re: RegExp) => ls.find((l) => re.test(l));

describe('reports 4–9: observations with the amounts they concern', () => {
  it('4: header (insurer, title, procedure number, provider, period, load), rows with the line’s amounts, totals', async () => {
    const ls = await lineas(4);
    const s = ls.join(' ');
    expect(s).toContain('Reporte de Observaciones de Auditoría Médica');
    expect(s).toContain(`Trámite ${numero}`);
    expect(s).not.toContain(`Trámite ${f.idTramite} `);
    expect(s).toMatch(/Prestador: .+ · Período: 01\/03\/2026 – 31\/03\/2026/);
    expect(s).toContain('Carga: todas las cargas del trámite');
    expect(s).toContain('Página 1 de 1');
    expect(s).toMatch(/Generado: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(s).toContain('MARÍA LÓPEZ');
    expect(s).toContain('03/03/2026');
    expect(s).toContain('Observaciones: 4 · Respondidas: 1 · Pendientes: 3');
    // The line 99203 (2 × 25.50, approved 40.00) and the attention (its totals).
    expect(linea(ls, /99203 –.*51,00 40,00 11,00/)).toBeTruthy();
    expect(linea(ls, /85025 –.*10,00 10,00 0,00/)).toBeTruthy();
    expect(linea(ls, /Atención .*DIAGNÓSTICO NO CORRESPONDE.*61,00 50,00 11,00/)).toBeTruthy();
    expect(linea(ls, /Detalles observados: 2 61,00 50,00 11,00/)).toBeTruthy();
    expect(linea(ls, /Atenciones observadas: 2 2\.611,00 2\.600,00 11,00/)).toBeTruthy();
    expect(linea(ls, /Total del trámite: 2 atenciones 2\.611,00 2\.600,00 11,00/)).toBeTruthy();
    // The insurer sees its draft; no GD observation in an M report.
    expect(s).toContain('AÚN EN BORRADOR');
    expect(s).not.toContain('FALTA FIRMA');
  });

  it('4 as the provider: the observations sent to it, never a draft; the totals follow', async () => {
    const ls = await lineas(4, DEMO.prestador);
    const s = ls.join(' ');
    expect(s).toContain('COBRO EXCESIVO');
    expect(s).not.toContain('AÚN EN BORRADOR');
    expect(s).toContain('Observaciones: 3 · Respondidas: 1 · Pendientes: 2');
    expect(linea(ls, /Atenciones observadas: 1 61,00 50,00 11,00/)).toBeTruthy();
  });

  it('5: the GD observations only, with the attention’s totals', async () => {
    const ls = await lineas(5, DEMO.supervisorGd);
    const s = ls.join(' ');
    expect(s).toContain('Reporte de Observaciones de Gestión Documental');
    expect(s).toContain('FALTA FIRMA DEL MÉDICO TRATANTE');
    expect(s).toContain('SIN SELLO');
    expect(s).not.toContain('DIAGNÓSTICO NO CORRESPONDE');
    expect(linea(ls, /Atención .*FALTA FIRMA.*61,00 50,00 11,00/)).toBeTruthy();
    expect(linea(ls, /Detalles observados: 0 0,00 0,00 0,00/)).toBeTruthy();
  });

  it('6 and 7: the answers, standard and complementary, the unanswered said so', async () => {
    const s6 = await texto(6, DEMO.prestador);
    expect(s6).toContain('Reporte de Respuestas a Observaciones de Auditoría Médica');
    expect(s6).toContain('SE ADJUNTA DOCUMENTO');
    expect(s6).toContain('CODIGO CORREGIDO EN HISTORIA');
    expect(s6).toContain('Sin respuesta');
    expect(s6).toContain('Respondidas: 1');
    const s7 = await texto(7, DEMO.prestador);
    expect(s7).toContain('Reporte de Respuestas a Observaciones de Gestión Documental');
    expect(s7).toContain('FALTA FIRMA DEL');
  });

  it('8 and 9: observations and answers with their state and author; 9 of one attention', async () => {
    const s8 = await texto(8, DEMO.revisor);
    expect(s8).toContain('Observaciones y Respuestas de Auditoría Médica');
    expect(s8).toContain('Respondida');
    expect(s8).toContain('Pendiente');
    expect(s8).toContain(DEMO.auditorAm);
    const s9 = await texto(9, DEMO.gestorGd);
    expect(s9).toContain('Observaciones y Respuestas de Gestión Documental');
    expect(s9).toContain('Pendiente');
    const una = await lineas(9, DEMO.supervisorGd, `?idPlanilla=${f.planillas[0]}`);
    expect(una.join(' ')).toContain('Atención: planilla RO-1 – MARÍA LÓPEZ');
    expect(linea(una, /Total de la atención: 1 atenciones 61,00 50,00 11,00/)).toBeTruthy();
    const otra = await texto(9, DEMO.supervisorGd, `?idPlanilla=${f.planillas[1]}`);
    expect(otra).toContain('No hay observaciones para este trámite/tipo.');
  });

  it('identificador02 limits to a load: another load of the procedure has none and says its period', async () => {
    expect(await texto(4, DEMO.prestador, `?identificador02=${f.idCarga}&tipo=M`)).toContain(
      'COBRO EXCESIVO',
    );
    const otra = await crearCarga(t, ids, f.idTramite, '2026-03-16', '2026-03-31');
    const s = await texto(4, DEMO.prestador, `?identificador02=${otra}`);
    expect(s).toContain('No hay observaciones para este trámite/tipo.');
    expect(s).toContain('Carga: 16/03/2026 – 31/03/2026');
  });
});

describe('report 2: novelties and observations of a load', () => {
  it('the load’s novelties (not its errors) in row order, then the observations of the type with totals', async () => {
    const ls = await lineas(2, DEMO.supervisorAm, `?identificador02=${f.idCarga}&tipo=M`);
    const s = ls.join(' ');
    expect(s).toContain('Novedades y Observaciones de la Carga');
    expect(s).toContain('Novedades de la carga (2)');
    expect(s.indexOf('FECHA FUERA DEL PERÍODO')).toBeLessThan(s.indexOf('CÉDULA REPETIDA'));
    expect(s).not.toContain('ERROR QUE NO ES NOVEDAD');
    expect(s).toContain('Observaciones de Auditoría Médica');
    expect(linea(ls, /Total de la carga: 2 atenciones 2\.611,00 2\.600,00 11,00/)).toBeTruthy();
    const d = await texto(2, DEMO.prestador, `?identificador02=${f.idCarga}&tipo=D`);
    expect(d).toContain('SIN SELLO');
    expect(d).not.toContain('COBRO EXCESIVO');
  });
});

describe('reports 10 and 11: the attention sheets with their money', () => {
  it('10: one row per attention with its lines and amounts, and the total', async () => {
    const ls = await lineas(10, DEMO.prestador);
    const s = ls.join(' ');
    expect(s).toContain('Planillas de Atención Consolidadas');
    expect(linea(ls, /RO-1 .*MARÍA LÓPEZ.*J181, A09.*PENDIENTE PENDIENTE 2 61,00 50,00 11,00/)).toBeTruthy();
    expect(linea(ls, /RO-2 .*PEDRO MORA.* 1 2\.550,00 2\.550,00 0,00/)).toBeTruthy();
    expect(linea(ls, /Total del trámite: 2 atenciones · 3 detalles 2\.611,00 2\.600,00 11,00/)).toBeTruthy();
    expect(s).toContain('Reclamado: 2.611,00 · Aprobado: 2.600,00 · Glosa: 11,00');
  });

  it('11: every attention heading its lines, each line with claimed / approved / objected, inactive ones too', async () => {
    await t.database.query(`UPDATE planilla_det SET estado = 0 WHERE id_planilla = $1 AND codigo = '85025'`, [
      f.planillas[0],
    ]);
    try {
      const ls = await lineas(11, DEMO.supervisorAm);
      expect(ls.join(' ')).toContain('Planillas de Atención Detalladas');
      expect(linea(ls, /Planilla RO-1 · MARÍA LÓPEZ \(C\.I\. 0911111111\).*61,00 40,00 21,00/)).toBeTruthy();
      expect(linea(ls, /03\/03\/2026 99203 .* 2 2 25,50 51,00 40,00 11,00 Activo/)).toBeTruthy();
      expect(linea(ls, /03\/03\/2026 85025 .* 1 0 10,00 10,00 0,00 10,00 Inactivo/)).toBeTruthy();
      expect(linea(ls, /99203 .* 100 100 25,50 2\.550,00 2\.550,00 0,00 Activo/)).toBeTruthy();
      expect(
        linea(ls, /Total del trámite: 2 atenciones · 3 detalles 2\.611,00 2\.590,00 21,00/),
      ).toBeTruthy();
    } finally {
      await t.database.query(`UPDATE planilla_det SET estado = 1 WHERE id_planilla = $1`, [f.planillas[0]]);
    }
  });

  it('11 of 300 attentions over several pages: the header on every page, "Página x de y", each line once, loads as headings', async () => {
    const g = await crearTramite(t, ids, { tipoAsignacion: 'T' });
    const otra = await crearCarga(t, ids, g.idTramite, '2026-03-16', '2026-03-31');
    await t.database.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, fecha_desde, fecha_hasta, estado_aud, estado_doc)
       SELECT $1, CASE WHEN i <= 200 THEN $2::int ELSE $3::int END, $4, 'G' || lpad(i::text, 4, '0'), '0912345678', 'PACIENTE ' || i,
              '2026-03-05', '2026-03-05', 'PENDIENTE', 'PENDIENTE'
         FROM generate_series(1, 300) i`,
      [g.idTramite, g.idCarga, otra, ids.idPrestador],
    );
    await t.database.query(
      `INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo, fila)
       SELECT p.id_planilla, e.id_elemento, e.codigo, e.nombre, p.fecha_desde, k, 1000.25, 'P', k
         FROM planilla p CROSS JOIN generate_series(1, 3) k JOIN elemento e ON e.codigo = '99203'
        WHERE p.id_tramite = $1`,
      [g.idTramite],
    );
    const res = await pdf(11, DEMO.supervisorAm, '', g.idTramite);
    const paginas = await pdfPaginas(res.rawPayload);
    expect(paginas.length).toBeGreaterThan(10);
    const logos = await imagenesPorPagina(res.rawPayload);
    expect([...logos.keys()].length).toBe(paginas.length);
    paginas.forEach((p, i) => {
      expect(p).toContain(`Página ${i + 1} de ${paginas.length}`);
      expect(p).toMatch(/Fecha +Código +Descripción +Cant\./);
    });
    const todo = paginas.join('\n');
    for (let i = 1; i <= 300; i++)
      expect(todo.split(`Planilla G${String(i).padStart(4, '0')} `).length, `G${i}`).toBe(2);
    expect(todo.match(/^ ?05\/03\/2026 99203 /gm)?.length).toBe(300 * 3);
    // 300 × (1 + 2 + 3) × 1,000.25 = 1,800,450.00
    expect(todo).toMatch(
      /Total del trámite: 300 atenciones · 900 detalles 1\.800\.450,00 1\.800\.450,00 0,00/,
    );
    expect(todo).toMatch(/Carga 02\/03\/2026 – 15\/03\/2026 · 200 atenciones · 600 detalles 1\.200\.300,00/);
    expect(todo).toMatch(/Carga 16\/03\/2026 – 31\/03\/2026 · 100 atenciones · 300 detalles 600\.150,00/);
  });
});

describe('the summary is read before the rows; the row cap', () => {
  // The PDF is drawn as its rows arrive, so what the title block and the note say (counts, totals,
  // rows left out by the cap) is read first. A cap of 4 rows instead of 60,000 shows the cut.
  const leer = async (p: Omit<PeticionReporte, 'idTramite' | 'idCarga' | 'idPlanilla'>, limite: number) => {
    const peticion: PeticionReporte = { ...p, idTramite: f.idTramite, idCarga: null, idPlanilla: null };
    const msgs: MensajeAlHilo[] = [];
    await alimentar(t.database, peticion, (m) => void msgs.push(m), limite);
    const ini = await inicioReporte(t.database, peticion);
    if (!ini) throw new Error('sin reporte');
    const modelo = new ModeloReporte(ini.inicio);
    const partes: Buffer[] = [];
    for (const m of msgs)
      if (m.t === 'cargas') modelo.conCargas(m.cargas);
      else if (m.t === 'cierre') modelo.abrir(m.cierre, (c) => partes.push(c));
      else if (m.t === 'lote') await modelo.agregar(m.lote);
      else await modelo.terminar();
    return { msgs, texto: await pdfTexto(Buffer.concat(partes)) };
  };

  it('11: whole attentions only; the note counts the rows of the ones left out', async () => {
    const { msgs, texto } = await leer({ reportId: 11, tipo: null, vista: '-' }, 4);
    expect(msgs.map((m) => m.t)).toEqual(['cargas', 'cierre', 'lote', 'fin']);
    const cierre = msgs.find((m) => m.t === 'cierre');
    // RO-1 heads its 2 lines (3 rows); RO-2 with its line (2 rows) would pass 4.
    expect(cierre?.t === 'cierre' && cierre.cierre.omitidas).toBe(2);
    const lote = msgs.find((m) => m.t === 'lote');
    expect(
      lote?.t === 'lote' && lote.lote.t === 'atenciones' && lote.lote.atenciones.map((a) => a.numero),
    ).toEqual(['RO-1']);
    expect(texto).toContain('Se muestran las primeras 4 filas; 2 más no caben en el PDF');
    expect(texto).toContain('MARÍA LÓPEZ');
    expect(texto).not.toContain('PEDRO MORA');
    // The totals stay whole: both attentions.
    expect(texto).toMatch(/Total del trámite: 2 atenciones · 3 detalles 2\.611,00 2\.600,00 11,00/);
  });

  it('4: observations cut by row; the note counts the rest, the totals stay whole', async () => {
    const { msgs, texto } = await leer({ reportId: 4, tipo: 'M', vista: 'A' }, 2);
    expect(msgs[0].t).toBe('cierre');
    const cierre = msgs[0].t === 'cierre' ? msgs[0].cierre : null;
    expect(cierre?.obs?.observaciones).toBe(4);
    expect(cierre?.omitidas).toBe(2);
    const filas = msgs.flatMap((m) => (m.t === 'lote' && m.lote.t === 'obs' ? m.lote.filas : []));
    expect(filas).toHaveLength(2);
    expect(texto).toContain('Se muestran las primeras 2 filas; 2 más no caben en el PDF');
    expect(texto).toContain('Observaciones: 4 · Respondidas: 1 · Pendientes: 3');
    expect(texto).toMatch(/Total del trámite: 2 atenciones 2\.611,00 2\.600,00 11,00/);
  });
});

describe('permissions and bad input', () => {
  it('401 without a session; 400 for an unknown report, a bad tipo, a tipo not the report’s, report 2 without tipo, bad ids', async () => {
    expect((await req('GET', url(11))).statusCode).toBe(401);
    for (const id of ['1', '3', '12', 'abc', '0'])
      expect((await req('GET', url(id), DEMO.supervisorAm)).statusCode, id).toBe(400);
    const bad = await req('GET', url(4, '?tipo=X'), DEMO.supervisorAm);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.message).toBe('El tipo de observación debe ser M o D.');
    const otro = await req('GET', url(4, '?tipo=D'), DEMO.prestador);
    expect(otro.statusCode).toBe(400);
    expect(errorOf(otro).error.message).toBe('El reporte 4 es de tipo M.');
    const sinTipo = await req('GET', url(2, `?identificador02=${f.idCarga}`), DEMO.supervisorAm);
    expect(sinTipo.statusCode).toBe(400);
    expect(errorOf(sinTipo).error.message).toBe('El reporte 2 requiere el tipo de observación (M o D).');
    expect((await req('GET', url(10, '?identificador02=abc'), DEMO.prestador)).statusCode).toBe(400);
    expect((await req('GET', url(10, '?idPlanilla=-1'), DEMO.prestador)).statusCode).toBe(400);
    expect((await req('GET', '/api/v1/reportes/pdf/10/0', DEMO.prestador)).statusCode).toBe(400);
  });

  it('404: another provider company, another subscription, an unknown procedure, a procedure not sent (insurer), a load or attention of another procedure', async () => {
    expect((await req('GET', url(10), DEMO.prestador2)).statusCode).toBe(404);
    expect((await req('GET', url(4), DEMO.prestador2)).statusCode).toBe(404);
    const otra = await registrarEmpresa(t);
    expect((await t.app.inject({ url: url(11), headers: otra.headers })).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/reportes/pdf/11/999999', DEMO.admin)).statusCode).toBe(404);
    const noEnviado = await crearTramite(t, ids, { estado: 'DOCUMENTADO', planillas: [{ numero: 'NE-1' }] });
    expect((await req('GET', url(11, '', noEnviado.idTramite), DEMO.supervisorAm)).statusCode).toBe(404);
    expect((await seguir(url(11, '', noEnviado.idTramite), DEMO.prestador)).statusCode).toBe(200);
    const ajena = await req('GET', url(10, `?identificador02=${noEnviado.idCarga}`), DEMO.prestador);
    expect(ajena.statusCode).toBe(404);
    expect(errorOf(ajena).error.message).toBe('La carga indicada no pertenece al trámite.');
    const pla = await req('GET', url(9, `?idPlanilla=${noEnviado.planillas[0]}`), DEMO.prestador);
    expect(pla.statusCode).toBe(404);
  });

  it('403 to the operatives 18 and 20 for a whole procedure assigned by user; their own attention they may print', async () => {
    const u = await crearTramite(t, ids, {
      tipoAsignacion: 'U',
      planillas: [
        { numero: 'U-1', med: ids.usuarios.auditorAm, doc: ids.usuarios.gestorGd },
        { numero: 'U-2' },
      ],
    });
    for (const usuario of [DEMO.auditorAm, DEMO.gestorGd]) {
      const res = await req('GET', url(11, '', u.idTramite), usuario);
      expect(res.statusCode, usuario).toBe(403);
      expect(errorOf(res).error.message).toMatch(/asignado a todos/);
    }
    const propia = await pdf(11, DEMO.auditorAm, `?idPlanilla=${u.planillas[0]}`, u.idTramite);
    const s = await pdfTexto(propia.rawPayload);
    expect(s).toContain('Planilla U-1');
    expect(s).not.toContain('Planilla U-2');
    expect(
      (await req('GET', url(11, `?idPlanilla=${u.planillas[1]}`, u.idTramite), DEMO.auditorAm)).statusCode,
    ).toBe(404);
    expect((await seguir(url(11, '', u.idTramite), DEMO.supervisorAm)).statusCode).toBe(200);
  });
});

describe('served from what was generated', () => {
  const origen = (r: LightMyRequestResponse) => r.headers['x-reporte-origen'];
  const objetos = () => {
    const dir = path.join(t.config.dataDir, 'files', 'reportes', String(f.idTramite));
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.startsWith('r8-')) : [];
  };

  it('a second request is the stored copy (nothing drawn); each kind of change draws it again', async () => {
    const primero = await pdf(8, DEMO.supervisorAm);
    const antes = estadisticas.generados;
    const segundo = await pdf(8, DEMO.supervisorAm);
    expect(origen(segundo)).toBe('cache');
    expect(estadisticas.generados).toBe(antes);
    expect(segundo.headers['content-length']).toBe(String(segundo.rawPayload.length));
    expect(Buffer.compare(primero.rawPayload, segundo.rawPayload)).toBe(0);
    // The same report for the provider is another variant (it hides drafts).
    let n = estadisticas.generados;
    await pdf(8, DEMO.prestador);
    expect(estadisticas.generados).toBe(n + 1);
    expect(origen(await pdf(8, DEMO.prestador))).toBe('cache');

    const cambios: Array<[string, string, unknown[]]> = [
      [
        'an answer',
        `UPDATE pla_det_obs SET respuesta = 'SE CORRIGIÓ EL VALOR' WHERE id_planilla = $1 AND observacion_tipo = 'M'`,
        [f.planillas[0]],
      ],
      [
        'an approved amount',
        `UPDATE planilla_det SET valor_aprobado = 39.00 WHERE id_planilla = $1 AND codigo = '99203'`,
        [f.planillas[0]],
      ],
      ['a review', `UPDATE planilla SET estado_aud = 'REVISADA' WHERE id_planilla = $1`, [f.planillas[1]]],
      [
        'a new observation',
        `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, descripcion, id_usuario_reg)
         SELECT $1, id_observacion, 'M', 'OTRA', $2 FROM observacion WHERE descripcion = 'BORRADOR NO ENVIADO'`,
        [f.planillas[1], ids.usuarios.supervisorAm],
      ],
      [
        'the procedure’s header',
        `UPDATE tramite SET descripcion = 'PRUEBA CAMBIADA' WHERE id_tramite = $1`,
        [f.idTramite],
      ],
      [
        'a standard observation’s text',
        `UPDATE observacion SET descripcion = 'VALOR FUERA DE TARIFA (REVISADO)' WHERE descripcion = 'VALOR FUERA DE TARIFA CONVENIDA'`,
        [],
      ],
    ];
    for (const [que, sql, params] of cambios) {
      await t.database.query(sql, params);
      n = estadisticas.generados;
      await pdf(8, DEMO.supervisorAm);
      expect(estadisticas.generados, que).toBe(n + 1);
      expect(origen(await pdf(8, DEMO.supervisorAm)), que).toBe('cache');
    }
    expect(await pdfTexto((await pdf(8, DEMO.supervisorAm)).rawPayload)).toContain('TARIFA (REVISADO)');
    // One stored object per variant: the replaced ones are removed.
    expect(objetos().filter((n) => n.includes('-vA-')).length).toBe(1);
  });

  it('two requests at once for the same report draw it once', async () => {
    await t.database.query(`UPDATE tramite SET descripcion = 'A LA VEZ' WHERE id_tramite = $1`, [
      f.idTramite,
    ]);
    const n = estadisticas.generados;
    const [a, b] = await Promise.all([pdf(10, DEMO.supervisorAm), pdf(10, DEMO.revisor)]);
    expect(estadisticas.generados).toBe(n + 1);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
  });
});

describe('drawn by a background job (decision 78)', () => {
  const trabajos = () =>
    t.database.query<{ estado: string; intento: number; progreso: number; version: string }>(
      `SELECT estado, intento, progreso, version FROM reporte_trabajo WHERE id_tramite = $1 AND variante = 'r10-c0-tx-p0-vx'`,
      [f.idTramite],
    );
  const colas = async () =>
    (
      await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'reportes:pdf' AND key LIKE $1`,
        [`reporte:${f.idTramite}:r10-%`],
      )
    )[0].n;

  it('202 with the progress while no worker runs, one job for a double request; 200 from storage once a worker draws it', async () => {
    await t.app.jobs.stop();
    try {
      await t.database.query(`UPDATE tramite SET descripcion = 'EN COLA' WHERE id_tramite = $1`, [
        f.idTramite,
      ]);
      const [a, b] = await Promise.all([
        req('GET', url(10), DEMO.supervisorAm),
        req('GET', url(10), DEMO.supervisorAm),
      ]);
      for (const r of [a, b]) {
        expectEnCola(r, MSG_REPORTE.enCola);
      }
      // Another reader of the same variant (10 is the same for everybody), a third request: one row, one job.
      expect((await req('GET', url(10), DEMO.revisor)).statusCode).toBe(202);
      expect(await trabajos()).toHaveLength(1);
      if (t.app.jobs.kind === 'graphile') expect(await colas()).toBe(1);
    } finally {
      await t.app.jobs.start();
    }
    const avances: ReporteEnCurso[] = [];
    const res = await seguir(url(10), DEMO.supervisorAm, avances);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(await pdfTexto(res.rawPayload)).toContain('EN COLA');
    expect(await trabajos()).toEqual([]);
    if (t.app.jobs.kind === 'graphile') expect(await colas()).toBe(0);
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reporte_pdf WHERE id_tramite = $1 AND variante = 'r10-c0-tx-p0-vx'`,
      [f.idTramite],
    );
    expect(n).toBe(1);
  });

  it('the dead letter is said once in Spanish; the next request queues the report again', async () => {
    await t.app.jobs.stop();
    try {
      await t.database.query(`UPDATE tramite SET descripcion = 'FALLARÁ' WHERE id_tramite = $1`, [
        f.idTramite,
      ]);
      expect((await req('GET', url(10), DEMO.supervisorAm)).statusCode).toBe(202);
      // What the job writes on its last failed attempt.
      await t.database.query(
        `UPDATE reporte_trabajo SET estado = 'FALLIDO', intento = 3, mensaje = 'x' WHERE id_tramite = $1`,
        [f.idTramite],
      );
      const fallo = await req('GET', url(10), DEMO.supervisorAm);
      expect(fallo.statusCode).toBe(500);
      expect(errorOf(fallo).error).toEqual({ code: 'REPORTE_FALLIDO', message: MSG_REPORTE.fallido });
      expect(await trabajos()).toEqual([]);
      const otra = await req('GET', url(10), DEMO.supervisorAm);
      expect(otra.statusCode).toBe(202);
      expect(await trabajos()).toMatchObject([{ estado: 'PENDIENTE' }]);
    } finally {
      await t.app.jobs.start();
    }
    expect((await seguir(url(10), DEMO.supervisorAm)).statusCode).toBe(200);
  });

  it('a job lost with its row untouched for 90 s (an embedded server stopped) is queued again by the next request', async () => {
    await t.app.jobs.stop();
    try {
      await t.database.query(`UPDATE tramite SET descripcion = 'PERDIDO' WHERE id_tramite = $1`, [
        f.idTramite,
      ]);
      expect((await req('GET', url(10), DEMO.supervisorAm)).statusCode).toBe(202);
      if (t.app.jobs.kind === 'graphile')
        await t.database.query(
          `SELECT graphile_worker.remove_job(key) FROM graphile_worker.jobs WHERE task_identifier = 'reportes:pdf'`,
        );
      await t.database.query(
        `UPDATE reporte_trabajo SET estado = 'GENERANDO', intento = 1, fecha_act = now() - interval '5 minutes'
          WHERE id_tramite = $1`,
        [f.idTramite],
      );
      expect((await req('GET', url(10), DEMO.supervisorAm)).json()).toMatchObject({ estado: 'PENDIENTE' });
      if (t.app.jobs.kind === 'graphile') expect(await colas()).toBe(1);
    } finally {
      await t.app.jobs.start();
    }
    const res = await seguir(url(10), DEMO.supervisorAm);
    expect(res.statusCode).toBe(200);
    expect(await pdfTexto(res.rawPayload)).toContain('PERDIDO');
  });
});
