import { execFileSync } from 'node:child_process';
import {
  COLUMNAS_PAGO,
  COLUMNAS_REPORTE_FINANCIERO,
  type ErrorResponse,
  ejemploPagosCsv,
  MOTIVO_DETALLE_INACTIVO,
  MSG_FINANZAS,
  type PagoCarga,
  type PagosTramite,
} from '@app/domain';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadExcel } from '../../lib/excel.ts';
import { crearTramite, type Fixture, usarContextoConFixtures, versionOf } from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';
import { leerXlsx } from '../../test/xlsx.ts';
import { multipart, PNG_1X1, registrarEmpresa } from '../admin/test-utils.ts';

const { t, ids, req } = usarContextoConFixtures();
let idObsM: number;

beforeAll(async () => {
  idObsM = (
    await t.database.query<{ id: number }>(
      `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'COBRO EXCESIVO', 'M') RETURNING id_observacion AS id`,
      [ids.idEmpresaAseg],
    )
  )[0].id;
});

/**
 * The data file manual's example attentions (123: a consultation 25.50 and a medicine 10 × 0.04; 124: a
 * laboratory test 3.10) plus 125 with two lines of the same code, in state `estado`.
 */
async function tramiteEjemplo(estado = 'FINALIZADO'): Promise<Fixture> {
  const f = await crearTramite(t, ids, {
    estado: 'EN PROCESO',
    planillas: [
      {
        numero: '123',
        fechaDesde: '2026-03-02',
        detalles: [
          ['99203', 1, '25.50'],
          ['N02BE01', 10, '0.04'],
        ],
      },
      { numero: '124', fechaDesde: '2026-03-06', detalles: [['82947', 1, '3.10']] },
      {
        numero: '125',
        fechaDesde: '2026-03-04',
        detalles: [
          ['99213', 1, '20.30'],
          ['99213', 1, '20.30'],
        ],
      },
    ],
  });
  const [{ n }] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM planilla_det WHERE id_planilla = ANY($1::int[])',
    [f.planillas],
  );
  expect(n, 'every example element exists in the catalogue').toBe(5);
  await t.database.query('UPDATE tramite SET estado_tramite = $2 WHERE id_tramite = $1', [
    f.idTramite,
    estado,
  ]);
  return f;
}

const lineas = async (idPlanilla: number) =>
  t.database.query<{ id: number; codigo: string }>(
    'SELECT id_planilla_det AS id, codigo FROM planilla_det WHERE id_planilla = $1 ORDER BY id_planilla_det',
    [idPlanilla],
  );

