import fs from 'node:fs';
import path from 'node:path';
import { COLUMNAS_DATOS, MSG, MSG_ANULACION, MSG_CARGA, MSG_TRAMITE } from '@app/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CED, CED_GYE, crudo, csv, type Fila, fila } from '../../test/filas-datos.ts';
import {
  createTestContext,
  DEMO,
  errorOf,
  type IdsDemo,
  idsDemo,
  type TestContext,
} from '../../test/helpers.ts';
import { multipart, type Part } from '../../test/multipart.ts';
import { leerCsv, leerXlsx } from '../../test/xlsx.ts';

let t: TestContext;
let ids: IdsDemo;
let seq = 0;

beforeAll(async () => {
  t = await createTestContext();
  ids = await idsDemo(t);
});
afterAll(async () => t?.close());

type Tramite = {
  frecuencia?: 'M' | 'S';
  desde?: string;
  hasta?: string;
  estado?: string;
  numSemana?: number;
  prestador?: number;
};

/** A procedure written directly (the procedure routes are another feature's). */
async function crearTramite(o: Tramite = {}): Promise<number> {
  seq++;
  const [r] = await t.database.query<{ id: number }>(
    `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                          descripcion, estado_tramite, frecuencia_carga, num_semana, max_semanas)
     VALUES ($1, $2, $3, 1, $4, $5, $6, 'PRUEBA DE CARGAS', $7, $8, $9, 4) RETURNING id_tramite AS id`,
    [
      ids.suscripcion,
      ids.aseguradora,
      o.prestador ?? ids.prestador,
      `TC-${process.pid}-${seq}`,
      o.desde ?? '2026-03-01',
      o.hasta ?? '2026-03-31',
      o.estado ?? 'REGISTRADO',
      o.frecuencia ?? 'M',
      o.numSemana ?? 0,
    ],
  );
  return r.id;
}

/** Two attentions: A-1 (consultation, lab, x-ray) and A-2 (medicine by the provider's own code). */
const lote = (id: number) => [
  fila(id),
  fila(id, { noServicio: '85025', vSem: '7.90', tipo: 'L', cantidad: '2' }),
  fila(id, { noServicio: '71020', vSem: '24.60', tipo: 'X', fechaAtencion: '03/03/2026' }),
  fila(id, {
    noPlanilla: 'A-2',
    cedula1: CED_GYE,
    nombre: 'ZAMBRANO ÑAUPARI LUIS',
    fIngreso: '05/03/2026',
    fSalida: '2026-03-05',
    diagPri: 'I10',
    diagSec: '',
    noServicio: 'CSM-CONS-03',
    vSem: '25,50',
    lMuerto: 'S',
    fechaAtencion: '',
  }),
];

