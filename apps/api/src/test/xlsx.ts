import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../lib/excel.ts';

/** An exported Excel book re-opened as a spreadsheet reads it: its first sheet and its rows' values. */
export async function leerXlsx(buf: Buffer | Uint8Array) {
  const wb = new (await loadExcel()).Workbook();
  await wb.xlsx.load(Buffer.from(buf) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const filas: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => {
    filas.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return { wb, ws, filas };
}

/** An exported CSV re-parsed as a spreadsheet reads it (BOM, ';'). */
export function leerCsv(buf: Buffer | Uint8Array | string): string[][] {
  return parse(
    Buffer.from(buf)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    { delimiter: ';' },
  );
}

/** Whether LibreOffice's `soffice` is installed (`.ci/run` installs libreoffice-calc-nogui). */
export const hayLibreOffice = () => spawnSync('soffice', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * An Excel book converted by LibreOffice Calc to CSV (`soffice --headless --convert-to csv`), the
 * cells as shown (their number formats applied; English number formats: 1,234.50), ';'-separated.
 */
export function xlsxPorLibreOffice(buf: Buffer | Uint8Array): string[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-lo-'));
  try {
    const entrada = path.join(dir, 'libro.xlsx');
    fs.writeFileSync(entrada, buf);
    execFileSync(
      'soffice',
      [
        // A profile of its own: parallel runs never share (or lock) the user's.
        `-env:UserInstallation=file://${dir}/perfil`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):59,34,76,1,,1033,false,false,true',
        '--outdir',
        dir,
        entrada,
      ],
      { stdio: 'pipe', timeout: 120_000 },
    );
    return parse(fs.readFileSync(path.join(dir, 'libro.csv'), 'utf8'), { delimiter: ';' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
