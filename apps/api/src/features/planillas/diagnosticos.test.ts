import { MSG_PLANILLA } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { crearTramite, usarContextoConFixtures, versionOf } from '../../test/fixtures.ts';
import { DEMO, errorOf } from '../../test/helpers.ts';

const { t, ids, req } = usarContextoConFixtures();

const buscar = async (q: string, extra = '') => {
  const res = await req('GET', `/api/v1/diagnosticos?q=${encodeURIComponent(q)}${extra}`, DEMO.auditorAm);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: Array<{ codigo: string; codigoPunto: string; nombre: string }>;
    total: number;
    pageSize: number;
  };
};

describe('diagnosis lookup', () => {
  it('by words regardless of accents and case, by code with or without dot, X padding', async () => {
    const words = await buscar('neumonia lobar');
    expect(words.items[0]).toMatchObject({
      codigo: 'J181',
      codigoPunto: 'J18.1',
      nombre: 'Neumonía lobar, no especificada',
    });
    expect((await buscar('NEUMONÍA   Lobar')).items[0].codigo).toBe('J181');
    expect((await buscar('J18.1')).items[0].codigo).toBe('J181');
    expect((await buscar('j181')).items.map((i) => i.codigo)).toEqual(['J181']);
    expect((await buscar('A09X')).items[0].codigo).toBe('A09');
    const j18 = await buscar('J18');
    expect(j18.items[0].codigo).toBe('J18');
    expect(j18.total).toBe(6);
  });

  it('10 per page, paged; empty query refused with the spec text; 401', async () => {
    const p1 = await buscar('neumonia');
    expect(p1.pageSize).toBe(10);
    expect(p1.items).toHaveLength(10);
    expect(p1.total).toBeGreaterThan(10);
    const p2 = await buscar('neumonia', '&page=2');
    expect(p2.items[0].codigo).not.toBe(p1.items[0].codigo);
    const far = await buscar('neumonia', '&page=500');
    expect(far).toMatchObject({ items: [], total: p1.total });
    for (const url of ['/api/v1/diagnosticos?q=', '/api/v1/diagnosticos?q=%20%20', '/api/v1/diagnosticos']) {
      const res = await req('GET', url, DEMO.auditorAm);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error.message).toBe('ERROR: Ingrese un valor de consulta Diagnostico');
    }
    expect((await req('GET', '/api/v1/diagnosticos?q=neumonia')).statusCode).toBe(401);
  });

  it('answers fast (figure printed; budget 50 ms)', async () => {
    await buscar('neumonia lobar');
    const times: number[] = [];
    for (const q of [
      'neumonia lobar',
      'diabetes tipo',
      'J18.1',
      'apendicitis',
      'fractura femur',
      'A09X',
      'hipertension',
    ]) {
      const t0 = performance.now();
      await buscar(q);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `[diagnosticos] ${t.database.kind}: median ${times[3].toFixed(1)} ms, max ${times[6].toFixed(1)} ms (through app.inject)`,
    );
    expect(times[3]).toBeLessThan(250);
  });

  it('name by code: {codigo, nombre} or 404 Diagnóstico no encontrado', async () => {
    const res = await req('GET', '/api/v1/diagnosticos/codigo/J18.1', DEMO.supervisorGd);
    expect(res.json()).toEqual({
      codigo: 'J181',
      codigoPunto: 'J18.1',
      nombre: 'Neumonía lobar, no especificada',
    });
    expect((await req('GET', '/api/v1/diagnosticos/codigo/a09x', DEMO.supervisorGd)).json().codigo).toBe(
      'A09',
    );
    const no = await req('GET', '/api/v1/diagnosticos/codigo/U99.9', DEMO.supervisorGd);
    expect(no.statusCode).toBe(404);
    expect(errorOf(no).error.message).toBe('Diagnóstico no encontrado');
    expect((await req('GET', '/api/v1/diagnosticos/codigo/J181')).statusCode).toBe(401);
  });
});

