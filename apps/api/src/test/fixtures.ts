import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import { createTestContext, DEMO, type TestContext } from './helpers.ts';

/*
 * SQL fixtures for the attention tests: a procedure of prestador@demo.ec's provider in the
 * admin@demo.ec subscription, one load (COMPLETADA) and attentions with line items. Independent of
 * the ingest feature.
 */

export type Ids = {
  usuarios: Record<keyof typeof DEMO, number>;
  idPrestador: number;
  idPrestador2: number;
  idSuscripcion: number;
  idEmpresaAseg: number;
  idServicio: number;
};

export async function loadIds(t: TestContext): Promise<Ids> {
  const users = await t.database.query<{
    nombre: string;
    id: number;
    idEmpresa: number;
    idSuscripcion: number;
  }>(
    'SELECT nombre, id_usuario AS id, id_empresa AS "idEmpresa", id_suscripcion AS "idSuscripcion" FROM usuario',
  );
  const usuarios = Object.fromEntries(
    Object.entries(DEMO).map(([k, v]) => [k, users.find((u) => u.nombre === v)!.id]),
  ) as Ids['usuarios'];
  const empresa = (nombre: string) => users.find((u) => u.nombre === nombre)!.idEmpresa;
  const [p1] = await t.database.query<{ id: number }>(
    'SELECT id_prestador AS id FROM prestador WHERE id_empresa = $1',
    [empresa(DEMO.prestador)],
  );
  const [p2] = await t.database.query<{ id: number }>(
    'SELECT id_prestador AS id FROM prestador WHERE id_empresa = $1',
    [empresa(DEMO.prestador2)],
  );
  const [s] = await t.database.query<{ id: number }>('SELECT min(id_servicio) AS id FROM servicio');
  const admin = users.find((u) => u.nombre === DEMO.admin)!;
  return {
    usuarios,
    idPrestador: p1.id,
    idPrestador2: p2.id,
    idSuscripcion: admin.idSuscripcion,
    idEmpresaAseg: admin.idEmpresa,
    idServicio: s.id,
  };
}

export type PlanillaSpec = {
  numero?: string;
  cedula?: string;
  nombre?: string;
  nombreMedico?: string;
  cedulaMedico?: string;
  diag1?: string | null;
  diag2?: string | null;
  fechaDesde?: string;
  fechaHasta?: string;
  estadoAud?: string;
  estadoDoc?: string;
  med?: number | null;
  doc?: number | null;
  duplicada?: number;
  nivel?: number;
  estado?: number;
  /** [codigo, cantidad, valorUni] line items; the element is looked up by code. */
  detalles?: Array<[string, number, string]>;
};

export type Fixture = { idTramite: number; idCarga: number; planillas: number[] };

/** An attention assigned to auditor.am (AM) and gestor.gd (GD) with two line items (99203, then 99213). */
export const planillaAsignada = (ids: Ids, numero: string): PlanillaSpec => ({
  numero,
  med: ids.usuarios.auditorAm,
  doc: ids.usuarios.gestorGd,
  detalles: [
    ['99203', 1, '25.50'],
    ['99213', 2, '10.00'],
  ],
});

/** The line-item ids of an attention, in row order. */
export async function detallesDe(t: TestContext, idPlanilla: number): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    'SELECT id_planilla_det AS id FROM planilla_det WHERE id_planilla = $1 ORDER BY fila',
    [idPlanilla],
  );
  return rows.map((r) => r.id);
}

export async function crearTramite(
  t: TestContext,
  ids: Ids,
  opts: {
    estado?: string;
    tipoAsignacion?: 'U' | 'T';
    prestador?: number;
    cargaDesde?: string;
    cargaHasta?: string;
    planillas?: PlanillaSpec[];
  } = {},
): Promise<Fixture> {
  const db = t.database;
  const [tr] = await db.query<{ id: number }>(
    `INSERT INTO tramite (id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio, numero, fecha_desde, fecha_hasta,
                          descripcion, estado_tramite, frecuencia_carga, tipo_asignacion)
     VALUES ($1, $2, $3, $4, $5, '2026-03-01', '2026-03-31', 'PRUEBA', $6, 'M', $7) RETURNING id_tramite AS id`,
    [
      ids.idSuscripcion,
      ids.idEmpresaAseg,
      opts.prestador ?? ids.idPrestador,
      ids.idServicio,
      `T-${crypto.randomBytes(6).toString('hex')}`,
      opts.estado ?? 'EN PROCESO',
      opts.tipoAsignacion ?? 'U',
    ],
  );
  const idCarga = await crearCarga(
    t,
    ids,
    tr.id,
    opts.cargaDesde ?? '2026-03-02',
    opts.cargaHasta ?? '2026-03-15',
  );
  const planillas = await crearPlanillas(
    t,
    tr.id,
    idCarga,
    opts.planillas ?? [],
    opts.prestador ?? ids.idPrestador,
  );
  return { idTramite: tr.id, idCarga, planillas };
}

