import { MSG, MSG_HERRAMIENTAS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cedulaFrom } from '../../db/seed/demo.ts';
import { createTestContext, DEMO, errorOf, type TestContext } from '../../test/helpers.ts';
import {
  crearCargaCompleta,
  crearTramiteDirecto,
  type IdsHerramientas,
  idsHerramientas,
} from './test-utils.ts';

/** The claim lookup (docs/spec-summary.md 001 §2.7, issue 17 item 2): every attention of a patient, 10 per page. */

let t: TestContext;
let ids: IdsHerramientas;
const paciente = cedulaFrom('170666555');
const MEDICO = '1799999988';
let idEspecialidad: number;
let otraEspecialidad: number;

const get = async (url: string, usuario?: string) =>
  t.app.inject({ url, headers: usuario ? await t.auth(usuario) : {} });
const url = (cedula: string, query = '') =>
  `/api/v1/herramientas/cobertura/${cedula}/atenciones${query ? `?${query}` : ''}`;

async function crearTramite(o: { prestador: number; estado?: string; sandbox?: boolean }): Promise<number> {
  return crearTramiteDirecto(t, ids, {
    ...o,
    prestador: o.prestador,
    descripcion: 'PRUEBA DE CONSULTA',
    prefijo: 'CC',
  });
}

async function crearAtenciones(
  idTramite: number,
  idPrestador: number,
  atenciones: { numero: string; dia: number; estado?: number; medico?: string }[],
) {
  const c = { id: await crearCargaCompleta(t, ids, idTramite) };
  for (const a of atenciones) {
    const fecha = `2026-03-${String(a.dia).padStart(2, '0')}`;
    await t.database.query(
      `INSERT INTO planilla (id_tramite, id_carga, id_prestador, numero, cedula, nombre, diag1, fecha_desde, fecha_hasta,
                             estado, cedula_medico, nombre_medico)
       VALUES ($1, $2, $3, $4, $5, 'PACIENTE DE CONSULTA', 'J069', $6, $6, $7, $8, 'DR. PRUEBA')`,
      [idTramite, c.id, idPrestador, a.numero, paciente, fecha, a.estado ?? 1, a.medico ?? null],
    );
  }
}

beforeAll(async () => {
  t = await createTestContext();
  ids = await idsHerramientas(t);

  const esp = await t.database.query<{ id: number }>(
    'SELECT id_especialidad AS id FROM especialidad ORDER BY id_especialidad LIMIT 2',
  );
  [idEspecialidad, otraEspecialidad] = esp.map((e) => e.id);
  const [per] = await t.database.query<{ id: number }>('SELECT min(id_persona) AS id FROM persona');
  await t.database.query(`INSERT INTO medico (id_persona, id_especialidad, documento) VALUES ($1, $2, $3)`, [
    per.id,
    idEspecialidad,
    MEDICO,
  ]);

  // 23 active attentions of the first provider in two procedures (one not sent yet), 5 by the
  // specialist; one annulled, one in the sandbox; 4 of the same patient at the other provider company.
  const enviado = await crearTramite({ prestador: ids.prestador });
  await crearAtenciones(
    enviado,
    ids.prestador,
    Array.from({ length: 15 }, (_, i) => ({
      numero: `E-${i + 1}`,
      dia: i + 1,
      medico: i < 5 ? MEDICO : undefined,
    })),
  );
  const registrado = await crearTramite({ prestador: ids.prestador, estado: 'REGISTRADO' });
  await crearAtenciones(
    registrado,
    ids.prestador,
    Array.from({ length: 8 }, (_, i) => ({ numero: `R-${i + 1}`, dia: i + 16 })),
  );
  await crearAtenciones(enviado, ids.prestador, [{ numero: 'ANULADA', dia: 30, estado: 0 }]);
  const sandbox = await crearTramite({ prestador: ids.prestador, sandbox: true });
  await crearAtenciones(sandbox, ids.prestador, [{ numero: 'SANDBOX', dia: 31 }]);
  const ajeno = await crearTramite({ prestador: ids.prestador2 });
  await crearAtenciones(
    ajeno,
    ids.prestador2,
    Array.from({ length: 4 }, (_, i) => ({ numero: `X-${i + 1}`, dia: i + 1, medico: MEDICO })),
  );
});
afterAll(async () => t?.close());

