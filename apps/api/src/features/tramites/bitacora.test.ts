import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, registrarTramitePorApi, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
let idTramite: number;
beforeAll(async () => {
  t = await createTestContext();
  const res = await registrarTramitePorApi(t, { descripcion: 'Marzo', frecuenciaCarga: 'S' });
  idTramite = res.json().item.idTramite;
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/tramites/${idTramite}/acciones/saltar-semana`,
    headers: await t.auth(DEMO.prestador),
  });
  await t.database.query("UPDATE tramite SET estado_tramite = 'EN PROCESO' WHERE id_tramite = $1", [
    idTramite,
  ]);
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/tramites/${idTramite}/acciones/cambiar-asignacion`,
    headers: await t.auth(DEMO.supervisorAm),
  });
});
afterAll(async () => t?.close());

describe('bitácora', () => {
  it('lists newest first, filters by type and by text ignoring accents', async () => {
    const h = await t.auth(DEMO.supervisorAm);
    const all = await t.app.inject({ url: `/api/v1/tramites/${idTramite}/bitacora`, headers: h });
    expect(all.json().total).toBe(3);
    expect(all.json().items[0]).toMatchObject({ tipo: 'SUPERVISIÓN', usuarioNombre: DEMO.supervisorAm });
    const byType = await t.app.inject({
      url: `/api/v1/tramites/${idTramite}/bitacora?tipo=ESTADO`,
      headers: h,
    });
    expect(byType.json().items.map((i: { observacion: string }) => i.observacion)).toEqual([
      'Semana 1 de 4 habilitada para carga.',
      'Trámite registrado (REGISTRADO).',
    ]);
    const byText = await t.app.inject({
      url: `/api/v1/tramites/${idTramite}/bitacora?q=TRAMITE REGISTRADO`,
      headers: h,
    });
    expect(byText.json().total).toBe(1);
    const one = await t.app.inject({
      url: `/api/v1/bitacora/${byText.json().items[0].idBitacoraTra}`,
      headers: h,
    });
    expect(one.json().observacion).toBe('Trámite registrado (REGISTRADO).');
  });

  it('another tenant gets 404 for the log, an entry and the PDF', async () => {
    const h2 = await t.auth(DEMO.prestador2);
    expect(
      (await t.app.inject({ url: `/api/v1/tramites/${idTramite}/bitacora`, headers: h2 })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v1/tramites/${idTramite}/bitacora/pdf`, headers: h2 })).statusCode,
    ).toBe(404);
    const [b] = await t.database.query<{ id: number }>(
      'SELECT min(id_bitacora_tra) AS id FROM bitacora_tra WHERE id_tramite = $1',
      [idTramite],
    );
    expect((await t.app.inject({ url: `/api/v1/bitacora/${b.id}`, headers: h2 })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/v1/tramites/${idTramite}/bitacora?tipo=OTRO`,
          headers: await t.auth(DEMO.supervisorAm),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('report 12 is a real PDF with the rows', async () => {
    const res = await t.app.inject({
      url: `/api/v1/tramites/${idTramite}/bitacora/pdf`,
      headers: await t.auth(DEMO.prestador),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    expect(res.rawPayload.length).toBeGreaterThan(2000);
    // No logo yet: no image in the document.
    expect(res.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it("report 12 carries the insurer's logo once the company has one", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await t.database.query(
      `INSERT INTO empresa_img (id_empresa, nombre, tipo, tamano, imagen)
       SELECT id_empresa_aseguradora, 'Logo', 'image/png', $2, $3 FROM tramite WHERE id_tramite = $1`,
      [idTramite, png.length, png],
    );
    const res = await t.app.inject({
      url: `/api/v1/tramites/${idTramite}/bitacora/pdf`,
      headers: await t.auth(DEMO.supervisorAm),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });
});