async function xlsx(rows: Fila[], opts: { numericCedula?: boolean } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Atenciones');
  ws.addRow([...COLUMNAS_DATOS]);
  for (const r of rows) {
    ws.addRow(
      COLUMNAS_DATOS.map((c) => {
        const v = r[c];
        if (c === 'fIngreso' && /^\d{4}-/.test(v)) return new Date(`${v}T00:00:00Z`);
        if ((c === 'cantidad' || c === 'idTramite') && v) return Number(v);
        if (c === 'cedula1' && opts.numericCedula) return Number(v);
        return v === '' ? null : v;
      }),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function subir(
  idTramite: number,
  filename: string | null,
  content: Buffer | string,
  o: { usuario?: string; fields?: Record<string, string>; query?: string; ctx?: TestContext } = {},
) {
  const ctx = o.ctx ?? t;
  const parts: Part[] = Object.entries(o.fields ?? {}).map(([name, value]) => ({ name, value }));
  if (filename !== null) parts.push({ name: 'archivo', filename, content });
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tramites/${idTramite}/cargas${o.query ?? ''}`,
    headers: { ...(await ctx.auth(o.usuario ?? DEMO.prestador)), ...body.headers },
    payload: body.payload,
  });
}

type Resumen = Record<string, unknown> & {
  idCarga: number;
  estadoProceso: string;
  obs: string;
  numeroRegistros: number;
  contadorErrores: number;
  contadorNovedades: number;
  tieneErrores: number;
};

async function resumen(idCarga: number, usuario: string = DEMO.prestador): Promise<Resumen> {
  const res = await t.app.inject({ url: `/api/v1/cargas/${idCarga}`, headers: await t.auth(usuario) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Waits for the background job (the upload answers 202 at once). */
async function esperar(idCarga: number): Promise<Resumen> {
  for (let i = 0; i < 600; i++) {
    const r = await resumen(idCarga);
    if (r.estadoProceso !== 'PROCESANDO') return r;
    await new Promise((ok) => setTimeout(ok, 25));
  }
  throw new Error(`carga ${idCarga} no terminó`);
}

async function cargar(
  idTramite: number,
  filename: string,
  content: Buffer | string,
  fields?: Record<string, string>,
) {
  const res = await subir(idTramite, filename, content, { fields });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({
    idCarga: expect.any(Number),
    estadoProceso: 'PROCESANDO',
    mensaje: MSG_CARGA.recibida,
  });
  return esperar(res.json().idCarga);
}

const filasDe = async (idCarga: number) =>
  (
    await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM carga_fila WHERE id_carga = $1', [
      idCarga,
    ])
  )[0].n;
const erroresDe = async (idCarga: number) =>
  (
    await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM carga_error WHERE id_carga = $1', [
      idCarga,
    ])
  )[0].n;
const cargasDe = async (idTramite: number) =>
  (
    await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM carga WHERE id_tramite = $1', [
      idTramite,
    ])
  )[0].n;
const estadoDe = async (idTramite: number) =>
  (
    await t.database.query<{ e: string }>('SELECT estado_tramite AS e FROM tramite WHERE id_tramite = $1', [
      idTramite,
    ])
  )[0].e;
const tmpVacio = () => fs.readdirSync(path.join(t.config.dataDir, 'tmp')).length === 0;

async function incidencias(idCarga: number, tipo: 'errores' | 'novedades', usuario: string = DEMO.prestador) {
  const res = await t.app.inject({
    url: `/api/v1/cargas/${idCarga}/${tipo}?pageSize=100`,
    headers: await t.auth(usuario),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { fila: number; columna: string; valor: string | null; mensaje: string }[];
    total: number;
  };
}

describe('upload and ingest, happy paths', () => {
  it('JSON array: 202 at once, then COMPLETADA with counters, raw rows kept, procedure CARGADO, bitácora', async () => {
    const id = await crearTramite();
    const c = await cargar(id, 'atenciones.json', JSON.stringify(lote(id)), {
      fechaModificacion: '1767225600000',
    });
    expect(c).toMatchObject({
      idTramite: id,
      tipoCarga: 'M',
      fechaDesde: '2026-03-01',
      fechaHasta: '2026-03-31',
      estadoProceso: 'COMPLETADA',
      progreso: 100,
      numeroRegistros: 4,
      numeroRegVal: 4,
      contadorErrores: 0,
      contadorNovedades: 0,
      tieneErrores: 0,
      tieneNovedades: 0,
      tienePlanillas: 0,
      estado: 1,
      nombreArchivo: 'atenciones.json',
      formato: 'json',
      tamanioArchivo: Buffer.byteLength(JSON.stringify(lote(id))),
      obs: 'Archivo procesado: 4 registros, 4 válidos, 0 con errores y 0 con novedades.',
      mensaje: 'Archivo procesado: 4 registros, 4 válidos, 0 con errores y 0 con novedades.',
      fechaModificacion: '2026-01-01T00:00:00.000Z',
    });
    expect(c.filasPorSegundo).toBeGreaterThan(0);
    expect(await filasDe(c.idCarga)).toBe(4);
    const [raw] = await t.database.query<Record<string, string>>(
      'SELECT f_ingreso, v_sem, diag_sec FROM carga_fila WHERE id_carga = $1 AND fila = 4',
      [c.idCarga],
    );
    expect(raw).toEqual({ f_ingreso: '05/03/2026', v_sem: '25,50', diag_sec: null });
    expect(await estadoDe(id)).toBe('CARGADO');
    const log = await t.database.query<{ observacion: string }>(
      'SELECT observacion FROM bitacora_tra WHERE id_tramite = $1',
      [id],
    );
    expect(log.map((l) => l.observacion)).toEqual([
      `Carga ${c.idCarga} (atenciones.json): Archivo procesado: 4 registros, 4 válidos, 0 con errores y 0 con novedades. El trámite pasa de REGISTRADO a CARGADO.`,
    ]);
    expect(tmpVacio()).toBe(true);
  });

  it('values with a tab, a backslash or a line break are stored as written (COPY escapes only the batches that need it)', async () => {
    const id = await crearTramite();
    const raro = 'DRA. ANA\tLÓPEZ \\ PÉREZ\nSEGUNDA LÍNEA';
    // 2,001 rows: the first batch of the parse thread has nothing to escape, the second has the value.
    const filas = Array.from({ length: 2001 }, (_, i) =>
      fila(id, { noPlanilla: `E-${Math.floor(i / 3)}`, ...(i === 2000 ? { nombreMedIns: raro } : {}) }),
    );
    const c = await cargar(id, 'escapes.json', JSON.stringify(filas));
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 2001, contadorErrores: 0 });
    const raw = await t.database.query<{ fila: number; m: string }>(
      'SELECT fila, nombre_med_ins AS m FROM carga_fila WHERE id_carga = $1 AND fila IN (1, 2001) ORDER BY fila',
      [c.idCarga],
    );
    expect(raw).toEqual([
      { fila: 1, m: fila(id).nombreMedIns },
      { fila: 2001, m: raro },
    ]);
  });

  it('JSON { "filas": [...] }, CSV with ";" and BOM, CSV with "," and Excel give the same rows', async () => {
    const id = await crearTramite();
    const filas = lote(id);
    const a = await cargar(id, 'a.json', JSON.stringify({ filas }));
    const b = await cargar(id, 'b.csv', csv(filas, ';', true));
    const c = await cargar(id, 'c.CSV', csv(filas, ',', false));
    const d = await cargar(id, 'd.xlsx', await xlsx(filas));
    for (const x of [a, b, c, d])
      expect(x, `${x.nombreArchivo}: ${x.obs}`).toMatchObject({
        estadoProceso: 'COMPLETADA',
        numeroRegistros: 4,
        contadorErrores: 0,
      });
    const dump = async (idCarga: number) =>
      t.database.query(
        `SELECT fila, no_planilla, cedula1, nombre, f_salida, diag_pri, cantidad, tipo FROM carga_fila WHERE id_carga = $1 ORDER BY fila`,
        [idCarga],
      );
    const ref = await dump(a.idCarga);
    expect(await dump(b.idCarga)).toEqual(ref);
    expect(await dump(c.idCarga)).toEqual(ref);
    expect(await dump(d.idCarga)).toEqual(ref);
    const [x] = await t.database.query<{ f: string }>(
      'SELECT f_ingreso AS f FROM carga_fila WHERE id_carga = $1 AND fila = 1',
      [d.idCarga],
    );
    expect(x.f).toBe('2026-03-02'); // an Excel date cell
  });

  it('Excel: a cédula typed as a number keeps its leading zero', async () => {
    const id = await crearTramite();
    const c = await cargar(
      id,
      'e.xlsx',
      await xlsx([fila(id, { cedula1: CED_GYE })], { numericCedula: true }),
    );
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 1, contadorErrores: 0 });
    const [r] = await t.database.query<{ c: string }>(
      'SELECT cedula1 AS c FROM carga_fila WHERE id_carga = $1',
      [c.idCarga],
    );
    expect(r.c).toBe(CED_GYE);
  });

  it('CSV: headers in any case and order, extra columns ignored, rows of empty fields skipped', async () => {
    const id = await crearTramite();
    const cols = [...COLUMNAS_DATOS].reverse();
    const f = fila(id);
    const text = [
      [...cols.map((c) => c.toUpperCase()), 'observacion'].join(';'),
      [...cols.map((c) => f[c]), 'nota libre'].join(';'),
      ';'.repeat(cols.length),
      '',
    ].join('\n');
    const c = await cargar(id, 'orden.csv', text);
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 1, contadorErrores: 0 });
  });

  it('the content decides the format, not the name: a CSV named .json, a JSON named .csv, an Excel book named .txt', async () => {
    const id = await crearTramite();
    const f = fila(id);
    const csv = `${COLUMNAS_DATOS.join(';')}\n${COLUMNAS_DATOS.map((c) => f[c]).join(';')}\n`;
    const comoJson = await cargar(id, 'datos.json', csv);
    expect(comoJson).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 1, contadorErrores: 0 });
    const comoCsv = await cargar(id, 'datos.csv', JSON.stringify([f]));
    expect(comoCsv).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 1, contadorErrores: 0 });
    const comoTxt = await cargar(id, 'datos.txt', await xlsx([f]));
    expect(comoTxt).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 1, contadorErrores: 0 });
    const formatos = await t.database.query<{ formato: string }>(
      'SELECT formato FROM carga WHERE id_tramite = $1 ORDER BY id_carga',
      [id],
    );
    expect(formatos.map((r) => r.formato)).toEqual(['csv', 'json', 'xlsx']);
  });

  it('idTramite may be the number people see (TR-2026-000006, any case) or the internal id; another number is an error', async () => {
    const id = await crearTramite();
    const [{ numero }] = await t.database.query<{ numero: string }>(
      'SELECT numero FROM tramite WHERE id_tramite = $1',
      [id],
    );
    const csv = (rows: Fila[]) =>
      [COLUMNAS_DATOS.join(';'), ...rows.map((r) => COLUMNAS_DATOS.map((c) => r[c]).join(';'))].join('\n');
    const bien = await cargar(
      id,
      'numero.csv',
      csv([fila(id, { idTramite: numero }), fila(id, { idTramite: ` ${numero.toLowerCase()} ` }), fila(id)]),
    );
    expect(bien).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 3, contadorErrores: 0 });
    const mal = await cargar(id, 'otro.csv', csv([fila(id, { idTramite: 'TR-1999-000001' })]));
    expect(mal).toMatchObject({ estadoProceso: 'COMPLETADA', contadorErrores: 1 });
  });

  it('?esperar=true answers when the load is processed, with its counters (integration contract)', async () => {
    const id = await crearTramite();
    const res = await subir(id, 'sync.json', JSON.stringify([fila(id), fila(id, { cantidad: '-1' })]), {
      query: '?esperar=true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      idCarga: expect.any(Number),
      estadoProceso: 'COMPLETADA',
      numeroRegistros: 2,
      contadorErrores: 1,
      contadorNovedades: 0,
      mensaje: 'Archivo procesado: 2 registros, 1 válidos, 1 con errores y 0 con novedades.',
    });
  });

  it('a weekly procedure loads week numSemana + 1 by default; an explicit period must lie inside the procedure', async () => {
    const id = await crearTramite({
      frecuencia: 'S',
      desde: '2026-03-02',
      hasta: '2026-03-29',
      numSemana: 1,
    });
    const filas = [fila(id, { fIngreso: '2026-03-10', fSalida: '2026-03-11', fechaAtencion: '2026-03-10' })];
    const c = await cargar(id, 's.json', JSON.stringify(filas));
    expect(c).toMatchObject({
      tipoCarga: 'S',
      numSemana: 2,
      fechaDesde: '2026-03-09',
      fechaHasta: '2026-03-15',
      contadorErrores: 0,
    });
    const fuera = await subir(id, 's.json', JSON.stringify(filas), {
      fields: { fechaDesde: '2026-02-20', fechaHasta: '2026-03-05' },
    });
    expect(fuera.statusCode).toBe(400);
    expect(errorOf(fuera).error.message).toBe(MSG_CARGA.fechasFueraTramite);
    const inv = await subir(id, 's.json', JSON.stringify(filas), {
      fields: { fechaDesde: '2026-03-10', fechaHasta: '2026-03-09' },
    });
    expect(inv.statusCode).toBe(400);
    expect(errorOf(inv).error.fields).toHaveProperty('fechaHasta', MSG_CARGA.fechasInvertidas);
    const ok = await cargar(id, 's.json', JSON.stringify(filas), {
      fechaDesde: '2026-03-09',
      fechaHasta: '2026-03-12',
    });
    expect(ok).toMatchObject({ fechaDesde: '2026-03-09', fechaHasta: '2026-03-12', contadorErrores: 0 });
    const lastWeek = await crearTramite({
      frecuencia: 'S',
      desde: '2026-03-02',
      hasta: '2026-03-08',
      numSemana: 1,
    });
    const none = await subir(lastWeek, 's.json', '[]');
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).error.message).toBe(MSG_CARGA.sinSemanas);
    expect(await cargasDe(lastWeek)).toBe(0);
  });
});

describe('rows with errors and novedades', () => {
  it('each bad value is an error on its row and column, in Spanish; novedades do not block', async () => {
    const id = await crearTramite();
    const otro = await crearTramite();
    const filas = [
      fila(id), // 1 ok
      fila(id, { noPlanilla: 'B-1', fIngreso: '2026-02-27', fechaAtencion: '2026-03-02' }), // 2 outside the period
      fila(id, { noPlanilla: 'B-2', diagPri: 'Z99.99', diagSec: 'U99' }), // 3 unknown CIE-10 (two)
      fila(id, { noPlanilla: 'B-3', noServicio: 'NOEXISTE-1' }), // 4 unknown service code
      fila(id, { noPlanilla: 'B-4', cantidad: '-3' }), // 5 negative quantity
      fila(id, { noPlanilla: 'B-5', idTramite: String(otro) }), // 6 another procedure
      fila(id, { noPlanilla: 'B-6', cedula1: '1710034066', vSem: '30.00' }), // 7 two novedades
      fila(id, { fSalida: '2026-03-04', fechaAtencion: '2026-03-04' }), // 8 A-1 disagrees with row 1
    ];
    const c = await cargar(id, 'malos.json', JSON.stringify(filas));
    expect(c).toMatchObject({
      estadoProceso: 'COMPLETADA',
      numeroRegistros: 8,
      numeroRegVal: 2,
      contadorErrores: 6,
      contadorNovedades: 1,
      tieneErrores: 1,
      tieneNovedades: 1,
      obs: 'Archivo procesado: 8 registros, 2 válidos, 6 con errores y 1 con novedades.',
    });
    const errs = await incidencias(c.idCarga, 'errores');
    expect(
      errs.items.map(({ fila, columna, valor, mensaje }) => ({ fila, columna, valor, mensaje })),
    ).toEqual([
      {
        fila: 2,
        columna: 'fIngreso',
        valor: '2026-02-27',
        mensaje: 'Fecha de ingreso 27/02/2026 está fuera del período de la carga (01/03/2026 al 31/03/2026).',
      },
      {
        fila: 3,
        columna: 'diagPri',
        valor: 'Z99.99',
        mensaje: 'El código CIE-10 Z99.99 no existe en el catálogo de diagnósticos.',
      },
      {
        fila: 3,
        columna: 'diagSec',
        valor: 'U99',
        mensaje: 'El código CIE-10 U99 no existe en el catálogo de diagnósticos.',
      },
      {
        fila: 4,
        columna: 'noServicio',
        valor: 'NOEXISTE-1',
        mensaje:
          'El código de servicio NOEXISTE-1 no existe en el tarifario ni en las equivalencias del prestador.',
      },
      {
        fila: 5,
        columna: 'cantidad',
        valor: '-3',
        mensaje: 'La cantidad debe ser un número entero mayor o igual a 1.',
      },
      {
        fila: 6,
        columna: 'idTramite',
        valor: String(otro),
        mensaje: `El idTramite ${otro} no corresponde al trámite ${id} en el que se carga el archivo.`,
      },
      {
        fila: 8,
        columna: 'fSalida',
        valor: '2026-03-04',
        mensaje: 'Las filas de la planilla A-1 no coinciden: fecha de salida difiere de la fila 1.',
      },
    ]);
    const nov = await incidencias(c.idCarga, 'novedades');
    expect(nov.items.map((n) => [n.fila, n.columna, n.mensaje])).toEqual([
      [7, 'cedula1', 'La cédula del paciente 1710034066 tiene un dígito verificador incorrecto.'],
      [7, 'vSem', 'El valor unitario 30.00 difiere del tarifario del prestador (25.50).'],
    ]);
    const una = await t.app.inject({
      url: `/api/v1/cargas/${c.idCarga}/errores?fila=3&pageSize=1`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(una.json()).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 1,
      items: [{ fila: 3, columna: 'diagPri' }],
    });
    const mala = await t.app.inject({
      url: `/api/v1/cargas/${c.idCarga}/errores?fila=tres`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().error.message).toBe('La fila debe ser un número entero positivo.');
    const flags = await t.database.query<{ fila: number }>(
      'SELECT fila FROM carga_fila WHERE id_carga = $1 AND tiene_error ORDER BY fila',
      [c.idCarga],
    );
    expect(flags.map((f) => f.fila)).toEqual([2, 3, 4, 5, 6, 8]);
    expect(await estadoDe(id)).toBe('REGISTRADO');

    // A load with errors cannot be organised; it can be deleted, once.
    const org = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cargas/${c.idCarga}/organizar`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(org.statusCode).toBe(409);
    expect(errorOf(org).error.message).toBe(MSG_CARGA.conErrores);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cargas/${c.idCarga}`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ mensaje: 'La carga fue eliminada con éxito.' });
    expect(await filasDe(c.idCarga)).toBe(0);
    expect(await erroresDe(c.idCarga)).toBe(0);
    expect((await resumen(c.idCarga)).estado).toBe(0);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cargas/${c.idCarga}`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error.message).toBe(MSG_CARGA.yaEliminada);
    const list = await t.app.inject({
      url: `/api/v1/tramites/${id}/cargas`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(list.json().total).toBe(0);
  });

  it('the set-based checks give the same answer when they read the distinct values from the stored rows', async () => {
    const id = await crearTramite();
    const filas = [
      fila(id),
      fila(id, { noPlanilla: 'C-1', diagPri: 'Z99.99', diagSec: 'J06.9' }),
      fila(id, { noPlanilla: 'C-2', diagSec: 'Z99.99', noServicio: 'NOEXISTE-2' }),
      fila(id, { noPlanilla: 'C-3', vSem: '26' }),
      fila(id, { nombre: 'OTRA PERSONA' }),
      fila(id, { diagPri: 'j069', fIngreso: '02/03/2026' }), // same attention, same values once normalised
    ];
    const c = await cargar(id, 'conjunto.json', JSON.stringify(filas));
    expect(c).toMatchObject({ contadorErrores: 3, contadorNovedades: 1 });
    const errores = `SELECT tipo, fila, columna, valor, mensaje FROM carga_error WHERE id_carga = $1 ORDER BY tipo, fila, columna`;
    const antes = await t.database.query(errores, [c.idCarga]);
    expect(antes).toHaveLength(5);
    const [{ prestador }] = await t.database.query<{ prestador: number }>(
      'SELECT id_prestador AS prestador FROM tramite WHERE id_tramite = $1',
      [id],
    );
    const { validarConjunto } = await import('./checks.ts');
    const desdeFilas = await t.database
      .transaction(async (tx) => {
        await tx.query('DELETE FROM carga_error WHERE id_carga = $1', [c.idCarga]);
        await tx.query(
          'UPDATE carga_fila SET tiene_error = false, tiene_novedad = false WHERE id_carga = $1',
          [c.idCarga],
        );
        const n = await validarConjunto(tx, c.idCarga, prestador, {
          diagnosticos: null,
          servicios: null,
          precios: null,
          planillas: null,
        });
        throw Object.assign(new Error('rollback'), {
          result: { n, rows: await tx.query(errores, [c.idCarga]) },
        });
      })
      .catch((e: { result: unknown }) => e.result);
    expect(desdeFilas).toEqual({ n: { errores: 3, novedades: 1 }, rows: antes });
    expect(await erroresDe(c.idCarga)).toBe(5);
  });

  it('a load without errors cannot be deleted once the procedure is sent (409; before sending: features/tramites/deshacer.test.ts)', async () => {
    const id = await crearTramite();
    const c = await cargar(id, 'ok.json', JSON.stringify([fila(id)]));
    await t.database.query(`UPDATE tramite SET estado_tramite = 'ENVIADO' WHERE id_tramite = $1`, [id]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cargas/${c.idCarga}`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).error.message).toBe(MSG_ANULACION.cargaEnviada);
    expect(await filasDe(c.idCarga)).toBe(1);
  });
});

describe('files that cannot be read: the load ends FALLIDA with the reason, and no row is stored', () => {
  const casos: [string, string, (id: number) => string | Promise<Buffer>, string][] = [
    [
      'truncated JSON',
      'cortado.json',
      (id) => JSON.stringify(lote(id)).slice(0, -20),
      MSG_CARGA.jsonMalFormado('el archivo termina antes de cerrar todos los elementos'),
    ],
    [
      'JSON that is not an array',
      'objeto.json',
      () => '{"atenciones": [{"noPlanilla": "1"}]}',
      MSG_CARGA.jsonNoArreglo,
    ],
    ['JSON array of non-objects', 'numeros.json', () => '[1, 2, 3]', MSG_CARGA.jsonFilaNoObjeto(1)],
    ['empty JSON array (0 rows)', 'vacio.json', () => '[ ]', MSG_CARGA.sinFilas],
    [
      'CSV with missing columns',
      'faltan.csv',
      (id) =>
        csv([fila(id)])
          .replace(';nombreMedIns;tipo;fechaAtencion', '')
          .replace(/;DR\. CARLOS VERA;P;2026-03-02/, ''),
      MSG_CARGA.columnasFaltantes(['nombreMedIns', 'tipo', 'fechaAtencion']),
    ],
    [
      'CSV with extra separators',
      'separadores.csv',
      (id) => `${csv([fila(id)])}${crudo(fila(id, { nombre: 'PÉREZ; MARÍA' }))}\r\n`,
      MSG_CARGA.columnasInconsistentes(3, 20, 19),
    ],
    [
      'CSV with only the header (0 rows)',
      'encabezado.csv',
      () => `${COLUMNAS_DATOS.join(';')}\n`,
      MSG_CARGA.sinFilas,
    ],
    [
      'CSV with an unclosed quote',
      'comillas.csv',
      (id) => `${csv([fila(id)])}${crudo(fila(id, { nombre: '"PÉREZ' }))}\r\n`,
      MSG_CARGA.csvMalFormado(4, 'comillas sin cerrar'),
    ],
    ['.xlsx that is a ZIP but not a workbook', 'zip.xlsx', () => zipNoExcel(), MSG_CARGA.excelInvalido],
  ];
  for (const [nombre, archivo, contenido, motivo] of casos) {
    it(nombre, async () => {
      const id = await crearTramite();
      const c = await cargar(id, archivo, await contenido(id));
      expect(c).toMatchObject({
        estadoProceso: 'FALLIDA',
        obs: motivo,
        mensaje: motivo,
        numeroRegistros: 0,
        tieneErrores: 1,
      });
      expect(await filasDe(c.idCarga)).toBe(0);
      expect(await erroresDe(c.idCarga)).toBe(0);
      expect(await estadoDe(id)).toBe('REGISTRADO');
      expect(tmpVacio()).toBe(true);
    });
  }

  it('a malformed end after many batches rolls back every batch already written', async () => {
    const id = await crearTramite();
    const filas = Array.from({ length: 12_000 }, (_, i) => fila(id, { noPlanilla: `M-${i}` }));
    const c = await cargar(id, 'grande.json', `${JSON.stringify(filas).slice(0, -1)},{"noPlanilla": `);
    expect(c).toMatchObject({ estadoProceso: 'FALLIDA', numeroRegistros: 0 });
    expect(await filasDe(c.idCarga)).toBe(0);
    expect(await erroresDe(c.idCarga)).toBe(0);
    // The failed load can be deleted like any load with errors.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cargas/${c.idCarga}`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(del.statusCode).toBe(200);
  }, 120_000);
});

/** A real ZIP that is not an xlsx (an xlsx's magic bytes, wrong insides). */
async function zipNoExcel(): Promise<Buffer> {
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from('hola'), 'nota.txt');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const ch of zip.outputStream) chunks.push(ch as Buffer);
  return Buffer.concat(chunks);
}

describe('requests refused at once: nothing is stored', () => {
  const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  const casos: [string, string | null, Buffer | string, number, string][] = [
    ['no file', null, '', 400, MSG_TRAMITE.sinArchivo],
    ['an empty file', 'vacio.csv', '', 400, MSG_CARGA.archivoVacio],
    ['a PDF', 'datos.pdf', pdf, 415, MSG_CARGA.formatoNoReconocido],
    [
      'an old .xls',
      'datos.xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]),
      415,
      MSG_CARGA.formatoNoReconocido,
    ],
    ['an .xlsx that is really a PDF', 'datos.xlsx', pdf, 415, MSG_CARGA.formatoNoReconocido],
    [
      'a .json that starts like JSON but is Windows-1252 text',
      'datos.json',
      Buffer.from('[{"nombre":"P\xc9REZ"}]', 'latin1'),
      415,
      MSG_CARGA.contenidoInvalido('JSON'),
    ],
    ['a .csv that is a PDF', 'datos.csv', pdf, 415, MSG_CARGA.formatoNoReconocido],
    [
      'a .csv that is binary',
      'datos.csv',
      Buffer.from([0x41, 0x00, 0x01, 0x02, 0x42]),
      415,
      MSG_CARGA.formatoNoReconocido,
    ],
  ];
  for (const [nombre, archivo, contenido, status, mensaje] of casos) {
    it(`${nombre} → ${status}`, async () => {
      const id = await crearTramite();
      const res = await subir(id, archivo, contenido);
      expect(res.statusCode).toBe(status);
      expect(errorOf(res).error.message).toBe(mensaje);
      expect(await cargasDe(id)).toBe(0);
      expect(tmpVacio()).toBe(true);
    });
  }

  it('a JSON request instead of multipart → 400 no file', async () => {
    const id = await crearTramite();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tramites/${id}/cargas`,
      headers: await t.auth(DEMO.prestador),
      payload: { archivo: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error.message).toBe(MSG_TRAMITE.sinArchivo);
  });

  it('a file over UPLOAD_MAX_MB → 413', async () => {
    const small = await createTestContext({ UPLOAD_MAX_MB: 0.01 });
    try {
      const [{ id }] = await small.database.query<{ id: number }>(
        `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                              descripcion, frecuencia_carga)
         VALUES ($1, $2, $3, 1, 'TC-413', '2026-03-01', '2026-03-31', 'X', 'M') RETURNING id_tramite AS id`,
        [ids.suscripcion, ids.aseguradora, ids.prestador],
      );
      const big = JSON.stringify(Array.from({ length: 200 }, () => fila(id)));
      const res = await subir(id, 'grande.json', big, { ctx: small });
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).error.message).toBe(MSG.archivoMuyGrande);
      const [{ n }] = await small.database.query<{ n: number }>('SELECT count(*)::int AS n FROM carga');
      expect(n).toBe(0);
      expect(fs.readdirSync(path.join(small.config.dataDir, 'tmp'))).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('who may upload where', () => {
  it('only providers (403); another company’s procedure is not found (404) for every load route', async () => {
    const id = await crearTramite();
    const c = await cargar(id, 'a.json', JSON.stringify([fila(id), fila(id, { cantidad: '0' })]));
    const json = JSON.stringify([fila(id)]);
    const revisor = await subir(id, 'a.json', json, { usuario: DEMO.revisor });
    expect(revisor.statusCode).toBe(403);
    expect(errorOf(revisor).error.message).toBe(MSG.noAutorizado);
    const otro = await subir(id, 'a.json', json, { usuario: DEMO.prestador2 });
    expect(otro.statusCode).toBe(404);
    expect(errorOf(otro).error.message).toBe(MSG.noEncontrado);
    const h2 = await t.auth(DEMO.prestador2);
    for (const [method, url] of [
      ['GET', `/api/v1/cargas/${c.idCarga}`],
      ['GET', `/api/v1/cargas/${c.idCarga}/errores`],
      ['GET', `/api/v1/tramites/${id}/cargas`],
      ['GET', `/api/v1/tramites/${id}/archivos-datos/csv`],
      ['GET', `/api/v1/tramites/${id}/filas`],
      ['DELETE', `/api/v1/cargas/${c.idCarga}`],
      ['POST', `/api/v1/cargas/${c.idCarga}/organizar`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: h2 });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await cargasDe(id)).toBe(1);
    // Insurer staff do not read a load the provider has not sent (issue 11 item 4), nor change it.
    for (const [usuario, url] of [
      [DEMO.auditorAm, `/api/v1/cargas/${c.idCarga}`],
      [DEMO.supervisorAm, `/api/v1/cargas/${c.idCarga}/errores`],
    ] as const) {
      const res = await t.app.inject({ url, headers: await t.auth(usuario) });
      expect(res.statusCode, `${usuario} ${url}`).toBe(404);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cargas/${c.idCarga}`,
      headers: await t.auth(DEMO.supervisorAm),
    });
    expect(del.statusCode).toBe(403);
  });

  it('states: monthly only REGISTRADO/CARGADO; weekly up to DOCUMENTADO; never once sent (409)', async () => {
    const json = (id: number) => JSON.stringify([fila(id)]);
    const enviado = await crearTramite({ estado: 'ENVIADO' });
    const r1 = await subir(enviado, 'a.json', json(enviado));
    expect(r1.statusCode).toBe(409);
    expect(errorOf(r1).error.message).toBe(MSG_CARGA.estadoNoPermiteCarga('ENVIADO'));
    const mensual = await crearTramite({ estado: 'ESTRUCTURADO' });
    const r2 = await subir(mensual, 'a.json', json(mensual));
    expect(r2.statusCode).toBe(409);
    expect(errorOf(r2).error.message).toBe(MSG_CARGA.estadoNoPermiteCarga('ESTRUCTURADO'));
    expect(await cargasDe(enviado)).toBe(0);
    expect(await cargasDe(mensual)).toBe(0);
    const semanal = await crearTramite({
      estado: 'DOCUMENTADO',
      frecuencia: 'S',
      desde: '2026-03-02',
      hasta: '2026-03-29',
    });
    const c = await cargar(
      semanal,
      'a.json',
      JSON.stringify([fila(semanal, { fIngreso: '2026-03-02', fSalida: '2026-03-03' })]),
    );
    expect(c).toMatchObject({ estadoProceso: 'COMPLETADA', contadorErrores: 0 });
    expect(await estadoDe(semanal)).toBe('DOCUMENTADO');
  });

  it('an authorization load needs an authorization of the procedure and uses its dates', async () => {
    const id = await crearTramite({ estado: 'CARGADO' });
    const [a] = await t.database.query<{ id: number }>(
      `INSERT INTO autorizacion (id_tramite, descripcion, fecha_desde, fecha_hasta, estado_aut)
       VALUES ($1, 'CIRUGÍA', '2026-03-02', '2026-03-06', 'APROBADA')
       RETURNING id_autorizacion AS id`,
      [id],
    );
    const c = await cargar(id, 'aut.json', JSON.stringify([fila(id)]), { idAutorizacion: String(a.id) });
    expect(c).toMatchObject({
      tipoCarga: 'A',
      idAutorizacion: a.id,
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-06',
    });
    const otra = await crearTramite();
    const bad = await subir(otra, 'aut.json', JSON.stringify([fila(otra)]), {
      fields: { idAutorizacion: String(a.id) },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.message).toBe(MSG_CARGA.autorizacionInvalida);
    const list = await t.app.inject({
      url: `/api/v1/tramites/${id}/cargas?idAutorizacion=${a.id}`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ idCarga: c.idCarga }] });
  });

  it('lists a procedure’s active loads newest first, 10 per page', async () => {
    const id = await crearTramite();
    const idsCarga: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await subir(id, `l${i}.json`, JSON.stringify([fila(id)]), { query: '?esperar=true' });
      idsCarga.push(res.json().idCarga);
    }
    const h = await t.auth(DEMO.prestador);
    const p1 = (await t.app.inject({ url: `/api/v1/tramites/${id}/cargas`, headers: h })).json();
    expect(p1.total).toBe(11);
    expect(p1.pageSize).toBe(10);
    expect(p1.items.map((x: { idCarga: number }) => x.idCarga)).toEqual(idsCarga.slice(1).reverse());
    expect(p1.items[0]).toMatchObject({
      nombreArchivo: 'l10.json',
      numeroRegistros: 1,
      tieneErrores: 0,
      mensaje: expect.any(String),
    });
    const p2 = (await t.app.inject({ url: `/api/v1/tramites/${id}/cargas?page=2`, headers: h })).json();
    expect(p2.items.map((x: { idCarga: number }) => x.idCarga)).toEqual([idsCarga[0]]);
  });
});