async function subir(
  idTramite: number,
  content: string | Buffer,
  opts: { usuario?: string; filename?: string; fechaModificacion?: string } = {},
) {
  const body = multipart([
    ...(opts.fechaModificacion !== undefined
      ? [{ name: 'fechaModificacion', value: opts.fechaModificacion }]
      : []),
    { name: 'archivo', filename: opts.filename ?? 'pagos.csv', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tramites/${idTramite}/pagos`,
    headers: { ...(await t.auth(opts.usuario ?? DEMO.supervisorAm)), ...body.headers },
    payload: body.payload,
  });
}

const pagosGuardados = async (idTramite: number) =>
  (
    await t.database.query<{ archivos: number; filas: number; det: number }>(
      `SELECT (SELECT count(*)::int FROM pago_fin WHERE id_tramite = $1) AS archivos,
              (SELECT count(*)::int FROM pago_fin_fila f JOIN pago_fin p USING (id_pago_fin) WHERE p.id_tramite = $1) AS filas,
              (SELECT count(*)::int FROM pago_fin_det d JOIN pago_fin_fila f USING (id_pago_fin_fila)
                 JOIN pago_fin p USING (id_pago_fin) WHERE p.id_tramite = $1) AS det`,
      [idTramite],
    )
  )[0];

/** The error envelope with the rows of a refused file. */
const rechazo = (res: { json: () => unknown }) => res.json() as ErrorResponse;

const HEADER = COLUMNAS_PAGO.join(';');
const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

async function leerReporte(idTramite: number, usuario: string = DEMO.supervisorGd) {
  const res = await req('GET', `/api/v1/tramites/${idTramite}/reporte-financiero`, usuario);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toContain('reporte_financiero.csv');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const rows = parse(res.rawPayload.toString('utf8'), { delimiter: ';', bom: true }) as string[][];
  expect(rows[0]).toEqual([...COLUMNAS_REPORTE_FINANCIERO]);
  const col = (name: (typeof COLUMNAS_REPORTE_FINANCIERO)[number]) =>
    COLUMNAS_REPORTE_FINANCIERO.indexOf(name);
  return rows.slice(1).map((r) => Object.fromEntries(COLUMNAS_REPORTE_FINANCIERO.map((c) => [c, r[col(c)]])));
}

describe('GET /tramites/{id}/reporte-financiero (reporte_financiero.csv)', () => {
  let f: Fixture;
  let numero: string;
  beforeAll(async () => {
    f = await tramiteEjemplo('EN PROCESO');
    numero = (
      await t.database.query<{ numero: string }>('SELECT numero FROM tramite WHERE id_tramite = $1', [
        f.idTramite,
      ])
    )[0].numero;
    // A glosa with its observation on the consultation of 123; the medicine switched off; 125 annulled.
    const [consulta, medicina] = await lineas(f.planillas[0]);
    const o = await req('POST', `/api/v1/planilla-detalles/${consulta.id}/observaciones`, DEMO.supervisorAm, {
      tipo: 'M',
      idObservacion: idObsM,
      descripcion: 'consulta de primera vez facturada como prolongada',
    });
    expect(o.statusCode, o.body).toBe(201);
    const g = await req(
      'PUT',
      `/api/v1/planillas/${f.planillas[0]}/detalles/${consulta.id}/aprobado`,
      DEMO.supervisorAm,
      {
        valorAprobado: '20.00',
        version: await versionOf(t, f.planillas[0]),
      },
    );
    expect(g.statusCode, g.body).toBe(200);
    const off = await req(
      'PUT',
      `/api/v1/planillas/${f.planillas[0]}/detalles/${medicina.id}/estado`,
      DEMO.supervisorAm,
      {
        estado: 0,
        version: await versionOf(t, f.planillas[0]),
      },
    );
    expect(off.statusCode, off.body).toBe(200);
    await t.database.query('UPDATE planilla SET estado = 0 WHERE id_planilla = $1', [f.planillas[2]]);
  });

  it('one row per line of the active attentions, re-parsed: amounts with decimal comma, glosa and its reason', async () => {
    const rows = await leerReporte(f.idTramite);
    expect(rows.map((r) => [r.Planilla, r.Código])).toEqual([
      ['123', '99203'],
      ['123', 'N02BE01'],
      ['124', '82947'],
    ]);
    expect(rows[0]).toMatchObject({
      Trámite: numero,
      Carga: '02/03/2026 – 15/03/2026 (Mensual)',
      Cédula: '0912345678',
      Paciente: 'PACIENTE DE PRUEBA',
      'Fecha de atención': '02/03/2026',
      Cantidad: '1',
      'Valor unitario': '25,50',
      Reclamado: '25,50',
      Aprobado: '20,00',
      Glosa: '5,50',
      'Motivo de glosa': 'COBRO EXCESIVO: CONSULTA DE PRIMERA VEZ FACTURADA COMO PROLONGADA',
      Pagado: '0,00',
      'Pendiente de pago': '20,00',
    });
    expect(rows[1]).toMatchObject({
      Cantidad: '10',
      'Valor unitario': '0,04',
      Reclamado: '0,40',
      Aprobado: '0,00',
      Glosa: '0,40',
      'Motivo de glosa': MOTIVO_DETALLE_INACTIVO,
    });
    expect(rows[2]).toMatchObject({
      Reclamado: '3,10',
      Aprobado: '3,10',
      Glosa: '0,00',
      'Motivo de glosa': '',
    });
  });

  it('the report sums what the totals say, to the cent', async () => {
    const rows = await leerReporte(f.idTramite);
    const cents = (k: string) =>
      rows.reduce((s, r) => s + Math.round(Number(r[k].replace(',', '.')) * 100), 0);
    const tot = (await req('GET', `/api/v1/tramites/${f.idTramite}/totales`, DEMO.supervisorAm)).json();
    expect(cents('Reclamado') / 100).toBe(Number(tot.totales.reclamado));
    expect(cents('Aprobado') / 100).toBe(Number(tot.totales.aprobado));
    expect(cents('Glosa') / 100).toBe(Number(tot.totales.glosa));
  });

  it('formato=xlsx: reporte_financiero.xlsx, the same rows with amounts as numbers (#,##0.00) and dates as dates', async () => {
    const res = await req(
      'GET',
      `/api/v1/tramites/${f.idTramite}/reporte-financiero?formato=xlsx`,
      DEMO.revisor,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="reporte_financiero.xlsx"');
    const { ws, filas } = await leerXlsx(res.rawPayload);
    expect(filas[0]).toEqual([...COLUMNAS_REPORTE_FINANCIERO]);
    expect(filas).toHaveLength((await leerReporte(f.idTramite)).length + 1);
    const celda = (fila: number, c: (typeof COLUMNAS_REPORTE_FINANCIERO)[number]) =>
      ws.getRow(fila).getCell(COLUMNAS_REPORTE_FINANCIERO.indexOf(c) + 1);
    expect(celda(2, 'Planilla').value).toBe('123');
    expect(celda(2, 'Cédula').value).toBe('0912345678');
    expect(celda(2, 'Fecha de atención').value).toEqual(new Date(Date.UTC(2026, 2, 2)));
    expect(celda(2, 'Fecha de atención').numFmt).toBe('dd/mm/yyyy');
    expect(celda(2, 'Cantidad').value).toBe(1);
    for (const [c, v] of [
      ['Valor unitario', 25.5],
      ['Reclamado', 25.5],
      ['Aprobado', 20],
      ['Glosa', 5.5],
      ['Pagado', 0],
      ['Pendiente de pago', 20],
    ] as const) {
      expect(celda(2, c).value, c).toBe(v);
      expect(celda(2, c).numFmt, c).toBe('#,##0.00');
    }
    expect(celda(3, 'Motivo de glosa').value).toBe(MOTIVO_DETALLE_INACTIVO);
    expect(celda(4, 'Reclamado').value).toBe(3.1);
  });

  it('401 without a session; 403 for the provider, the operatives and the administrator; 404 for another tenant', async () => {
    const url = `/api/v1/tramites/${f.idTramite}/reporte-financiero`;
    expect((await req('GET', url)).statusCode).toBe(401);
    for (const u of [DEMO.prestador, DEMO.auditorAm, DEMO.gestorGd, DEMO.admin]) {
      const res = await req('GET', url, u);
      expect(res.statusCode, u).toBe(403);
      expect(errorOf(res).error.code).toBe('NO_AUTORIZADO');
    }
    for (const u of [DEMO.revisor, DEMO.supervisorAm, DEMO.supervisorGd])
      expect((await req('GET', url, u)).statusCode, u).toBe(200);
    const otro = await otroTenant();
    expect(
      (await req('GET', `/api/v1/tramites/${otro}/reporte-financiero`, DEMO.supervisorAm)).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', '/api/v1/tramites/999999/reporte-financiero', DEMO.supervisorAm)).statusCode,
    ).toBe(404);
    expect((await req('GET', '/api/v1/tramites/abc/reporte-financiero', DEMO.supervisorAm)).statusCode).toBe(
      400,
    );
  });

  it('a procedure without lines: 422 "No hay datos para exportar."', async () => {
    const vacio = await crearTramite(t, ids, { estado: 'EN PROCESO' });
    const res = await req('GET', `/api/v1/tramites/${vacio.idTramite}/reporte-financiero`, DEMO.supervisorAm);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).error.message).toBe(MSG_FINANZAS.noHayDatosExportar);
  });

  it('streams every row of a procedure larger than one batch, in number order', async () => {
    const grande = await crearTramite(t, ids, { estado: 'ENVIADO' });
    await t.database.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, fecha_desde, fecha_hasta)
       SELECT $1, $2, $3, lpad(g::text, 4, '0'), '0912345678', 'PACIENTE ' || g, '2026-03-03', '2026-03-03'
         FROM generate_series(1, 1203) g`,
      [grande.idTramite, grande.idCarga, ids.idPrestador],
    );
    await t.database.query(
      `INSERT INTO planilla_det (id_planilla, id_elemento, codigo, fecha_atencion, cantidad, valor_uni, tipo)
       SELECT p.id_planilla, e.id_elemento, e.codigo, '2026-03-03', 1, 1.25, 'P'
         FROM planilla p CROSS JOIN (SELECT id_elemento, codigo FROM elemento WHERE codigo = '99203') e
        WHERE p.id_tramite = $1`,
      [grande.idTramite],
    );
    const rows = await leerReporte(grande.idTramite, DEMO.revisor);
    expect(rows).toHaveLength(1203);
    expect(rows.map((r) => r.Planilla)).toEqual(rows.map((r) => r.Planilla).sort());
    expect(new Set(rows.map((r) => r.Planilla)).size).toBe(1203);
  });
});