type Pagina = { items: { numero: string; idPlanilla: number; idTramite: number }[]; total: number };

describe('consulta de cobertura: atenciones paginadas', () => {
  it('401 without a session; 400 in Spanish for a cédula failing its check digit, and for a bad specialty', async () => {
    expect((await get(url(paciente))).statusCode).toBe(401);
    for (const mala of ['1710034066', '12345', 'ABCDEFGHIJ']) {
      const res = await get(url(mala), DEMO.prestador);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error).toMatchObject({
        code: 'DATOS_INVALIDOS',
        message: MSG_HERRAMIENTAS.cedulaInvalida,
      });
    }
    const esp = await get(url(paciente, 'idEspecialidad=abc'), DEMO.prestador);
    expect(esp.statusCode).toBe(400);
    expect(errorOf(esp).error.message).toBe(MSG.idInvalido);
  });

  it('pages all of the provider’s own attentions by 10, newest first (not only the last 10)', async () => {
    const p1 = (await get(url(paciente), DEMO.prestador)).json() as Pagina;
    expect(p1).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(p1.items.map((i) => i.numero)).toEqual([
      'R-8',
      'R-7',
      'R-6',
      'R-5',
      'R-4',
      'R-3',
      'R-2',
      'R-1',
      'E-15',
      'E-14',
    ]);
    expect(p1.items[0]).toEqual({
      idPlanilla: expect.any(Number),
      idTramite: expect.any(Number),
      tramite: expect.stringMatching(/^CC-/),
      estadoTramite: 'REGISTRADO',
      numero: 'R-8',
      nombre: 'PACIENTE DE CONSULTA',
      fechaDesde: '2026-03-23',
      fechaHasta: '2026-03-23',
      nombreMedico: 'DR. PRUEBA',
      diag1: 'J069',
      prestador: expect.any(String),
    });
    const p3 = (await get(url(paciente, 'page=3'), DEMO.prestador)).json() as Pagina;
    expect(p3).toMatchObject({ total: 23, page: 3 });
    expect(p3.items.map((i) => i.numero)).toEqual(['E-3', 'E-2', 'E-1']);
    const all = [p1, (await get(url(paciente, 'page=2'), DEMO.prestador)).json() as Pagina, p3].flatMap((p) =>
      p.items.map((i) => i.numero),
    );
    expect(new Set(all).size).toBe(23);
    expect(all).not.toContain('ANULADA');
    expect(all).not.toContain('SANDBOX');
    expect(all.some((n) => n.startsWith('X-'))).toBe(false);
  });

  it('cédula plus specialty: only attentions whose doctor is registered in it', async () => {
    const r = (await get(url(paciente, `idEspecialidad=${idEspecialidad}`), DEMO.prestador)).json() as Pagina;
    expect(r.total).toBe(5);
    expect(r.items.map((i) => i.numero)).toEqual(['E-5', 'E-4', 'E-3', 'E-2', 'E-1']);
    const none = (await get(url(paciente, `idEspecialidad=${otraEspecialidad}`), DEMO.prestador)).json();
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  });

  it('tenants: the other provider company sees only its own; the insurer only what was sent', async () => {
    const otro = (await get(url(paciente), DEMO.prestador2)).json() as Pagina;
    expect(otro.total).toBe(4);
    expect(otro.items.every((i) => i.numero.startsWith('X-'))).toBe(true);
    const conEsp = (await get(url(paciente, `idEspecialidad=${idEspecialidad}`), DEMO.prestador2)).json();
    expect(conEsp.total).toBe(4);
    // The insurer's staff: both providers' sent procedures, never the unsent one (REGISTRADO).
    const aseguradora = (await get(url(paciente), DEMO.supervisorAm)).json() as Pagina;
    expect(aseguradora.total).toBe(15 + 4);
    expect(aseguradora.items.some((i) => i.numero.startsWith('R-'))).toBe(false);
  });

  it('a page past the end is empty with the true total', async () => {
    const r = (await get(url(paciente, 'page=9'), DEMO.prestador)).json();
    expect(r).toEqual({ items: [], total: 23, page: 9, pageSize: 10 });
  });
});
