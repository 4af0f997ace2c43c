/**
 * Writes claim data files (docs/design-summary.md §6) of N rows in JSON, CSV and/or XLSX with realistic values and a
 * chosen share of bad rows.
 *
 *   npx tsx bench/generate.ts --rows 100000 --bad 0.02 --tramite 7 --desde 2026-03-01 --hasta 2026-03-31 \
 *     --formats json,csv,xlsx --out bench/out
 */

import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COLUMNAS_DATOS, type ColumnaDatos } from '@app/domain';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { ELEMENTOS } from '../apps/api/src/db/seed/reference.ts';

export type Formato = 'json' | 'csv' | 'xlsx';
export type GenOptions = {
  rows: number;
  /** Share of rows with an error (0..1). */
  bad: number;
  idTramite: number;
  desde: string;
  hasta: string;
  seed?: number;
};

const NOMBRES = [
  'MARÍA',
  'JOSÉ',
  'LUIS',
  'ANA',
  'CARLOS',
  'JUAN',
  'ROSA',
  'PEDRO',
  'GABRIELA',
  'DIEGO',
  'VERÓNICA',
  'ANDRÉS',
  'LUCÍA',
  'MIGUEL',
  'PAOLA',
  'JORGE',
  'DAYANA',
  'ÁNGEL',
];
const APELLIDOS = [
  'PÉREZ',
  'GONZÁLEZ',
  'RODRÍGUEZ',
  'ZAMBRANO',
  'VERA',
  'MACÍAS',
  'MOREIRA',
  'CEDEÑO',
  'LOOR',
  'ÑAUPARI',
  'CASTILLO',
  'SALAZAR',
  'MENDOZA',
  'VILLACÍS',
  'ANDRADE',
  'TORRES',
  'QUIÑÓNEZ',
  'ALVARADO',
];
const DIAGNOSTICOS = [
  'J06.9',
  'A09X',
  'I10',
  'E11.9',
  'K29.7',
  'N39.0',
  'J20.9',
  'M54.5',
  'R51',
  'O80.0',
  'S93.4',
  'J18.9',
  'B34.9',
  'L03.1',
  'H10.1',
  'J02.9',
  'K59.0',
  'R10.4',
  'E66.0',
  'J45.9',
  'G43.9',
  'N20.0',
];
const MEDICOS = [
  'DR. CARLOS VERA LOOR',
  'DRA. DIANA SALAZAR RÍOS',
  'DR. LUIS CASTRO ARIAS',
  'DRA. PAOLA GUERRERO VITERI',
  'DR. JORGE MENDOZA PINO',
];

