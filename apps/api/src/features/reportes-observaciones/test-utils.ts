import { crearObservacion, crearRespuesta, type Fixture, type Ids } from '../../test/fixtures.ts';
import type { TestContext } from '../../test/helpers.ts';

/** The text of every page of a PDF, read with PDF.js (Mozilla's reader, no native parts). */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent();
    pages.push(c.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/**
 * On the fixture's first attention: an answered M observation, an open M one on its line item and
 * an open D one (the observation texts are what the report tests look for).
 */
export async function sembrarObservaciones(t: TestContext, ids: Ids, f: Fixture) {
  const db = t.database;
  const obs = (descripcion: string, tipo: string) => crearObservacion(t, ids, descripcion, tipo);
  const resp = { id: await crearRespuesta(t, ids, 'SE ADJUNTA DOCUMENTO DE RESPALDO') };
  const o1 = await obs('DIAGNÓSTICO NO CORRESPONDE AL PROCEDIMIENTO', 'M');
  const o2 = await obs('VALOR FUERA DE TARIFA CONVENIDA', 'M');
  const o3 = await obs('FALTA FIRMA DEL MÉDICO TRATANTE', 'D');
  const p = f.planillas[0];
  await db.query(
    `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, descripcion, id_respuesta, respuesta, id_usuario_reg, fecha_act)
     VALUES ($1, $2, 'M', 'REVISAR CIE-10 PRINCIPAL', $3, 'CODIGO CORREGIDO EN HISTORIA', $4, now()),
            ($1, $5, 'D', 'SIN SELLO', NULL, NULL, $6, NULL)`,
    [p, o1, resp.id, ids.usuarios.auditorAm, o3, ids.usuarios.gestorGd],
  );
  await db.query(
    `INSERT INTO pla_det_obs (id_planilla_det, id_planilla, id_observacion, observacion_tipo, descripcion, id_usuario_reg)
     SELECT id_planilla_det, $1, $2, 'M', 'COBRO EXCESIVO', $3 FROM planilla_det WHERE id_planilla = $1`,
    [p, o2, ids.usuarios.auditorAm],
  );
}
