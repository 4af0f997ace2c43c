import { MSG_TRAMITE, PERFIL } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import {
  crearTramite,
  type Fixture,
  observarPlanilla,
  usarContextoConFixtures,
} from '../../test/fixtures.ts';
import { aplicar, type UsuarioFlujo } from './service.ts';

const { t, ids } = usarContextoConFixtures();

const estado = async (id: number) =>
  (
    await t.database.query<{ estado: string; version: number }>(
      'SELECT estado_tramite AS estado, version FROM tramite WHERE id_tramite = $1',
      [id],
    )
  )[0];
const bitacora = async (id: number) =>
  t.database.query<{ tipo: string; observacion: string }>(
    'SELECT tipo, observacion FROM bitacora_tra WHERE id_tramite = $1 ORDER BY id_bitacora_tra',
    [id],
  );

/** One observation of `tipo` on an attention, answered or not; returns its pla_obs id. */
const observacion = (idPlanilla: number, tipo: 'M' | 'D', respondida: boolean) =>
  observarPlanilla(t, ids, idPlanilla, tipo, respondida);

describe('observation transitions', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await crearTramite(t, ids, { planillas: [{ numero: 'W1' }, { numero: 'W2' }] });
  });
  /** The error of one refused transition of `f`'s procedure. */
  const fallo = (accion: 'enviar-observaciones' | 'enviar-respuestas', u: UsuarioFlujo, tipo?: 'M' | 'D') =>
    t.database
      .transaction((tx) => aplicar(tx, f.idTramite, accion, u, { tipo }))
      .then(
        () => null,
        (e: AppError) => ({ statusCode: e.statusCode, code: e.code, message: e.message }),
      );

  it('EN PROCESO → OBSERVACIONES needs an observation of the type; → EN PROCESO needs all of them answered', async () => {
    const supAm = { idUsuario: ids.usuarios.supervisorAm, idPerfil: PERFIL.SUPERVISOR_AM };
    const prestador = { idUsuario: ids.usuarios.prestador, idPerfil: PERFIL.PRESTADOR };
    const auditor = { idUsuario: ids.usuarios.auditorAm, idPerfil: PERFIL.AUDITOR_AM };
    const sin = await fallo('enviar-observaciones', supAm);
    expect(sin).toMatchObject({
      statusCode: 422,
      code: 'SIN_OBSERVACIONES',
      message: MSG_TRAMITE.sinObservaciones('M'),
    });
    await observacion(f.planillas[0], 'D', false);
    // A GD observation does not let the AM supervisor send (the type follows the profile).
    expect(await fallo('enviar-observaciones', supAm)).toMatchObject({ statusCode: 422 });
    expect(await fallo('enviar-observaciones', auditor)).toMatchObject({ statusCode: 403 });
    const idObs = await observacion(f.planillas[1], 'M', false);
    const ok = await t.database.transaction((tx) => aplicar(tx, f.idTramite, 'enviar-observaciones', supAm));
    expect(ok).toMatchObject({
      aplicada: true,
      hacia: 'OBSERVACIONES',
      mensaje: 'Observaciones enviadas exitosamente.',
    });
    expect((await estado(f.idTramite)).estado).toBe('OBSERVACIONES');
    // The observations route marks what it sent as round 1 in its effects hook; drafts (no round) do not count.
    for (const tabla of ['pla_obs', 'pla_det_obs'])
      await t.database.query(
        `UPDATE ${tabla} SET ronda = 1 WHERE id_planilla IN (SELECT id_planilla FROM planilla WHERE id_tramite = $1)`,
        [f.idTramite],
      );
    expect((await bitacora(f.idTramite)).at(-1)).toEqual({
      tipo: 'SUPERVISIÓN',
      observacion: 'Estado cambiado de EN PROCESO a OBSERVACIONES (Auditoría Médica).',
    });

    expect(await fallo('enviar-respuestas', prestador, 'M')).toMatchObject({
      statusCode: 422,
      code: 'OBSERVACIONES_PENDIENTES',
      message: MSG_TRAMITE.observacionesSinResponder('M', 1),
    });
    await t.database.query(`UPDATE pla_obs SET respuesta = 'INFORME ADJUNTO' WHERE id_pla_obs = $1`, [idObs]);
    // Without a type both types count: the GD observation is still unanswered.
    expect(await fallo('enviar-respuestas', prestador)).toMatchObject({ statusCode: 422 });
    const resp = await t.database.transaction((tx) =>
      aplicar(tx, f.idTramite, 'enviar-respuestas', prestador, { tipo: 'M' }),
    );
    expect(resp).toMatchObject({ aplicada: true, desde: 'OBSERVACIONES', hacia: 'EN PROCESO' });
    expect((await estado(f.idTramite)).estado).toBe('EN PROCESO');
    expect(await fallo('enviar-respuestas', prestador, 'M')).toMatchObject({
      statusCode: 409,
      code: 'ESTADO_INVALIDO',
    });
  });

  it('the service: tipo and an effects hook, inside the caller’s transaction', async () => {
    const g = await crearTramite(t, ids, { planillas: [{ numero: 'W3' }] });
    await observacion(g.planillas[0], 'D', false);
    const supGd = { idUsuario: ids.usuarios.supervisorGd, idPerfil: PERFIL.SUPERVISOR_GD };
    // A failing effect rolls the whole transition back.
    await expect(
      t.database.transaction((tx) =>
        aplicar(tx, g.idTramite, 'enviar-observaciones', supGd, {
          efectos: async () => {
            throw new Error('boom');
          },
        }),
      ),
    ).rejects.toThrow('boom');
    expect((await estado(g.idTramite)).estado).toBe('EN PROCESO');
    const vistos: string[] = [];
    const r = await t.database.transaction((tx) =>
      aplicar(tx, g.idTramite, 'enviar-observaciones', supGd, {
        tipo: 'D',
        efectos: async (q, x) => {
          const [{ n }] = await q.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM tramite WHERE id_tramite = $1 AND estado_tramite = 'OBSERVACIONES'`,
            [g.idTramite],
          );
          vistos.push(`${x.desde}→${x.hacia}:${n}`);
        },
      }),
    );
    expect(r).toMatchObject({ aplicada: true, desde: 'EN PROCESO', hacia: 'OBSERVACIONES' });
    expect(vistos).toEqual(['EN PROCESO→OBSERVACIONES:1']);
    expect((await estado(g.idTramite)).estado).toBe('OBSERVACIONES');
  });
});

describe('automatic events', () => {
  it('apply only from their from-states, otherwise do nothing', async () => {
    const f = await crearTramite(t, ids, { estado: 'RECIBIDO', planillas: [{ numero: 'E1' }] });
    const u = { idUsuario: ids.usuarios.supervisorAm };
    const antes = await estado(f.idTramite);
    const no = await t.database.transaction((tx) => aplicar(tx, f.idTramite, 'organizada', u, { nota: 'X' }));
    expect(no).toMatchObject({ aplicada: false, desde: 'RECIBIDO', hacia: 'RECIBIDO' });
    expect(await estado(f.idTramite)).toEqual(antes);
    const si = await t.database.transaction((tx) => aplicar(tx, f, 'primera-asignacion', u));
    expect(si).toMatchObject({ aplicada: true, hacia: 'EN PROCESO' });
    expect(await estado(f.idTramite)).toEqual({ estado: 'EN PROCESO', version: antes.version + 1 });
    expect((await bitacora(f.idTramite)).at(-1)?.observacion).toBe(
      'Estado cambiado de RECIBIDO a EN PROCESO por la primera asignación.',
    );
    // Events need no profile; actions do.
    await expect(
      t.database.transaction((tx) => aplicar(tx, f.idTramite, 'reabrir', u)),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
