import fs from 'node:fs';
import path from 'node:path';
import { getCatalog } from '@app/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoArchivos } from '../../db/seed/demo-archivos.ts';
import { seedDemoTramites } from '../../db/seed/demo-tramites.ts';
import { col } from '../../lib/sql.ts';
import { storageFor } from '../../lib/storage/index.ts';
import {
  CATALOG_ROWS,
  type FixtureKey,
  type Perfil,
  ROUTES,
  type Row,
  routeKey,
} from '../../test/authz-matrix.ts';
import {
  createTestContext,
  DEMO,
  DEMO_PASSWORD,
  FLAG_COLUMNS,
  type TestContext,
} from '../../test/helpers.ts';
import { PNG_1X1, registrarEmpresa } from '../admin/test-utils.ts';
import { dirRespaldos } from '../sandbox/registro.ts';
import { json, lote, multipart, PDF } from '../sandbox/test-utils.ts';

/*
 * Walks the authorization matrix (test/authz-matrix.ts): every row × profile × tenant. Callers: the
 * demo insurer's users of every profile (tenant A; the provider is the clinic), the other provider
 * company of the same subscription (prestador2@demo.ec), and a second subscription registered
 * through POST /registro with one user of each insurer profile (tenant B). Set AUTHZ_RECORD=<file>
 * to write what every caller got, to compare by hand.
 */

type Caller = {
  key: string;
  perfil: Perfil | null;
  /** A: the demo insurer and its first provider; B: a self-registered subscription; P2: the other provider; OP: the platform operator. */
  tenant: 'A' | 'B' | 'P2' | 'OP' | 'anon';
  usuario: string;
  clave: string;
  headers: Record<string, string>;
};

let t: TestContext;
const fixture: Record<string, number | string> = {};
const callers: Caller[] = [];
const setupProblems: string[] = [];

const one = async <T = { id: number }>(sql: string, params: unknown[] = []) =>
  (await t.database.query<T>(sql, params))[0];