type Planilla = Record<string, unknown> & { idPlanilla: number; numero: string };

describe('organise attentions', () => {
  it('groups rows into attentions and line items, marks duplicates, moves the procedure to ESTRUCTURADO', async () => {
    // An earlier procedure of the same provider already holds one of these attentions.
    const antes = await crearTramite();
    const previa = await cargar(
      antes,
      'previa.json',
      JSON.stringify([fila(antes, { noPlanilla: 'X-9', noServicio: '99203' })]),
    );
    const h = await t.auth(DEMO.prestador);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/cargas/${previa.idCarga}/organizar?esperar=true`,
          headers: h,
        })
      ).statusCode,
    ).toBe(200);

    const id = await crearTramite();
    const filas = [
      ...lote(id),
      // A-3 repeats A-1 (same patient, dates and set of codes, in another order): both are duplicates.
      fila(id, { noPlanilla: 'A-3', noServicio: '71020', vSem: '24.60', tipo: 'X' }),
      fila(id, { noPlanilla: 'A-3', noServicio: '99203' }),
      fila(id, { noPlanilla: 'A-3', noServicio: '85025', vSem: '7.90', tipo: 'L' }),
      // A-4 repeats the earlier procedure's X-9.
      fila(id, { noPlanilla: 'A-4', noServicio: '99203' }),
      // same patient and dates, another service: not a duplicate.
      fila(id, { noPlanilla: 'A-5', noServicio: '96372', vSem: '6.80' }),
    ];
    const c = await cargar(id, 'organizar.csv', csv(filas));
    expect(c).toMatchObject({ contadorErrores: 0, numeroRegistros: 9 });
    expect(await estadoDe(id)).toBe('CARGADO');

    // A background job (decision 85): `?esperar=true` answers once it is done.
    const org = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cargas/${c.idCarga}/organizar?esperar=true`,
      headers: h,
    });
    expect(org.statusCode, org.body).toBe(200);
    expect(org.json()).toEqual({
      mensaje: '¡Atenciones médicas organizadas exitosamente!',
      planillas: 5,
      detalles: 9,
      duplicadas: 3,
    });
    expect(await estadoDe(id)).toBe('ESTRUCTURADO');
    expect((await resumen(c.idCarga)).tienePlanillas).toBe(1);

    const planillas = await t.database.query<Planilla>(
      `SELECT id_planilla AS "idPlanilla", numero, cedula, nombre, cedula_medico AS "cedulaMedico", nombre_medico AS "nombreMedico",
              diag1, diag2, control_diag2 AS "controlDiag2", fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta",
              l_muerto AS "lMuerto", total, duplicada, estado_aud AS "estadoAud", id_prestador AS "idPrestador"
         FROM planilla WHERE id_carga = $1 ORDER BY id_planilla`,
      [c.idCarga],
    );
    expect(planillas.map((p) => p.numero)).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-5']);
    expect(planillas[0]).toMatchObject({
      cedula: CED,
      nombre: 'PÉREZ LOOR MARÍA JOSÉ',
      cedulaMedico: CED_GYE,
      nombreMedico: 'DR. CARLOS VERA',
      diag1: 'J069',
      diag2: 'A09',
      controlDiag2: 1,
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-03',
      lMuerto: 0,
      total: '65.90', // 25.50 + 2 × 7.90 + 24.60
      duplicada: 1,
      estadoAud: 'PENDIENTE',
      idPrestador: ids.prestador,
    });
    expect(planillas[1]).toMatchObject({
      diag1: 'I10',
      diag2: null,
      controlDiag2: 0,
      fechaDesde: '2026-03-05',
      lMuerto: 1,
      total: '25.50',
      duplicada: 0,
    });
    expect(planillas.map((p) => p.duplicada)).toEqual([1, 0, 1, 1, 0]);

    const det = await t.database.query<Record<string, unknown>>(
      `SELECT d.codigo, d.descripcion, d.id_elemento AS "idElemento", d.fecha_atencion AS "fechaAtencion", d.cantidad,
              d.valor_uni AS "valorUni", d.v_paciente AS "vPaciente", d.f_tarifario AS "fTarifario", d.tipo, d.laboratorio, d.imagen, d.fila
         FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
        WHERE p.id_carga = $1 AND p.numero IN ('A-1', 'A-2') ORDER BY d.fila`,
      [c.idCarga],
    );
    const [e99203] = await t.database.query<{ id: number }>(
      "SELECT id_elemento AS id FROM elemento WHERE codigo = '99203'",
    );
    expect(det).toEqual([
      {
        codigo: '99203',
        descripcion: 'CONSULTA EXTERNA PACIENTE NUEVO, NIVEL 3',
        idElemento: e99203.id,
        fechaAtencion: '2026-03-02',
        cantidad: 1,
        valorUni: '25.50',
        vPaciente: '0.00',
        fTarifario: '1.0000',
        tipo: 'P',
        laboratorio: 0,
        imagen: 0,
        fila: 1,
      },
      expect.objectContaining({
        codigo: '85025',
        descripcion: 'BIOMETRÍA HEMÁTICA COMPLETA',
        cantidad: 2,
        tipo: 'L',
        laboratorio: 1,
        imagen: 0,
      }),
      expect.objectContaining({
        codigo: '71020',
        fechaAtencion: '2026-03-03',
        tipo: 'X',
        laboratorio: 0,
        imagen: 1,
      }),
      // The provider's own code resolves through its equivalence; an empty date takes the admission date.
      expect.objectContaining({
        codigo: 'CSM-CONS-03',
        idElemento: e99203.id,
        fechaAtencion: '2026-03-05',
        valorUni: '25.50',
      }),
    ]);

    const log = await t.database.query<{ observacion: string }>(
      'SELECT observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra',
      [id],
    );
    expect(log.at(-1)?.observacion).toBe(
      `Carga ${c.idCarga}: 5 atenciones médicas organizadas (3 duplicadas). El trámite pasa de CARGADO a ESTRUCTURADO.`,
    );

    // A second organise of the same load.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cargas/${c.idCarga}/organizar`,
      headers: h,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error.message).toBe(MSG_CARGA.yaOrganizada);
    const [{ n }] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM planilla WHERE id_carga = $1',
      [c.idCarga],
    );
    expect(n).toBe(5);
    const revisor = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cargas/${c.idCarga}/organizar`,
      headers: await t.auth(DEMO.revisor),
    });
    expect(revisor.statusCode).toBe(403);
  });

  it('a failed or deleted load cannot be organised (409)', async () => {
    const id = await crearTramite({ estado: 'CARGADO' });
    const c = await cargar(id, 'x.json', '{"nada": 1}');
    const h = await t.auth(DEMO.prestador);
    const r1 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cargas/${c.idCarga}/organizar`,
      headers: h,
    });
    expect(r1.statusCode).toBe(409);
    expect(errorOf(r1).error.message).toBe(MSG_CARGA.noOrganizable);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/cargas/${c.idCarga}`, headers: h });
    const r2 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cargas/${c.idCarga}/organizar`,
      headers: h,
    });
    expect(r2.statusCode).toBe(409);
    expect(errorOf(r2).error.message).toBe(MSG_CARGA.yaEliminada);
  });
});