/** Small deterministic PRNG (mulberry32): the same options give the same file. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cedula(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return nine + String((10 - (sum % 10)) % 10);
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type Fila = Record<ColumnaDatos, string>;

/** The rows, attention by attention (1 to 6 line items each), as an iterator: never all in memory. */
export function* filas(o: GenOptions): Generator<Fila> {
  const rnd = prng(o.seed ?? 42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const start = Date.parse(`${o.desde}T00:00:00Z`);
  const days = Math.max(1, Math.round((Date.parse(`${o.hasta}T00:00:00Z`) - start) / DAY) + 1);
  let n = 0;
  let planilla = 0;
  while (n < o.rows) {
    planilla++;
    const province = String(1 + Math.floor(rnd() * 24)).padStart(2, '0');
    const ced = cedula(
      `${province}${Math.floor(rnd() * 4)}${String(Math.floor(rnd() * 1e6)).padStart(6, '0')}`,
    );
    const nombre = `${pick(APELLIDOS)} ${pick(APELLIDOS)} ${pick(NOMBRES)} ${pick(NOMBRES)}`;
    const ingreso = start + Math.floor(rnd() * days) * DAY;
    const estancia = rnd() < 0.8 ? 0 : Math.floor(rnd() * 3);
    const salida = Math.min(ingreso + estancia * DAY, start + (days - 1) * DAY);
    const medico = pick(MEDICOS);
    const diagPri = pick(DIAGNOSTICOS);
    const diagSec = rnd() < 0.4 ? pick(DIAGNOSTICOS) : '';
    const lineas = 1 + Math.floor(rnd() * 6);
    const dmy = rnd() < 0.3;
    const fecha = (ms: number) => (dmy ? iso(ms).split('-').reverse().join('/') : iso(ms));
    for (let l = 0; l < lineas && n < o.rows; l++, n++) {
      const [codigo, , tipo, , valor] = pick(ELEMENTOS);
      const row: Fila = {
        idTramite: String(o.idTramite),
        noPlanilla: `P-${String(planilla).padStart(7, '0')}`,
        cedula1: ced,
        cedula2: cedula(`09${String(1234560 + (medico.length % 7)).padStart(7, '0')}`),
        nombre,
        fIngreso: fecha(ingreso),
        fSalida: fecha(salida),
        diagPri,
        diagSec,
        lMuerto: 'N',
        fTarifario: '1',
        noServicio: codigo,
        cantidad: String(tipo === 'M' ? 1 + Math.floor(rnd() * 30) : 1),
        vSem: rnd() < 0.03 ? (Number(valor) * 1.15).toFixed(2) : valor,
        vPaciente: '0',
        noModificador: '',
        nombreMedIns: medico,
        tipo,
        fechaAtencion: fecha(Math.min(salida, ingreso + Math.floor(rnd() * (estancia + 1)) * DAY)),
      };
      if (rnd() < o.bad) {
        const k = Math.floor(rnd() * 6);
        if (k === 0) row.cantidad = '-1';
        else if (k === 1) row.diagPri = 'Z99.99';
        else if (k === 2) row.noServicio = 'NO-EXISTE';
        else if (k === 3) row.fIngreso = iso(start - 10 * DAY);
        else if (k === 4) row.idTramite = String(o.idTramite + 1);
        else row.cedula1 = row.cedula1.slice(0, 9);
      }
      yield row;
    }
  }
}

async function write(out: fs.WriteStream, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

export async function generate(formato: Formato, file: string, o: GenOptions): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (formato === 'json') {
    const out = fs.createWriteStream(file);
    await write(out, '[');
    let first = true;
    for (const f of filas(o)) {
      await write(out, (first ? '\n' : ',\n') + JSON.stringify(f));
      first = false;
    }
    await write(out, '\n]\n');
    out.end();
    await once(out, 'finish');
    return;
  }
  if (formato === 'csv') {
    const out = fs.createWriteStream(file);
    const csv = stringify({ delimiter: ';', bom: true, header: true, columns: [...COLUMNAS_DATOS] });
    csv.pipe(out);
    for (const f of filas(o)) if (!csv.write(COLUMNAS_DATOS.map((c) => f[c]))) await once(csv, 'drain');
    csv.end();
    await once(out, 'finish');
    return;
  }
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: false,
  });
  const ws = wb.addWorksheet('Atenciones');
  ws.addRow([...COLUMNAS_DATOS]).commit();
  for (const f of filas(o)) ws.addRow(COLUMNAS_DATOS.map((c) => f[c])).commit();
  ws.commit();
  await wb.commit();
}

async function main() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '100000' },
      bad: { type: 'string', default: '0.02' },
      tramite: { type: 'string', default: '1' },
      desde: { type: 'string', default: '2026-03-01' },
      hasta: { type: 'string', default: '2026-03-31' },
      formats: { type: 'string', default: 'json,csv,xlsx' },
      out: { type: 'string', default: 'bench/out' },
      seed: { type: 'string', default: '42' },
    },
  });
  const o: GenOptions = {
    rows: Number(values.rows),
    bad: Number(values.bad),
    idTramite: Number(values.tramite),
    desde: values.desde,
    hasta: values.hasta,
    seed: Number(values.seed),
  };
  for (const f of values.formats.split(',') as Formato[]) {
    const file = path.join(values.out, `datos-${o.rows}.${f}`);
    const t0 = performance.now();
    await generate(f, file, o);
    console.log(
      `${file}: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