async function login(usuario: string, n: number, clave = DEMO_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { usuario, clave },
    remoteAddress: `10.9.${Math.floor(n / 200)}.${n % 200}`,
  });
  if (res.statusCode !== 200) throw new Error(`login ${usuario}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

/** A load of the clinic's sandbox with one supporting file, made through the sandbox API. */
async function sandboxLoad(_idUsuario: number) {
  const body = multipart([
    { name: 'fechaDesde', value: '2026-03-01' },
    { name: 'fechaHasta', value: '2026-03-31' },
    { name: 'idServicio', value: '1' },
    { name: 'archivoDatos', filename: 'atenciones.json', content: json(lote()) },
    { name: 'archivosRespaldo', filename: 'a.pdf', content: PDF },
  ]);
  const headers = { ...body.headers, ...(await login(DEMO.prestador, 90)) };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sandbox/cargatramites/registro-completo',
    headers,
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`sandbox: ${res.statusCode} ${res.body}`);
  const sandboxCarga = res.json().idCarga as number;
  const list = await t.app.inject({
    url: `/api/v1/sandbox/cargatramites/cargas/${sandboxCarga}/respaldos`,
    headers: await login(DEMO.prestador, 91),
  });
  if (list.statusCode !== 200) throw new Error(`sandbox respaldos: ${list.statusCode} ${list.body}`);
  return { sandboxCarga, sandboxRespaldo: list.json()[0].idCargaRespaldo as number };
}

/** The demo insurer's records the rows name (FIXTURE_KEYS), made where the demo data has none. */
async function buildFixture() {
  const db = t.database;
  const id = async (sql: string, params: unknown[] = []) => (await one<{ id: number }>(sql, params)).id;
  const user = (nombre: string) =>
    one<{ id: number; idEmpresa: number; idSuscripcion: number; idPersona: number }>(
      `SELECT id_usuario AS id, id_empresa AS "idEmpresa", id_suscripcion AS "idSuscripcion", id_persona AS "idPersona"
         FROM usuario WHERE nombre = $1`,
      [nombre],
    );
  const admin = await user(DEMO.admin);
  const prestador = await user(DEMO.prestador);
  const aseg = admin.idEmpresa;
  const clinica = await id(`SELECT id_prestador AS id FROM prestador WHERE id_empresa = $1`, [
    prestador.idEmpresa,
  ]);
  const asegurador = await id(`SELECT id_asegurador AS id FROM asegurador WHERE id_empresa = $1`, [aseg]);
  const tramite = await id(`SELECT id_tramite AS id FROM tramite WHERE estado_tramite = 'EN PROCESO'`);
  // The procedure sent last month, put back to DOCUMENTADO: a provider's unsent work with attentions.
  const noEnviado = await id(
    `UPDATE tramite SET estado_tramite = 'DOCUMENTADO' WHERE estado_tramite = 'ENVIADO' RETURNING id_tramite AS id`,
  );
  const planillas = await db.query<{ id: number; cedula: string }>(
    `SELECT id_planilla AS id, cedula FROM planilla WHERE id_tramite = $1 ORDER BY numero`,
    [tramite],
  );
  const libre = planillas[planillas.length - 1].id;
  await db.query(`UPDATE planilla SET id_usuario_med = NULL, id_usuario_doc = NULL WHERE id_planilla = $1`, [
    libre,
  ]);
  const carga = await id(`SELECT min(id_carga) AS id FROM carga WHERE id_tramite = $1`, [tramite]);
  const respaldoDe = (idCarga: number, idTramite: number) =>
    id(
      `INSERT INTO carga_respaldo (id_carga, id_tramite, nombre_archivo, tipo, tamanio, sha256, ruta, id_usuario_reg)
       VALUES ($1, $2, 'respaldo.pdf', 'application/pdf', 4, repeat('0', 64), 'matriz.pdf', $3) RETURNING id_carga_respaldo AS id`,
      [idCarga, idTramite, prestador.id],
    );
  fs.mkdirSync(dirRespaldos(t.config.dataDir), { recursive: true });
  fs.writeFileSync(path.join(dirRespaldos(t.config.dataDir), 'matriz.pdf'), PDF);
  const persona = await id(
    `INSERT INTO persona (documento, primer_nombre, primer_apellido, id_empresa) VALUES ('0912345675', 'PRUEBA', 'MATRIZ', $1)
     RETURNING id_persona AS id`,
    [aseg],
  );
  const factura = await id(
    `INSERT INTO factura (id_empresa, numero, fecha) VALUES ($1, '001-001-000999', '2026-03-01') RETURNING id_factura AS id`,
    [aseg],
  );
  const plantilla = await id(
    `INSERT INTO plantilla (id_empresa, nombre) VALUES ($1, 'MATRIZ') RETURNING id_plantilla AS id`,
    [aseg],
  );
  const tarifario = await id(
    `INSERT INTO tarifario (id_clas_elem, id_asegurador, descripcion, fecha_desde, fecha_hasta)
     VALUES ((SELECT min(id_clas_elem) FROM clas_elem), $1, 'MATRIZ', '2026-01-01', '2026-12-31') RETURNING id_tarifario AS id`,
    [asegurador],
  );
  Object.assign(fixture, {
    tramite,
    tramiteNoEnviado: noEnviado,
    planilla: planillas[0].id,
    planillaLibre: libre,
    planillaNoEnviada: await id(`SELECT min(id_planilla) AS id FROM planilla WHERE id_tramite = $1`, [
      noEnviado,
    ]),
    carga,
    cargaNoEnviada: await id(`SELECT min(id_carga) AS id FROM carga WHERE id_tramite = $1`, [noEnviado]),
    detalle: await id(`SELECT min(id_planilla_det) AS id FROM planilla_det WHERE id_planilla = $1`, [
      planillas[0].id,
    ]),
    archivo: await id(`SELECT min(id_archivo_pla) AS id FROM archivo_pla WHERE id_planilla = $1`, [
      planillas[0].id,
    ]),
    bitacora: await id(`SELECT min(id_bitacora_tra) AS id FROM bitacora_tra WHERE id_tramite = $1`, [
      tramite,
    ]),
    autorizacion: await id(
      `INSERT INTO autorizacion (id_tramite, descripcion) VALUES ($1, 'AMPLIACIÓN DEL PERÍODO') RETURNING id_autorizacion AS id`,
      [tramite],
    ),
    cargaAmb: await id(
      `INSERT INTO carga_amb (id_tramite, id_carga, numero, nombre_paciente, cedula) VALUES ($1, $2, 'A-1', 'PRUEBA', $3)
       RETURNING id_carga_amb AS id`,
      [tramite, carga, planillas[0].cedula],
    ),
    cargaApi: carga,
    respaldo: await respaldoDe(carga, tramite),
    ...(await sandboxLoad(prestador.id)),
    apiToken: await id(
      `INSERT INTO api_token (id_usuario, nombre, prefijo, token_hash) VALUES ($1, 'matriz', 'apk_matriz', repeat('a', 64))
       RETURNING id_api_token AS id`,
      [prestador.id],
    ),
    diagnostico: await id(`SELECT id_diagnostico AS id FROM diagnostico WHERE codigo = 'J181'`),
    cedula: planillas[0].cedula,
    usuario: await id(
      `INSERT INTO usuario (id_empresa, id_perfil, id_suscripcion, id_persona, nombre, clave)
       SELECT id_empresa, 18, id_suscripcion, $2, 'borrable@demo.ec', clave FROM usuario WHERE id_usuario = $1
       RETURNING id_usuario AS id`,
      [admin.id, persona],
    ),
    persona,
    medico: await id(
      `INSERT INTO medico (id_persona, documento) VALUES ($1, '0912345675') RETURNING id_medico AS id`,
      [persona],
    ),
    empresa: aseg,
    empresaBorrable: await id(
      `INSERT INTO empresa (nombre_corto, documento, razon_social, nombre, suscriptor, id_empresa_suscriptora)
       VALUES ('BORRABLE', '0990000001001', 'BORRABLE S.A.', 'BORRABLE S.A.', false, $1) RETURNING id_empresa AS id`,
      [aseg],
    ),
    medio: await id(
      `INSERT INTO medio_emp (id_medio_com, id_empresa, descripcion) VALUES ((SELECT min(id_medio_com) FROM medio_com), $1, '0999999999')
       RETURNING id_medio_emp AS id`,
      [aseg],
    ),
    imagen: await id(
      `INSERT INTO empresa_img (id_empresa, nombre, tipo, tamano, imagen) VALUES ($1, 'logo.png', 'image/png', $2, $3)
       RETURNING id_empresa_img AS id`,
      [aseg, PNG_1X1.length, PNG_1X1],
    ),
    suscripcion: admin.idSuscripcion,
    suscripcionBorrable: await id(
      `INSERT INTO suscripcion (id_plan, id_forma_pago, id_empresa, numero, estado, fecha_desde, fecha_hasta)
       SELECT id_plan, id_forma_pago, id_empresa, 'SUS-BORRABLE', 'ANULADA', fecha_desde, fecha_hasta
         FROM suscripcion WHERE id_suscripcion = $1 RETURNING id_suscripcion AS id`,
      [admin.idSuscripcion],
    ),
    suscAud: await id(
      `INSERT INTO suscripcion_aud (id_suscripcion, id_plan, id_forma_pago, numero, fecha_desde, fecha_hasta, tipo)
       SELECT id_suscripcion, id_plan, id_forma_pago, numero, fecha_desde, fecha_hasta, 'CREACION'
         FROM suscripcion WHERE id_suscripcion = $1 RETURNING id_suscripcion_aud AS id`,
      [admin.idSuscripcion],
    ),
    suscPago: await id(
      `INSERT INTO susc_pago (id_suscripcion, id_factura, estado_pago, fecha_desde, fecha_hasta)
       VALUES ($1, $2, 'PAGADO', '2026-01-01', '2026-12-31') RETURNING id_susc_pago AS id`,
      [admin.idSuscripcion, factura],
    ),
    asegurador,
    prestador: clinica,
  });

  // One row of each catalogue: the demo insurer's (or the clinic's) for the tenant's catalogues.
  const tenantRows: Record<string, () => Promise<number>> = {
    observacion: () =>
      id(
        `INSERT INTO observacion (id_empresa, descripcion, tipo) VALUES ($1, 'MATRIZ', 'M') RETURNING id_observacion AS id`,
        [aseg],
      ),
    respuesta: () =>
      id(
        `INSERT INTO respuesta (id_empresa, descripcion) VALUES ($1, 'MATRIZ') RETURNING id_respuesta AS id`,
        [aseg],
      ),
    plantilla: async () => plantilla,
    plantilladet: () =>
      id(
        `INSERT INTO plantilla_det (id_plantilla, id_elemento, cantidad) VALUES ($1, (SELECT min(id_elemento) FROM elemento), 1)
         RETURNING id_plantilla_det AS id`,
        [plantilla],
      ),
    factura: async () => factura,
    facturadet: () =>
      id(
        `INSERT INTO factura_det (id_factura, descripcion, cantidad, valor_uni, total) VALUES ($1, 'MATRIZ', 1, 1, 1)
         RETURNING id_factura_det AS id`,
        [factura],
      ),
    pago: () =>
      id(
        `INSERT INTO pago (id_factura, id_forma_pago, fecha, valor) VALUES ($1, (SELECT min(id_forma_pago) FROM forma_pago), '2026-03-02', 1)
         RETURNING id_pago AS id`,
        [factura],
      ),
    horario: () =>
      id(
        `INSERT INTO horario (id_empresa, dia_semana, hora_desde, hora_hasta) VALUES ($1, 1, '08:00', '17:00') RETURNING id_horario AS id`,
        [aseg],
      ),
    paremp: () =>
      id(
        `INSERT INTO par_emp (id_empresa, nombre, valor) VALUES ($1, 'MATRIZ', 'X') RETURNING id_par_emp AS id`,
        [aseg],
      ),
    tarifario: async () => tarifario,
    tarifaaseg: () =>
      id(
        `INSERT INTO tarifa_aseg (id_tarifario, id_asegurador) VALUES ($1, $2) RETURNING id_tarifa_aseg AS id`,
        [tarifario, asegurador],
      ),
    clasaseg: () =>
      id(`INSERT INTO clas_aseg (id_asegurador, nombre) VALUES ($1, 'MATRIZ') RETURNING id_clas_aseg AS id`, [
        asegurador,
      ]),
    elempres: () => id(`SELECT min(id_elem_pres) AS id FROM elem_pres WHERE id_prestador = $1`, [clinica]),
    tarifapres: () =>
      id(`SELECT min(id_tarifa_pres) AS id FROM tarifa_pres WHERE id_prestador = $1`, [clinica]),
    espepres: () =>
      id(
        `INSERT INTO espe_pres (id_especialidad, id_prestador) VALUES ((SELECT min(id_especialidad) FROM especialidad), $1)
         RETURNING id_espe_pres AS id`,
        [clinica],
      ),
    vwprestador: async () => clinica,
    vwasegurador: async () => asegurador,
    vwempresa: async () => aseg,
    vwpersona: async () => persona,
    vwmedico: async () => fixture.medico as number,
    vwsuscripcion: async () => admin.idSuscripcion,
  };
  for (const c of CATALOG_ROWS) {
    const def = getCatalog(c.name);
    if (!def) throw new Error(`catálogo desconocido en la matriz: ${c.name}`);
    fixture[`cat.${c.name}`] = tenantRows[c.name]
      ? await tenantRows[c.name]()
      : await id(`SELECT min(${col(def.idField)}) AS id FROM ${def.table}`);
  }

  // A draft observation on the attention, by the AM supervisor (the observations API).
  const obs = await t.app.inject({
    method: 'POST',
    url: `/api/v1/planillas/${planillas[0].id}/observaciones`,
    headers: await login(DEMO.supervisorAm, 92),
    payload: { tipo: 'M', idObservacion: fixture['cat.observacion'], descripcion: 'MATRIZ' },
  });
  fixture.observacionPla =
    obs.statusCode === 201 ? (obs.json().item?.idPlaObs ?? obs.json().item?.id ?? 0) : 0;
  if (!fixture.observacionPla)
    console.warn(`observación de la matriz: ${obs.statusCode} ${obs.body.slice(0, 300)}`);
}

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: 10_000 });
  await t.database.transaction(async (tx) => {
    await seedDemoTramites(tx);
    await seedDemoArchivos(tx, storageFor(t.config));
  });
  await buildFixture();
  // Tenant B: a company registered by a stranger, and one user of each insurer profile in it.
  const b = await registrarEmpresa(t);
  for (const p of [16, 17, 18, 19, 20]) {
    await t.database.query(
      `INSERT INTO usuario (id_empresa, id_perfil, id_suscripcion, nombre, clave, ${FLAG_COLUMNS.join(', ')})
       SELECT $1, p.id_perfil, $2, $3, (SELECT clave FROM usuario WHERE nombre = $4), ${FLAG_COLUMNS.map((c) => `p.${c}`).join(', ')}
         FROM perfil p WHERE p.id_perfil = $5`,
      [b.idEmpresa, b.idSuscripcion, `b${p}@otra.ec`, DEMO.admin, p],
    );
  }
  const users: Array<[string, Perfil, Caller['tenant'], string]> = [
    ['A1', 1, 'A', DEMO.admin],
    ['A15', 15, 'A', DEMO.prestador],
    ['A16', 16, 'A', DEMO.revisor],
    ['A17', 17, 'A', DEMO.supervisorAm],
    ['A18', 18, 'A', DEMO.auditorAm],
    ['A19', 19, 'A', DEMO.supervisorGd],
    ['A20', 20, 'A', DEMO.gestorGd],
    ['P2', 15, 'P2', DEMO.prestador2],
    ...([16, 17, 18, 19, 20] as const).map(
      (p) => [`B${p}`, p, 'B', `b${p}@otra.ec`] as [string, Perfil, 'B', string],
    ),
  ];
  const logged = await Promise.all(users.map(([, , , u], i) => login(u, i)));
  for (const [i, [key, perfil, tenant, usuario]] of users.entries())
    callers.push({ key, perfil, tenant, usuario, clave: DEMO_PASSWORD, headers: logged[i] });
  callers.push({
    key: 'B1',
    perfil: 1,
    tenant: 'B',
    usuario: b.body.email,
    clave: b.body.clave,
    headers: b.headers,
  });
  // The platform operator (issue 11 item 3): a profile-1 user of a company of its own, usuario.plataforma.
  const [op] = await t.database
    .query<{ nombre: string }>(`SELECT nombre FROM usuario WHERE plataforma LIMIT 1`)
    .catch(() => []);
  if (op) {
    try {
      const headers = await login(op.nombre, 50);
      callers.push({ key: 'OP', perfil: 1, tenant: 'OP', usuario: op.nombre, clave: DEMO_PASSWORD, headers });
    } catch (e) {
      // Reported by the walk, so that one broken login does not hide the rest of the matrix.
      setupProblems.push(`el operador de la plataforma no puede ingresar: ${(e as Error).message}`);
    }
  } else
    setupProblems.push('no hay operador de la plataforma (usuario.plataforma) en los datos de demostración');
  callers.push({ key: 'anon', perfil: null, tenant: 'anon', usuario: '', clave: '', headers: {} });
}, 180_000);
afterAll(async () => t?.close());

const value = (key: string): string => {
  if (key.startsWith('=')) return key.slice(1);
  if (!(key in fixture)) throw new Error(`la matriz nombra un registro que el fixture no tiene: ${key}`);
  return String(fixture[key]);
};

function requestOf(row: Row) {
  const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', string];
  const url = path.replace(/\{([^}]+)\}/g, (_, p: string) => {
    const key = row.ids?.[p];
    if (!key) throw new Error(`${routeKey(row)}: falta ids.${p}`);
    return encodeURIComponent(value(key as FixtureKey));
  });
  const query = row.query?.replace(/\{([^}]+)\}/g, (_, k: string) => encodeURIComponent(value(k)));
  const body: unknown =
    row.body === undefined
      ? undefined
      : JSON.parse(JSON.stringify(row.body), (_k, v) =>
          typeof v === 'string' && /^\{[A-Za-z.]+\}$/.test(v) ? Number(value(v.slice(1, -1))) : v,
        );
  return { method, url: query ? `${url}?${query}` : url, payload: body as object | undefined };
}

/** What the row says a caller gets: 'allow', or the status of a refusal. */
type Want = 'allow' | 'refused' | 401 | 403 | 404;

function expected(row: Row, c: Caller): Want {
  if (row.who === 'public' && row.denied === 401) return 401;
  if (row.who === 'public') return 'allow';
  if (c.perfil === null) return 401;
  if (row.who === 'operator') return c.tenant === 'OP' ? 'allow' : c.tenant === 'A' ? 403 : 'refused';
  const allowed = row.who === 'any' || (Array.isArray(row.who) && row.who.includes(c.perfil));
  // Another tenant's caller refused by profile: 403 before the record is looked up, or 404 after.
  if (!allowed) return c.tenant === 'A' ? (row.deniedAs?.[c.perfil] ?? row.denied ?? 403) : 'refused';
  if (c.tenant === 'A') return 'allow';
  const other = c.tenant === 'P2' && row.otherProvider !== undefined ? row.otherProvider : row.other;
  return other === 404 ? 404 : 'allow';
}

/** A 404 that refuses (the record is hidden), not one that answers (a load without errors: SIN_DATOS). */
function hidden(res: LightMyRequestResponse) {
  if (res.statusCode !== 404) return false;
  try {
    return (res.json() as { error?: { code?: string } }).error?.code === 'NO_ENCONTRADO';
  } catch {
    return true;
  }
}

function matches(row: Row, want: Want, res: LightMyRequestResponse, c: Caller) {
  if (res.statusCode >= 500) return false;
  if (want === 'refused') return res.statusCode === 403 || hidden(res);
  // Validation before the lookup: says nothing of another tenant's record (rows without a body only).
  if (
    want === 404 &&
    c.tenant !== 'A' &&
    row.body === undefined &&
    !row.route.startsWith('GET ') &&
    res.statusCode === 400
  )
    return true;
  if (want !== 'allow') return res.statusCode === want;
  if (res.statusCode === 401 || res.statusCode === 403) return false;
  // DELETE: an allowed caller before may have removed the record.
  return row.route.startsWith('DELETE ') || !hidden(res);
}

describe('authorization matrix', () => {
  it('every route of the OpenAPI document has a row, and every row a route', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const rows = new Set(ROUTES.map((r) => r.route));
    const sinFila = routes.filter((r) => !rows.has(r));
    expect(
      sinFila,
      `rutas sin fila en apps/api/src/test/authz-matrix.ts (añada una por ruta): ${sinFila.join(', ')}`,
    ).toEqual([]);
    const sobran = [...rows].filter((r) => !routes.includes(r));
    expect(sobran, 'filas de rutas que ya no existen').toEqual([]);
  });

  it('every row × profile × tenant answers as the matrix says', async () => {
    const record: Record<string, Record<string, number>> = {};
    const wrong: string[] = [];
    // Reads and writes first, deletions last (they may remove the records other rows use).
    const rows = [...ROUTES].sort(
      (a, b) => Number(a.route.startsWith('DELETE ')) - Number(b.route.startsWith('DELETE ')),
    );
    const order = (c: Caller, row: Row) => (expected(row, c) === 'allow' && c.tenant === 'A' ? 1 : 0);
    const run = async (row: Row) => {
      const req = requestOf(row);
      if (row.bodyFromRead) {
        const reader = callers.find((c) => c.tenant === 'A' && expected(row, c) === 'allow');
        const read = await t.app.inject({ url: req.url, headers: reader?.headers ?? {} });
        const json = read.statusCode === 200 ? read.json() : {};
        req.payload = { ...(json.item ?? json), ...row.bodyFromRead };
      }
      const got: Record<string, number> = {};
      const send = async (c: Caller) => {
        const headers = row.ownSession && c.tenant !== 'anon' ? await freshSession(c) : c.headers;
        const res = await t.app.inject({ ...req, headers });
        got[c.key] = res.statusCode;
        const want = expected(row, c);
        if (!matches(row, want, res, c))
          wrong.push(
            `${routeKey(row)} — ${c.key}: esperado ${want === 'allow' ? 'permitido' : want}, obtuvo ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      };
      if (req.method === 'GET') await Promise.all(callers.map(send));
      else {
        // Refused callers first (at once), then the allowed of the tenant one by one: an allowed
        // write cannot hide what the others would get.
        await Promise.all(callers.filter((c) => order(c, row) === 0).map(send));
        for (const c of callers.filter((c) => order(c, row) === 1)) await send(c);
      }
      record[routeKey(row)] = got;
    };
    // Reads a few rows at a time; writes one row at a time, in the table's order.
    for (let i = 0; i < rows.length; ) {
      const batch: Row[] = [];
      while (
        i < rows.length &&
        batch.length < 4 &&
        (batch.length === 0 || rows[i].route.startsWith('GET ')) &&
        (batch.length === 0 || batch[0].route.startsWith('GET '))
      )
        batch.push(rows[i++]);
      await Promise.all(batch.map(run));
    }
    if (process.env.AUTHZ_RECORD) fs.writeFileSync(process.env.AUTHZ_RECORD, JSON.stringify(record, null, 1));
    const problems = [...setupProblems, ...wrong];
    expect(problems, problems.join('\n')).toEqual([]);
  }, 240_000);
});

let sessionN = 100;
/** A session of its own for a request that ends it (logout). */
const freshSession = (c: Caller) => login(c.usuario, sessionN++, c.clave);