describe('claim data downloads and the rows screen', () => {
  it('CSV (; and BOM) and JSON of all rows and of rows with errors, in the manual’s column order', async () => {
    const id = await crearTramite();
    const h = await t.auth(DEMO.prestador);
    const vacio = await t.app.inject({ url: `/api/v1/tramites/${id}/archivos-datos/csv`, headers: h });
    expect(vacio.statusCode).toBe(404);
    expect(errorOf(vacio).error.message).toBe('No hay datos para exportar.');
    const filas = [
      fila(id),
      fila(id, { noPlanilla: 'E-1', cantidad: '-1', nombre: 'NOMBRE; CON "COMILLAS"' }),
      fila(id, { noPlanilla: 'A-9', vSem: '99' }),
    ];
    await cargar(id, 'datos.json', JSON.stringify(filas));

    const all = await t.app.inject({ url: `/api/v1/tramites/${id}/archivos-datos/csv`, headers: h });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe(`attachment; filename="datos_tramite_${id}.csv"`);
    expect(all.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = all.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(COLUMNAS_DATOS.join(';'));
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('"NOMBRE; CON ""COMILLAS"""');

    const errs = await t.app.inject({ url: `/api/v1/tramites/${id}/archivos-datos/csv/errores`, headers: h });
    const el = errs.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(el[0]).toBe(`${COLUMNAS_DATOS.join(';')};errores`);
    expect(el).toHaveLength(2);
    expect(el[1]).toMatch(/;cantidad: La cantidad debe ser un número entero mayor o igual a 1\.$/);

    // formato=xlsx: the same files as Excel books, every cell text as uploaded (so they can be uploaded again).
    const xlsx = await t.app.inject({
      url: `/api/v1/tramites/${id}/archivos-datos/csv?formato=xlsx`,
      headers: h,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="datos_tramite_${id}.xlsx"`);
    const libro = await leerXlsx(xlsx.rawPayload);
    expect(libro.filas).toHaveLength(4);
    expect(libro.filas[0]).toEqual([...COLUMNAS_DATOS]);
    const csvFilas = leerCsv(all.rawPayload);
    for (let i = 1; i < 4; i++)
      expect(COLUMNAS_DATOS.map((_, j) => libro.filas[i][j] ?? '')).toEqual(csvFilas[i]);
    const xerr = await t.app.inject({
      url: `/api/v1/tramites/${id}/archivos-datos/csv/errores?formato=xlsx`,
      headers: h,
    });
    expect(xerr.headers['content-disposition']).toBe(
      `attachment; filename="datos_errores_tramite_${id}.xlsx"`,
    );
    const libroErr = await leerXlsx(xerr.rawPayload);
    expect(libroErr.filas).toHaveLength(2);
    expect(libroErr.filas[1].at(-1)).toBe(
      'cantidad: La cantidad debe ser un número entero mayor o igual a 1.',
    );

    const json = await t.app.inject({ url: `/api/v1/tramites/${id}/archivos-datos/json`, headers: h });
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = json.json() as Record<string, string | null>[];
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0])).toEqual([...COLUMNAS_DATOS]);
    expect(rows[0]).toMatchObject({
      idTramite: String(id),
      noPlanilla: 'A-1',
      vSem: '25.50',
      noModificador: null,
    });
    const jerr = (
      await t.app.inject({ url: `/api/v1/tramites/${id}/archivos-datos/json/errores`, headers: h })
    ).json();
    expect(jerr).toEqual([
      expect.objectContaining({
        noPlanilla: 'E-1',
        errores: ['cantidad: La cantidad debe ser un número entero mayor o igual a 1.'],
      }),
    ]);

    // The downloaded file can be corrected and uploaded again (the errores column is ignored).
    const fixed = errs.body.replace(';-1;', ';1;');
    const again = await cargar(id, 'corregido.csv', fixed);
    expect(again).toMatchObject({ estadoProceso: 'COMPLETADA', numeroRegistros: 1, contadorErrores: 0 });

    const todos = (await t.app.inject({ url: `/api/v1/tramites/${id}/filas?pageSize=2`, headers: h })).json();
    expect(todos.total).toBe(4);
    expect(todos.items).toHaveLength(2);
    expect(todos.items[0]).toMatchObject({
      idCarga: again.idCarga,
      fila: 1,
      noPlanilla: 'E-1',
      tieneError: false,
    });
    const nov = (
      await t.app.inject({ url: `/api/v1/tramites/${id}/filas?vista=novedades`, headers: h })
    ).json();
    expect(nov).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(nov.items[0]).toMatchObject({
      noPlanilla: 'A-9',
      tieneNovedad: true,
      novedades: ['El valor unitario 99 difiere del tarifario del prestador (25.50).'],
    });
  });
});
