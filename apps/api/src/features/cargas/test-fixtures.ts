import crypto from 'node:crypto';
import { fila } from '../../test/filas-datos.ts';
import { DEMO, type TestContext } from '../../test/helpers.ts';
import { multipart as multipartDe } from '../../test/multipart.ts';

/* Loads for tests outside cargas.test.ts (hostile files, database faults): a procedure, rows, uploads. */

export { CED, crudo, csv, type Fila, fila } from '../../test/filas-datos.ts';

/** `n` clean rows, one attention per 3 rows (numbers 1000, 1001, ...). */
export const filas = (idTramite: number, n: number) =>
  Array.from({ length: n }, (_, i) => fila(idTramite, { noPlanilla: String(1000 + Math.floor(i / 3)) }));

let seq = 0;

/** A monthly procedure of the demo provider, REGISTRADO, for March 2026 (written directly). */
export async function crearTramite(t: TestContext): Promise<number> {
  const [ids] = await t.database.query<{ prestador: number; suscripcion: number; aseguradora: number }>(
    `SELECT (SELECT p.id_prestador FROM prestador p JOIN usuario u ON u.id_empresa = p.id_empresa WHERE u.nombre = $1) AS prestador,
            id_suscripcion AS suscripcion, id_empresa AS aseguradora FROM usuario WHERE nombre = $2`,
    [DEMO.prestador, DEMO.admin],
  );
  seq++;
  const [r] = await t.database.query<{ id: number }>(
    `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                          descripcion, estado_tramite, frecuencia_carga, num_semana, max_semanas)
     VALUES ($1, $2, $3, 1, $4, '2026-03-01', '2026-03-31', 'PRUEBA', 'REGISTRADO', 'M', 0, 4) RETURNING id_tramite AS id`,
    [
      ids.suscripcion,
      ids.aseguradora,
      ids.prestador,
      `TF-${process.pid}-${crypto.randomBytes(3).toString('hex')}-${seq}`,
    ],
  );
  return r.id;
}

/** A multipart/form-data body with one file field `field`. */
export const multipart = (files: { name: string; content: Buffer | string }[], field = 'archivo') =>
  multipartDe(files.map((f) => ({ name: field, filename: f.name, content: f.content })));

/** Uploads a data file; answers the upload's response (202 with idCarga when accepted). */
export async function subir(t: TestContext, idTramite: number, filename: string, content: Buffer | string) {
  const body = multipart([{ name: filename, content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tramites/${idTramite}/cargas`,
    headers: { ...(await t.auth(DEMO.prestador)), ...body.headers },
    payload: body.payload,
  });
}

export type Resumen = {
  idCarga: number;
  estadoProceso: string;
  obs: string | null;
  numeroRegistros: number;
  contadorErrores: number;
  tieneErrores: number;
};

/** Waits for the load's background job (reads the row directly: works while requests fail). */
export async function esperar(t: TestContext, idCarga: number, ms = 60_000): Promise<Resumen> {
  const hasta = Date.now() + ms;
  for (;;) {
    const [c] = await t.database.query<Resumen>(
      `SELECT id_carga AS "idCarga", estado_proceso AS "estadoProceso", obs, numero_registros AS "numeroRegistros",
              contador_errores AS "contadorErrores", tiene_errores AS "tieneErrores" FROM carga WHERE id_carga = $1`,
      [idCarga],
    );
    if (c.estadoProceso !== 'PROCESANDO') return c;
    if (Date.now() > hasta) throw new Error(`carga ${idCarga} no terminó`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Uploads and waits for the load to be processed. */
export async function cargar(t: TestContext, idTramite: number, filename: string, content: Buffer | string) {
  const res = await subir(t, idTramite, filename, content);
  if (res.statusCode !== 202) throw new Error(`upload ${res.statusCode} ${res.body}`);
  return esperar(t, res.json().idCarga);
}

export async function incidencias(t: TestContext, idCarga: number) {
  return t.database.query<{
    fila: number;
    columna: string;
    valor: string | null;
    mensaje: string;
    tipo: string;
  }>(
    'SELECT fila, columna, valor, mensaje, tipo FROM carga_error WHERE id_carga = $1 ORDER BY fila, id_carga_error',
    [idCarga],
  );
}

export const contar = async (
  t: TestContext,
  tabla: 'carga_fila' | 'carga_error' | 'planilla',
  idCarga: number,
) =>
  (
    await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tabla} WHERE id_carga = $1`, [
      idCarga,
    ])
  )[0].n;
