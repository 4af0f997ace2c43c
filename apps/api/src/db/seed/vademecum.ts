import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { SEED_DATA_DIR } from '../../paths.ts';
import type { Queryable } from '../client.ts';

/** A row of data/vademecum/medicamentos.csv (see its README: CNMB 11.ª revisión and WHO EML 2023). */
export type MedicamentoSemilla = {
  codigo: string;
  atc: string;
  dci: string;
  concentracion: string;
  formaFarmaceutica: string;
  /** Reference unit value; empty for all but the eight demo rows. */
  valor: string;
};

export const VADEMECUM_CSV = path.join(SEED_DATA_DIR, 'vademecum', 'medicamentos.csv');

export function leerVademecum(file = VADEMECUM_CSV): MedicamentoSemilla[] {
  return parse(fs.readFileSync(file), { delimiter: ';', columns: true, bom: true }) as MedicamentoSemilla[];
}

/** The element's name as the catalogue shows it: 'AMOXICILINA 500 MG CÁPSULA'. */
export const nombreMedicamento = (
  m: Pick<MedicamentoSemilla, 'dci' | 'concentracion' | 'formaFarmaceutica'>,
) => [m.dci, m.concentracion, m.formaFarmaceutica].filter(Boolean).join(' ');

/**
 * The vademécum: every medicine of the list as an element of type M in the 'MEDICAMENTOS' class. Codes already
 * in the catalogue (the eight of the reference seed) keep their row.
 */
export async function seedVademecum(database: Queryable) {
  const filas = leerVademecum();
  await database.query(
    `INSERT INTO elemento (codigo, nombre, valor, id_tipo_elem, id_clas_elem)
     SELECT v.codigo, v.nombre, v.valor,
            (SELECT id_tipo_elem FROM tipo_elem WHERE codigo = 'M'),
            (SELECT id_clas_elem FROM clas_elem WHERE nombre = 'MEDICAMENTOS')
       FROM unnest($1::text[], $2::text[], $3::numeric[]) WITH ORDINALITY v(codigo, nombre, valor, n)
      ORDER BY v.n
     ON CONFLICT (codigo) DO NOTHING`,
    [filas.map((f) => f.codigo), filas.map(nombreMedicamento), filas.map((f) => f.valor || null)],
  );
}