export async function crearCarga(t: TestContext, ids: Ids, idTramite: number, desde: string, hasta: string) {
  const [c] = await t.database.query<{ id: number }>(
    `INSERT INTO carga (id_tramite, id_usuario, tipo_carga, fecha_desde, fecha_hasta, nombre_archivo, formato, estado_proceso,
                        tiene_planillas)
     VALUES ($1, $2, 'M', $3, $4, 'datos.json', 'json', 'COMPLETADA', 1) RETURNING id_carga AS id`,
    [idTramite, ids.usuarios.prestador, desde, hasta],
  );
  return c.id;
}

let seq = 0;
export async function crearPlanillas(
  t: TestContext,
  idTramite: number,
  idCarga: number,
  specs: PlanillaSpec[],
  idPrestador: number,
): Promise<number[]> {
  const out: number[] = [];
  for (const s of specs) {
    seq++;
    const detalles = s.detalles ?? [['99203', 1, '25.50']];
    const total = detalles.reduce((a, [, c, v]) => a + c * Number(v), 0).toFixed(2);
    const [p] = await t.database.query<{ id: number }>(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, cedula_medico, nombre_medico, diag1, diag2,
                             fecha_desde, fecha_hasta, estado_aud, estado_doc, id_usuario_med, id_usuario_doc, duplicada, nivel,
                             estado, total)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
       RETURNING id_planilla AS id`,
      [
        idTramite,
        idCarga,
        idPrestador,
        s.numero ?? `N${String(seq).padStart(5, '0')}`,
        s.cedula ?? '0912345678',
        s.nombre ?? 'PACIENTE DE PRUEBA',
        s.cedulaMedico ?? '1712345678',
        s.nombreMedico ?? 'DR. JUAN PÉREZ',
        s.diag1 === undefined ? 'J181' : s.diag1,
        s.diag2 === undefined ? 'A09' : s.diag2,
        s.fechaDesde ?? '2026-03-03',
        s.fechaHasta ?? s.fechaDesde ?? '2026-03-03',
        s.estadoAud ?? 'PENDIENTE',
        s.estadoDoc ?? 'PENDIENTE',
        s.med ?? null,
        s.doc ?? null,
        s.duplicada ?? 0,
        s.nivel ?? 1,
        s.estado ?? 1,
        total,
      ],
    );
    for (const [i, [codigo, cantidad, valor]] of detalles.entries()) {
      await t.database.query(
        `INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo, fila)
         SELECT $1, e.id_elemento, $2::text, e.nombre, $3::date, $4, $5, 'P', $6 FROM elemento e WHERE e.codigo = $2::text`,
        [p.id, codigo, s.fechaDesde ?? '2026-03-03', cantidad, valor, i + 1],
      );
    }
    out.push(p.id);
  }
  return out;
}

export type Requester = ReturnType<typeof requester>;

/** Request helper: method, url, user (or none), payload. */
export function requester(t: TestContext) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    usuario?: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: usuario ? await t.auth(usuario) : {},
      ...(payload !== undefined ? { payload } : {}),
    });
}

export const versionOf = async (t: TestContext, idPlanilla: number) =>
  (
    await t.database.query<{ version: number }>('SELECT version FROM planilla WHERE id_planilla = $1', [
      idPlanilla,
    ])
  )[0].version;

/**
 * The usual start of an attention test file: a fresh context, the demo ids and a request helper.
 * `beforeAll(async () => ({ t, ids, req } = await contextoConFixtures()))`, closed with `t.close()`.
 */
export async function contextoConFixtures(
  overrides: Partial<Config> = {},
): Promise<{ t: TestContext; ids: Ids; req: Requester }> {
  const t = await createTestContext(overrides);
  try {
    return { t, ids: await loadIds(t), req: requester(t) };
  } catch (e) {
    await t.close();
    throw e;
  }
}

/** Every key of a TestContext and of Ids (a `Record` of them, so that a key added to either type must be named here). */
const CLAVES_CONTEXTO = Object.keys({
  app: 1,
  database: 1,
  config: 1,
  auth: 1,
  close: 1,
} satisfies Record<keyof TestContext, 1>) as (keyof TestContext)[];
const CLAVES_IDS = Object.keys({
  usuarios: 1,
  idPrestador: 1,
  idPrestador2: 1,
  idSuscripcion: 1,
  idEmpresaAseg: 1,
  idServicio: 1,
} satisfies Record<keyof Ids, 1>) as (keyof Ids)[];

/** An object whose properties read through to `actual()` at each access (a value opened later, in a hook). */
function aTraves<T extends object>(claves: readonly (keyof T)[], actual: () => T): T {
  const o = {} as T;
  for (const k of claves) Object.defineProperty(o, k, { get: () => actual()[k], enumerable: true });
  return o;
}

/**
 * The usual start of an attention test file in one line: `const { t, ids, req } = usarContextoConFixtures();`
 * registers a beforeAll that opens the context (contextoConFixtures) and an afterAll that closes it. The
 * three values read through to that context, so they are usable inside tests and hooks (not at load time).
 */
export function usarContextoConFixtures(overrides: Partial<Config> = {}) {
  let abierto: { t: TestContext; ids: Ids; req: Requester } | undefined;
  const c = () => {
    if (!abierto)
      throw new Error('El contexto de prueba aún no está abierto (úselo dentro de pruebas o hooks).');
    return abierto;
  };
  beforeAll(async () => {
    abierto = await contextoConFixtures(overrides);
  });
  afterAll(async () => abierto?.t.close());
  const t = aTraves<TestContext>(CLAVES_CONTEXTO, () => c().t);
  const ids = aTraves<Ids>(CLAVES_IDS, () => c().ids);
  const req: Requester = (...args) => c().req(...args);
  return { t, ids, req };
}

/** A catalogue observation (`tipo` M, D, C) of the demo insurer, or of `idEmpresa`, with this text. */
export async function crearObservacion(
  t: TestContext,
  ids: Ids,
  descripcion: string,
  tipo: string,
  idEmpresa: number = ids.idEmpresaAseg,
) {
  const [o] = await t.database.query<{ id: number }>(
    'INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, $2, $3) RETURNING id_observacion AS id',
    [idEmpresa, descripcion, tipo],
  );
  return o.id;
}

/**
 * One observation of `tipo` ('FALTA INFORME', a new catalogue row of the demo insurer) on an attention,
 * answered or not; returns its pla_obs id.
 */
export async function observarPlanilla(
  t: TestContext,
  ids: Ids,
  idPlanilla: number,
  tipo: 'M' | 'D',
  respondida: boolean,
) {
  const idObservacion = await crearObservacion(t, ids, 'FALTA INFORME', tipo);
  const [po] = await t.database.query<{ id: number }>(
    `INSERT INTO pla_obs (id_planilla, id_observacion, observacion_tipo, respuesta) VALUES ($1, $2, $3, $4) RETURNING id_pla_obs AS id`,
    [idPlanilla, idObservacion, tipo, respondida ? 'ADJUNTO' : null],
  );
  return po.id;
}

/**
 * A doctor for admin@demo.ec's person with this document and the specialty at `posicion` (in id order);
 * returns that specialty.
 */
export async function medicoDelAdmin(t: TestContext, documento: string, posicion = 0) {
  const [esp] = await t.database.query<{ id: number; nombre: string }>(
    'SELECT id_especialidad AS id, nombre FROM especialidad ORDER BY id_especialidad OFFSET $1 LIMIT 1',
    [posicion],
  );
  await t.database.query(
    `INSERT INTO medico (id_persona, id_especialidad, documento)
     SELECT id_persona, $1, $2 FROM usuario WHERE nombre = $3`,
    [esp.id, documento, DEMO.admin],
  );
  return esp;
}

/**
 * The provider deletes a load (DELETE /api/v1/cargas/:id), the load marked with errors first: only a
 * load with errors can be deleted (the loads feature's rule). Answers the response.
 */
export async function eliminarCargaConErrores(t: TestContext, idCarga: number) {
  await t.database.query('UPDATE carga SET tiene_errores = 1 WHERE id_carga = $1', [idCarga]);
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/cargas/${idCarga}`,
    headers: await t.auth(DEMO.prestador),
  });
}

/** The demo insurer's standard answer with this text. */
export async function crearRespuesta(t: TestContext, ids: Ids, descripcion: string) {
  const [r] = await t.database.query<{ id: number }>(
    'INSERT INTO respuesta (id_empresa, descripcion) VALUES ($1, $2) RETURNING id_respuesta AS id',
    [ids.idEmpresaAseg, descripcion],
  );
  return r.id;
}