/** A procedure of another subscription (a self-registered insurer): the demo staff gets 404. */
async function otroTenant(): Promise<number> {
  const otra = await registrarEmpresa(t);
  const f = await crearTramite(t, ids, { estado: 'FINALIZADO' });
  await t.database.query('UPDATE tramite SET id_suscripcion = $2 WHERE id_tramite = $1', [
    f.idTramite,
    otra.idSuscripcion,
  ]);
  return f.idTramite;
}

describe('POST /tramites/{id}/pagos (cargafinans)', () => {
  it('the manual’s example is accepted: payments recorded per line, no difference, logged, in the report', async () => {
    const f = await tramiteEjemplo();
    const res = await subir(f.idTramite, ejemploPagosCsv(f.idTramite), {
      fechaModificacion: '1775000000000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as PagoCarga;
    expect(body).toMatchObject({
      mensaje: MSG_FINANZAS.pagosRegistrados(3, '29.00'),
      nombreArchivo: 'pagos.csv',
      filas: 3,
      totalPagado: '29.00',
      filasConDiferencia: 0,
      diferencias: [],
      saldo: { aprobado: '69.60', pagado: '29.00', pendiente: '40.60' },
    });
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 1, filas: 3, det: 3 });
    const [archivo] = await t.database.query<{ fm: Date; usuario: number }>(
      'SELECT fecha_modificacion AS fm, id_usuario_reg AS usuario FROM pago_fin WHERE id_tramite = $1',
      [f.idTramite],
    );
    expect(archivo.fm.getTime()).toBe(1775000000000);
    expect(archivo.usuario).toBe(ids.usuarios.supervisorAm);
    const [bit] = await t.database.query<{ observacion: string }>(
      `SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra DESC LIMIT 1`,
      [f.idTramite],
    );
    expect(bit.observacion).toBe(`Archivo de pagos pagos.csv: ${MSG_FINANZAS.pagosRegistrados(3, '29.00')}`);
    const rows = await leerReporte(f.idTramite);
    expect(rows.map((r) => [r.Planilla, r.Pagado, r['Pendiente de pago']])).toEqual([
      ['123', '25,50', '0,00'],
      ['123', '0,40', '0,00'],
      ['124', '3,10', '0,00'],
      ['125', '0,00', '20,30'],
      ['125', '0,00', '20,30'],
    ]);
    const lista = (
      await req('GET', `/api/v1/tramites/${f.idTramite}/pagos`, DEMO.revisor)
    ).json() as PagosTramite;
    expect(lista.items).toHaveLength(1);
    expect(lista.items[0]).toMatchObject({
      nombreArchivo: 'pagos.csv',
      filas: 3,
      totalPagado: '29.00',
      usuario: DEMO.supervisorAm,
    });
    expect(lista.saldo).toEqual({ aprobado: '69.60', pagado: '29.00', pendiente: '40.60' });
  });

  it('differences line by line: partial payments stay pending; an attention-level payment is spread over its lines', async () => {
    const f = await tramiteEjemplo();
    const res = await subir(
      f.idTramite,
      csv(
        `${f.idTramite};123;99203;;20.00;;TRF-1`,
        `${f.idTramite};125;;;30,00;2026-04-20;TRF-2`,
        `${f.idTramite};124;82947;06/03/2026;3.10;;TRF-3`,
      ),
      { usuario: DEMO.supervisorGd },
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as PagoCarga;
    expect(body.filasConDiferencia).toBe(2);
    expect(body.diferencias).toEqual([
      {
        fila: 2,
        noPlanilla: '123',
        noServicio: '99203',
        fechaAtencion: null,
        aprobado: '25.50',
        pagadoAntes: '0.00',
        pagado: '20.00',
        pendiente: '5.50',
      },
      {
        fila: 3,
        noPlanilla: '125',
        noServicio: null,
        fechaAtencion: null,
        aprobado: '40.60',
        pagadoAntes: '0.00',
        pagado: '30.00',
        pendiente: '10.60',
      },
    ]);
    // 30.00 over two lines of 20.30: the first paid in full, the rest to the second.
    const det = await t.database.query<{ valor: string }>(
      `SELECT x.valor::text AS valor FROM pago_fin_det x JOIN planilla_det d USING (id_planilla_det)
        WHERE d.id_planilla = $1 ORDER BY d.id_planilla_det`,
      [f.planillas[2]],
    );
    expect(det.map((d) => d.valor)).toEqual(['20.30', '9.70']);
    // A second file pays the rest: what was paid before counts.
    const resto = await subir(f.idTramite, csv(`${f.idTramite};125;99213;2026-03-04;10.60;;TRF-4`));
    expect(resto.statusCode, resto.body).toBe(201);
    expect((resto.json() as PagoCarga).filasConDiferencia).toBe(0);
    const again = await subir(f.idTramite, csv(`${f.idTramite};125;;;0.01;;TRF-5`));
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).error).toMatchObject({
      detalles: [`Fila 2: ${MSG_FINANZAS.pagadoMayor('0.01', '0.00', '40.60', '40.60')}`],
    });
  });

  it('a paid amount above the approved one (alone, or added up within the file) → 400 per row, nothing written', async () => {
    const f = await tramiteEjemplo();
    const res = await subir(
      f.idTramite,
      csv(
        `${f.idTramite};123;99203;;25.51;;`,
        `${f.idTramite};124;;;3.00;;`,
        `${f.idTramite};124;82947;;0.20;;`,
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toMatchObject({
      code: 'ARCHIVO_CON_ERRORES',
      message: MSG_FINANZAS.conErrores(2),
      detalles: [
        `Fila 2: ${MSG_FINANZAS.pagadoMayor('25.51', '25.50', '25.50', '0.00')}`,
        `Fila 4: ${MSG_FINANZAS.pagadoMayor('0.20', '0.10', '3.10', '3.00')}`,
      ],
      totalDetalles: 2,
    });
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
  });

  it('unknown attention, unknown line, annulled attention → 400 per row, nothing written', async () => {
    const f = await tramiteEjemplo();
    await t.database.query('UPDATE planilla SET estado = 0 WHERE id_planilla = $1', [f.planillas[2]]);
    const res = await subir(
      f.idTramite,
      csv(
        `${f.idTramite};999;;;1.00;;`,
        `${f.idTramite};123;99999;;1.00;;`,
        `${f.idTramite};123;99203;2026-03-09;1.00;;`,
        `${f.idTramite};125;;;1.00;;`,
        `${f.idTramite};124;;;1.00;;`,
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toMatchObject({
      message: MSG_FINANZAS.conErrores(4),
      detalles: [
        `Fila 2: ${MSG_FINANZAS.planillaNoExiste('999')}`,
        `Fila 3: ${MSG_FINANZAS.lineaNoExiste('123', '99999', null)}`,
        `Fila 4: ${MSG_FINANZAS.lineaNoExiste('123', '99203', '2026-03-09')}`,
        `Fila 5: ${MSG_FINANZAS.planillaNoExiste('125')}`,
      ],
    });
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
  });

  it('amounts that are not numbers, bad dates, another procedure’s id, rows of another width → 400 per row', async () => {
    const f = await tramiteEjemplo();
    const res = await subir(
      f.idTramite,
      csv(
        `${f.idTramite};123;99203;;veinte;;`,
        `${f.idTramite};123;99203;;1.234,50;;`,
        `${f.idTramite};123;99203;;-2;;`,
        `${f.idTramite};123;99203;;2.555;;`,
        `${f.idTramite};124;;;;;`,
        `${f.idTramite + 1};124;;;1;;`,
        `${f.idTramite};124;;;1;31/02/2026;`,
        `${f.idTramite};124;;1`,
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(rechazo(res).error.detalles).toEqual([
      `Fila 2: ${MSG_FINANZAS.noEsNumero('Valor pagado', 'veinte')}`,
      `Fila 3: ${MSG_FINANZAS.noEsNumero('Valor pagado', '1.234,50')}`,
      `Fila 4: ${MSG_FINANZAS.negativo('Valor pagado')}`,
      `Fila 5: ${MSG_FINANZAS.decimales('Valor pagado', '2.555')}`,
      `Fila 6: ${MSG_FINANZAS.requerido('valor pagado', 'valorPagado')}`,
      `Fila 7: ${MSG_FINANZAS.tramiteDistinto(String(f.idTramite + 1), f.idTramite)}`,
      `Fila 8: ${MSG_FINANZAS.fechaInvalida('Fecha de pago', '31/02/2026')}`,
      `Fila 9: ${MSG_FINANZAS.columnasFila(4, 7)}`,
    ]);
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
  });

  it('every problem at once: a bad amount in one row and an unknown attention in another', async () => {
    const f = await tramiteEjemplo();
    const res = await subir(f.idTramite, csv(`${f.idTramite};999;;;1.00;;`, `${f.idTramite};123;;;uno;;`));
    expect(res.statusCode).toBe(400);
    expect(rechazo(res).error.detalles).toEqual([
      `Fila 2: ${MSG_FINANZAS.planillaNoExiste('999')}`,
      `Fila 3: ${MSG_FINANZAS.noEsNumero('Valor pagado', 'uno')}`,
    ]);
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
  });

  it('wrong columns: the data file instead, a missing required column, an unknown one → 400, nothing written', async () => {
    const f = await tramiteEjemplo();
    const datos = await subir(f.idTramite, 'idTramite;noPlanilla;cedula1;vSem\n1;123;0912345678;25.50\n');
    expect(datos.statusCode).toBe(400);
    expect(rechazo(datos).error.detalles).toEqual([
      MSG_FINANZAS.faltanColumnas('valorPagado (Valor pagado)'),
      MSG_FINANZAS.columnasDesconocidas('cedula1, vSem'),
    ]);
    const sinValor = await subir(f.idTramite, `idTramite,noPlanilla\n${f.idTramite},123\n`);
    expect(sinValor.statusCode).toBe(400);
    expect(errorOf(sinValor).error.message).toBe(MSG_FINANZAS.faltanColumnas('valorPagado (Valor pagado)'));
    // Only the required columns, separated by commas, with a BOM and a blank line: accepted.
    const minimo = await subir(
      f.idTramite,
      `\uFEFFIDTRAMITE,noplanilla,valorPagado\n\n${f.idTramite},124,"3,10"\n`,
    );
    expect(minimo.statusCode, minimo.body).toBe(201);
    expect((minimo.json() as PagoCarga).totalPagado).toBe('3.10');
    expect(await pagosGuardados(f.idTramite)).toMatchObject({ archivos: 1, filas: 1 });
  });

  it('the same file twice → 409, nothing written the second time', async () => {
    const f = await tramiteEjemplo();
    const contenido = csv(`${f.idTramite};124;;;1.00;;`);
    expect((await subir(f.idTramite, contenido)).statusCode).toBe(201);
    const dos = await subir(f.idTramite, Buffer.from(contenido), {
      filename: 'otro-nombre.csv',
      usuario: DEMO.revisor,
    });
    expect(dos.statusCode).toBe(409);
    expect(errorOf(dos).error).toMatchObject({ code: 'ARCHIVO_DUPLICADO' });
    expect(errorOf(dos).error.message).toMatch(
      /^Este archivo de pagos ya fue cargado en el trámite el \d{2}\/\d{2}\/\d{4} \(pagos\.csv\); no se registró ningún pago\.$/,
    );
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 1, filas: 1, det: 1 });
  });

  it('no file: "No se ha seleccionado ningún archivo para cargar."; not a CSV → 415; nothing written', async () => {
    const f = await tramiteEjemplo();
    const headers = await t.auth(DEMO.supervisorAm);
    const sinMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${f.idTramite}/pagos`,
      headers,
    });
    expect(sinMultipart.statusCode).toBe(400);
    expect(errorOf(sinMultipart).error.message).toBe(MSG_FINANZAS.sinArchivo);
    const soloCampo = multipart([{ name: 'fechaModificacion', value: '1775000000000' }]);
    const sinArchivo = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${f.idTramite}/pagos`,
      headers: { ...headers, ...soloCampo.headers },
      payload: soloCampo.payload,
    });
    expect(sinArchivo.statusCode).toBe(400);
    expect(errorOf(sinArchivo).error.message).toBe(MSG_FINANZAS.sinArchivo);
    expect((await subir(f.idTramite, '')).statusCode).toBe(400);
    // By content, not by name: an image or a JSON is no payment file, whatever it is called.
    for (const [filename, content] of [
      ['pagos.xlsx', PNG_1X1],
      ['pagos.csv', PNG_1X1],
      ['pagos.csv', JSON.stringify([{ idTramite: f.idTramite, noPlanilla: '124', valorPagado: '1.00' }])],
    ] as const) {
      const res = await subir(f.idTramite, content, { filename });
      expect(res.statusCode, filename).toBe(415);
      expect(errorOf(res).error.message).toBe(MSG_FINANZAS.tipoInvalido);
    }
    const soloEncabezado = await subir(f.idTramite, `${HEADER}\n`);
    expect(soloEncabezado.statusCode).toBe(400);
    expect(errorOf(soloEncabezado).error.message).toBe(MSG_FINANZAS.archivoVacio);
    const fecha = await subir(f.idTramite, csv(`${f.idTramite};124;;;1.00;;`), { fechaModificacion: 'ayer' });
    expect(fecha.statusCode).toBe(400);
    expect(errorOf(fecha).error.fields).toEqual({
      fechaModificacion: MSG_FINANZAS.fechaModificacionInvalida,
    });
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
  });

  it('409 unless FINALIZADO (approved amounts can still change), in every other state the insurer sees', async () => {
    for (const estado of ['ENVIADO', 'RECIBIDO', 'EN PROCESO', 'OBSERVACIONES', 'PLANILLAJE']) {
      const f = await tramiteEjemplo(estado);
      const res = await subir(f.idTramite, ejemploPagosCsv(f.idTramite));
      expect(res.statusCode, estado).toBe(409);
      expect(errorOf(res).error).toMatchObject({
        code: 'ESTADO_NO_PERMITIDO',
        message: MSG_FINANZAS.estadoNoPermitido(estado),
      });
      expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
    }
  });

  it('401 without a session; 403 for 1, 15, 18 and 20; 404 for another tenant or an unsent procedure', async () => {
    const f = await tramiteEjemplo();
    const contenido = ejemploPagosCsv(f.idTramite);
    const anon = multipart([{ name: 'archivo', filename: 'pagos.csv', content: contenido }]);
    const sin = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${f.idTramite}/pagos`,
      headers: anon.headers,
      payload: anon.payload,
    });
    expect(sin.statusCode).toBe(401);
    for (const u of [DEMO.admin, DEMO.prestador, DEMO.auditorAm, DEMO.gestorGd])
      expect((await subir(f.idTramite, contenido, { usuario: u })).statusCode, u).toBe(403);
    expect((await subir(await otroTenant(), contenido)).statusCode).toBe(404);
    const noEnviado = await tramiteEjemplo('DOCUMENTADO');
    expect((await subir(noEnviado.idTramite, ejemploPagosCsv(noEnviado.idTramite))).statusCode).toBe(404);
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
    const lista = `/api/v1/tramites/${f.idTramite}/pagos`;
    expect((await req('GET', lista)).statusCode).toBe(401);
    expect((await req('GET', lista, DEMO.prestador)).statusCode).toBe(403);
    expect(
      (await req('GET', `/api/v1/tramites/${noEnviado.idTramite}/pagos`, DEMO.supervisorAm)).statusCode,
    ).toBe(404);
    expect((await req('GET', lista, DEMO.supervisorGd)).json()).toEqual({
      items: [],
      saldo: { aprobado: '69.60', pagado: '0.00', pendiente: '69.60' },
    });
  });
});

describe('the payment file’s manual: PDF and example, public', () => {
  it('PDF and example CSV (with BOM, the procedure id given)', async () => {
    const pdf = await t.app.inject({ method: 'GET', url: '/api/v1/manual-pagos.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Read by a real PDF reader (poppler's pdftotext): the title, every column and the example rows.
    const texto = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString(
      'utf8',
    );
    expect(texto).toContain('Manual técnico del archivo de pagos');
    for (const c of COLUMNAS_PAGO) expect(texto, c).toContain(c);
    expect(texto).toContain('1;123;N02BE01;;0,40;15/04/2026;TRF-2026-0415-01');
    const ej = await t.app.inject({ method: 'GET', url: '/api/v1/manual-pagos/ejemplo.csv?idTramite=77' });
    expect(ej.statusCode).toBe(200);
    expect(ej.body).toBe(`\uFEFF${ejemploPagosCsv(77)}`);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/manual-pagos/ejemplo.csv?idTramite=x' })).statusCode,
    ).toBe(400);
  });
});

/** An Excel book of payments built as a spreadsheet would save it: the first sheet, typed cells. */
async function libroPagos(
  filas: unknown[][],
  opts: { encabezado?: string[]; otraHojaPrimero?: boolean } = {},
) {
  const wb = new (await loadExcel()).Workbook();
  if (opts.otraHojaPrimero) wb.addWorksheet('Notas').addRow(['esta hoja es la primera']);
  const ws = wb.addWorksheet('Pagos');
  ws.addRow(opts.encabezado ?? [...COLUMNAS_PAGO]);
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('the payment file as an Excel book (.xlsx)', () => {
  it('the manual’s example in Excel (ejemplo.xlsx) is accepted as its CSV is: same payments, same balance', async () => {
    const ej = await t.app.inject({ method: 'GET', url: '/api/v1/manual-pagos/ejemplo.xlsx?idTramite=77' });
    expect(ej.statusCode).toBe(200);
    expect(ej.headers['content-type']).toContain('spreadsheetml');
    expect(ej.headers['content-disposition']).toBe('attachment; filename="ejemplo-pagos.xlsx"');
    const libro = await leerXlsx(ej.rawPayload);
    expect(libro.filas[0]).toEqual([...COLUMNAS_PAGO]);
    expect(libro.filas[1]).toEqual([
      77,
      '123',
      '99203',
      new Date(Date.UTC(2026, 2, 2)),
      25.5,
      new Date(Date.UTC(2026, 3, 15)),
      'TRF-2026-0415-01',
    ]);

    const f = await tramiteEjemplo();
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/manual-pagos/ejemplo.xlsx?idTramite=${f.idTramite}`,
    });
    const res = await subir(f.idTramite, xlsx.rawPayload, { filename: 'ejemplo-pagos.xlsx' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      mensaje: MSG_FINANZAS.pagosRegistrados(3, '29.00'),
      nombreArchivo: 'ejemplo-pagos.xlsx',
      filas: 3,
      totalPagado: '29.00',
      filasConDiferencia: 0,
      saldo: { aprobado: '69.60', pagado: '29.00', pendiente: '40.60' },
    });
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 1, filas: 3, det: 3 });
    const [fila] = await t.database.query<{ fechaPago: string; fechaAtencion: string | null }>(
      `SELECT fecha_pago::text AS "fechaPago", fecha_atencion::text AS "fechaAtencion" FROM pago_fin_fila
        WHERE id_pago_fin = (SELECT id_pago_fin FROM pago_fin WHERE id_tramite = $1) ORDER BY fila LIMIT 1`,
      [f.idTramite],
    );
    expect(fila).toEqual({ fechaPago: '2026-04-15', fechaAtencion: '2026-03-02' });
  });

  it('text or typed cells, a formula by its result, columns in any order; Excel’s row numbers', async () => {
    const f = await tramiteEjemplo();
    const buf = await libroPagos(
      [
        ['124', 3.1, f.idTramite, '15/04/2026'],
        [],
        ['123', { formula: '20+5.5', result: 25.5 }, String(f.idTramite), new Date(Date.UTC(2026, 3, 16))],
      ],
      { encabezado: ['noPlanilla', 'VALORPAGADO', 'idTramite', 'fechaPago'] },
    );
    const res = await subir(f.idTramite, buf, { filename: 'pagos de abril.xlsx' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ filas: 2, totalPagado: '28.60' });
    const filas = await t.database.query<{ fila: number; valor: string; fecha: string }>(
      `SELECT f.fila, f.valor_pagado::text AS valor, f.fecha_pago::text AS fecha FROM pago_fin_fila f
         JOIN pago_fin p USING (id_pago_fin) WHERE p.id_tramite = $1 ORDER BY f.fila`,
      [f.idTramite],
    );
    // Row 3 is empty: the rows keep the numbers Excel shows.
    expect(filas).toEqual([
      { fila: 2, valor: '3.10', fecha: '2026-04-15' },
      { fila: 4, valor: '25.50', fecha: '2026-04-16' },
    ]);
  });

  it('a bad book: every row’s problem with Excel’s row number, all or nothing', async () => {
    const f = await tramiteEjemplo();
    const buf = await libroPagos([
      [f.idTramite, '123', '99203', null, 'abc'],
      [f.idTramite, '999', null, null, 1],
      [f.idTramite, '124', null, null, 2.555],
      [f.idTramite, '124', null, null, 1, null, 'REF', 'sobra'],
      [f.idTramite, '124', null, null, 3.1],
      [f.idTramite + 1, '124', null, null, 1],
    ]);
    const res = await subir(f.idTramite, buf, { filename: 'pagos.xlsx' });
    expect(res.statusCode, res.body).toBe(400);
    const e = rechazo(res).error;
    expect(e.message).toBe(MSG_FINANZAS.conErrores(5));
    expect(e.detalles).toEqual([
      `Fila 2: ${MSG_FINANZAS.noEsNumero('Valor pagado', 'abc')}`,
      `Fila 3: ${MSG_FINANZAS.planillaNoExiste('999')}`,
      `Fila 4: ${MSG_FINANZAS.decimales('Valor pagado', '2.555')}`,
      `Fila 5: ${MSG_FINANZAS.columnasFila(8, 7)}`,
      `Fila 7: ${MSG_FINANZAS.tramiteDistinto(String(f.idTramite + 1), f.idTramite)}`,
    ]);
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 0, filas: 0, det: 0 });
  });

  it('a book without the required columns, with only the header, or a ZIP that is no book: refused, nothing written', async () => {
    const f = await tramiteEjemplo();
    const sinColumna = await subir(
      f.idTramite,
      await libroPagos([[f.idTramite, '124']], { encabezado: ['idTramite', 'noPlanilla'] }),
      { filename: 'pagos.xlsx' },
    );
    expect(sinColumna.statusCode).toBe(400);
    expect(rechazo(sinColumna).error.message).toBe(MSG_FINANZAS.faltanColumnas('valorPagado (Valor pagado)'));
    const soloEncabezado = await subir(f.idTramite, await libroPagos([]), { filename: 'pagos.xlsx' });
    expect(soloEncabezado.statusCode).toBe(400);
    expect(rechazo(soloEncabezado).error.message).toBe(MSG_FINANZAS.archivoVacio);
    // The payments on a second sheet are not read: the first one has none.
    const segunda = await subir(
      f.idTramite,
      await libroPagos([[f.idTramite, '124', null, null, 1]], { otraHojaPrimero: true }),
      {
        filename: 'pagos.xlsx',
      },
    );
    expect(segunda.statusCode).toBe(400);
    expect(rechazo(segunda).error.message).toBe(MSG_FINANZAS.archivoVacio);
    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(csv(`${f.idTramite};124;;;1.00;;`)), 'pagos.csv');
    zip.end();
    const partes: Buffer[] = [];
    for await (const p of zip.outputStream) partes.push(p as Buffer);
    const noLibro = await subir(f.idTramite, Buffer.concat(partes), {
      filename: 'pagos.xlsx',
    });
    expect(noLibro.statusCode).toBe(400);
    expect(rechazo(noLibro).error.message).toBe(MSG_FINANZAS.excelInvalido);
    // A CSV named .xlsx is read as the CSV it is.
    const csvConNombre = await subir(f.idTramite, csv(`${f.idTramite};124;;;1.00;;`), {
      filename: 'pagos.xlsx',
    });
    expect(csvConNombre.statusCode, csvConNombre.body).toBe(201);
    expect(await pagosGuardados(f.idTramite)).toEqual({ archivos: 1, filas: 1, det: 1 });
  });
});