describe('templates', () => {
  let idPlantilla: number;
  let ajena: number;
  beforeAll(async () => {
    const [pl] = await t.database.query<{ id: number }>(
      `INSERT INTO plantilla (id_empresa, nombre) VALUES ($1, 'CONSULTA CON LABORATORIO') RETURNING id_plantilla AS id`,
      [ids.idEmpresaAseg],
    );
    idPlantilla = pl.id;
    await t.database.query(
      `INSERT INTO plantilla_det (id_plantilla, id_elemento, cantidad)
       SELECT $1, id_elemento, CASE codigo WHEN '85025' THEN 2 ELSE 1 END FROM elemento WHERE codigo IN ('99203', '85025')`,
      [idPlantilla],
    );
    const [otra] = await t.database.query<{ id: number; e: number }>(
      `INSERT INTO plantilla (id_empresa, nombre)
       SELECT id_empresa, 'AJENA' FROM usuario WHERE nombre = $1 RETURNING id_plantilla AS id`,
      [DEMO.prestador2],
    );
    ajena = otra.id;
  });

  it("lists the company's templates only", async () => {
    const res = await req('GET', '/api/v1/plantillas', DEMO.supervisorAm);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { idPlantilla, nombre: 'CONSULTA CON LABORATORIO', descripcion: null, numElementos: 2 },
    ]);
    expect((await req('GET', '/api/v1/plantillas')).statusCode).toBe(401);
  });

  it('apply adds the line items and recomputes the total; a second template 409; remove, then remove again 409', async () => {
    const f = await crearTramite(t, ids, { planillas: [{ numero: 'T1', med: ids.usuarios.auditorAm }] });
    const id = f.planillas[0];
    const url = `/api/v1/planillas/${id}/plantilla`;
    const sin = await req('POST', url, DEMO.auditorAm, {});
    expect(sin.statusCode).toBe(400);
    expect(errorOf(sin).error.message).toBe('Por favor, seleccione una plantilla antes de continuar.');
    expect((await req('POST', url, DEMO.supervisorGd, { idPlantilla })).statusCode).toBe(403);
    expect((await req('POST', url, DEMO.revisor, { idPlantilla })).statusCode).toBe(403);
    expect((await req('POST', url, DEMO.prestador2, { idPlantilla })).statusCode).toBe(404);
    expect((await req('POST', url, DEMO.auditorAm, { idPlantilla: ajena })).statusCode).toBe(404);
    expect((await req('POST', url, DEMO.auditorAm, { idPlantilla, version: 99 })).statusCode).toBe(409);

    const ok = await req('POST', url, DEMO.auditorAm, { idPlantilla, version: await versionOf(t, id) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      mensaje: 'Plantilla CONSULTA CON LABORATORIO aplicada: 2 elementos agregados.',
      agregados: 2,
      item: { idPlantilla, total: '66.80', version: 2 },
    });
    const det = await t.database.query<{ codigo: string; cantidad: number; valorUni: string }>(
      `SELECT codigo, cantidad, valor_uni AS "valorUni" FROM planilla_det WHERE id_planilla = $1 AND estado = 1 ORDER BY id_planilla_det`,
      [id],
    );
    expect(det).toEqual([
      { codigo: '99203', cantidad: 1, valorUni: '25.50' },
      { codigo: '99203', cantidad: 1, valorUni: '25.50' },
      { codigo: '85025', cantidad: 2, valorUni: '7.90' },
    ]);
    const dup = await req('POST', url, DEMO.supervisorAm, { idPlantilla });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup).error.message).toBe('La planilla ya tiene asignada una plantilla.');

    const del = await req('DELETE', url, DEMO.supervisorAm);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ retirados: 2, item: { idPlantilla: null, total: '25.50' } });
    const again = await req('DELETE', url, DEMO.supervisorAm);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error.message).toBe(
      'Esta planilla no tiene una plantilla asignada que pueda ser eliminada.',
    );

    const aud = (await req('GET', `/api/v1/planillas/${id}/auditoria`, DEMO.supervisorAm)).json();
    expect(
      aud.detallados.map((d: { operacion: string; codigo: string }) => `${d.operacion} ${d.codigo}`).sort(),
    ).toEqual(['AGREGAR 85025', 'AGREGAR 99203', 'QUITAR 85025', 'QUITAR 99203']);
    expect(aud.generales).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campo: 'plantilla', antes: null, despues: 'CONSULTA CON LABORATORIO' }),
        expect.objectContaining({ campo: 'total', antes: '66.80', despues: '25.50' }),
      ]),
    );

    await t.database.query(`UPDATE tramite SET estado_tramite = 'FINALIZADO' WHERE id_tramite = $1`, [
      f.idTramite,
    ]);
    expect((await req('POST', url, DEMO.supervisorAm, { idPlantilla })).statusCode).toBe(409);
    expect(MSG_PLANILLA.seleccionePlantilla).toBe('Por favor, seleccione una plantilla antes de continuar.');
  });
});
