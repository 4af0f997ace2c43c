import crypto from 'node:crypto';
import { fila, sql } from '../../lib/sql.ts';
import { DEMO, type IdsDemo, idsDemo, type TestContext } from '../../test/helpers.ts';

/* Fixtures of the tools' tests (vademecum, claim lookup): procedures and loads written directly. */

export type IdsHerramientas = IdsDemo & { usuario: number };

/** The demo ids and the id of prestador@demo.ec (who registers the loads). */
export async function idsHerramientas(t: TestContext): Promise<IdsHerramientas> {
  const demo = await idsDemo(t);
  const u = await fila<{ id: number }>(
    t.database,
    sql`SELECT id_usuario AS id FROM usuario WHERE nombre = ${DEMO.prestador}`,
  );
  return { ...demo, usuario: u.id };
}

/** A March 2026 procedure of `prestador` in `estado` (ENVIADO unless told), numbered `<prefijo>-<random>`. */
export async function crearTramiteDirecto(
  t: TestContext,
  ids: IdsHerramientas,
  o: { prestador: number; descripcion: string; prefijo: string; estado?: string; sandbox?: boolean },
): Promise<number> {
  const numero = `${o.prefijo}-${crypto.randomBytes(5).toString('hex')}`;
  const r = await fila<{ id: number }>(
    t.database,
    sql`INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                          descripcion, estado_tramite, frecuencia_carga, sandbox)
     VALUES (${ids.suscripcion}, ${ids.aseguradora}, ${o.prestador}, 1, ${numero}, '2026-03-01', '2026-03-31', ${o.descripcion},
             ${o.estado ?? 'ENVIADO'}, 'M', ${o.sandbox ?? false}) RETURNING id_tramite AS id`,
  );
  return r.id;
}

/** A completed March 2026 load of the procedure, registered by prestador@demo.ec. */
export async function crearCargaCompleta(t: TestContext, ids: IdsHerramientas, idTramite: number) {
  const c = await fila<{ id: number }>(
    t.database,
    sql`INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso, tiene_planillas)
     VALUES (${idTramite}, ${ids.usuario}, 'M', '2026-03-01', '2026-03-31', 'datos.json', 'json', 'COMPLETADA', 1)
     RETURNING id_carga AS id`,
  );
  return c.id;
}
