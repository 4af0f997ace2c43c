import { ESTADOS_TRAMITE } from '@app/domain/tramites/workflow';
import { describe, expect, it } from 'vitest';
import { bloquesReportes, rutaReporte } from './reportes-rules.ts';

const ids = (t: { estadoTramite: string; tipoAsignacion: string | null }, perfil: number) =>
  bloquesReportes(t, perfil).map((b) => b.botones.map((r) => r.id));

describe('report blocks of the procedure page (docs/spec-summary.md 000 §2)', () => {
  it('block 1: AM and GD observations, consolidated and detailed sheets; block 2: observations with answers', () => {
    expect(ids({ estadoTramite: 'EN PROCESO', tipoAsignacion: 'U' }, 17)).toEqual([
      [4, 5, 10, 11],
      [8, 9],
    ]);
    const b = bloquesReportes({ estadoTramite: 'EN PROCESO', tipoAsignacion: 'U' }, 17);
    expect(b[0].botones.map((r) => r.tipo)).toEqual(['M', 'D', undefined, undefined]);
    expect(b[1].botones.map((r) => r.tipo)).toEqual(['M', 'D']);
    expect(rutaReporte(11, 7)).toBe('/reportes/pdf/11/7');
  });

  it('enabled from ENVIADO on, disabled while the provider has not sent it', () => {
    for (const estado of ESTADOS_TRAMITE) {
      const motivos = bloquesReportes({ estadoTramite: estado, tipoAsignacion: 'T' }, 17).flatMap((b) =>
        b.botones.map((r) => r.motivo),
      );
      const enviado = ESTADOS_TRAMITE.indexOf(estado) >= ESTADOS_TRAMITE.indexOf('ENVIADO');
      expect(
        motivos.every((m) => (enviado ? m === null : m?.includes('envía'))),
        estado,
      ).toBe(true);
    }
  });

  it('18 and 20 only when the procedure is assigned to everybody (the API answers 403 otherwise)', () => {
    for (const perfil of [18, 20]) {
      const u = bloquesReportes({ estadoTramite: 'EN PROCESO', tipoAsignacion: 'U' }, perfil);
      expect(u.every((b) => b.botones.every((r) => r.motivo?.includes('asignado a todos')))).toBe(true);
      const t = bloquesReportes({ estadoTramite: 'EN PROCESO', tipoAsignacion: 'T' }, perfil);
      expect(t.every((b) => b.botones.every((r) => r.motivo === null))).toBe(true);
    }
    for (const perfil of [16, 17, 19])
      expect(
        bloquesReportes({ estadoTramite: 'RECIBIDO', tipoAsignacion: 'U' }, perfil).every((b) =>
          b.botones.every((r) => r.motivo === null),
        ),
      ).toBe(true);
  });
});
