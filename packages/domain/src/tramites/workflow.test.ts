import { describe, expect, it } from 'vitest';
import { MSG_ARCHIVO } from '../archivos/messages.ts';
import { PERFIL } from '../auth/profiles.ts';
import { MSG_PLANILLA } from '../planillas/messages.ts';
import { ESTADOS_REVISION } from '../planillas/permissions.ts';
import {
  puedeTransicionRevision,
  revisionesDisponibles,
  TRANSICIONES_REVISION,
  transicionRevision,
} from '../planillas/revision.ts';
import {
  accionesPermitidas,
  ESTADOS_TRAMITE,
  EVENTOS,
  evento,
  TRANSICIONES,
  transicion,
} from './workflow.ts';

const info = (estadoTramite: string) => ({
  estadoTramite,
  frecuenciaCarga: 'M',
  numSemana: 0,
  maxSemanas: 0,
});
const arista = (t: { desde: readonly string[]; hacia: string | null }) => `${t.desde.join('|')} → ${t.hacia}`;

describe('procedure workflow table (docs/design-summary.md §5)', () => {
  it('names every action and event once, and only with real states', () => {
    const nombres = [...TRANSICIONES.map((t) => t.accion), ...EVENTOS.map((e) => e.evento)];
    expect(new Set(nombres).size).toBe(nombres.length);
    for (const t of [...TRANSICIONES, ...EVENTOS]) {
      expect(t.desde.length).toBeGreaterThan(0);
      for (const e of t.desde) expect(ESTADOS_TRAMITE).toContain(e);
      if (t.hacia) {
        expect(ESTADOS_TRAMITE).toContain(t.hacia);
        expect(t.desde).not.toContain(t.hacia);
      }
    }
  });

  it('the automatic events: load without errors, organised, files, first assignment', () => {
    expect(EVENTOS.map((e) => [e.evento, arista(e), e.bitacora])).toEqual([
      ['carga-sin-errores', 'REGISTRADO → CARGADO', 'ESTADO'],
      ['organizada', 'CARGADO → ESTRUCTURADO', 'ESTADO'],
      ['archivos', 'ESTRUCTURADO → DOCUMENTADO', 'ESTADO'],
      ['primera-asignacion', 'RECIBIDO → EN PROCESO', 'SUPERVISIÓN'],
      ['sin-cargas', 'CARGADO|ESTRUCTURADO|DOCUMENTADO → REGISTRADO', 'ESTADO'],
      ['sin-atenciones', 'ESTRUCTURADO|DOCUMENTADO → CARGADO', 'ESTADO'],
      ['sin-archivos', 'DOCUMENTADO → ESTRUCTURADO', 'ESTADO'],
    ]);
    expect(evento('archivos')?.nota).toBe(MSG_ARCHIVO.bitacoraDocumentado);
    expect(evento('primera-asignacion')?.nota).toBe(MSG_PLANILLA.bitacoraInicio);
    expect(evento('enviar')).toBeUndefined();
    expect(transicion('carga-sin-errores')).toBeUndefined();
  });

  it('the observation conversation: 17/19 send observations of their type, the provider sends the answers', () => {
    expect(transicion('enviar-observaciones')).toMatchObject({
      desde: ['EN PROCESO'],
      hacia: 'OBSERVACIONES',
      perfiles: [PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD],
      guards: ['hayObservaciones'],
      porTipo: true,
    });
    expect(transicion('enviar-respuestas')).toMatchObject({
      desde: ['OBSERVACIONES'],
      hacia: 'EN PROCESO',
      perfiles: [PERFIL.PRESTADOR],
      guards: ['observacionesRespondidas'],
      porTipo: true,
    });
  });

  it('effects are data: receive starts the audit, finalize ends it, reopen clears the end', () => {
    const efectos = Object.fromEntries(TRANSICIONES.map((t) => [t.accion, t.efectos]));
    expect(efectos).toMatchObject({
      recibir: ['inicioAuditoria'],
      finalizar: ['finAuditoria'],
      reabrir: ['borrarFinAuditoria'],
      'saltar-semana': ['siguienteSemana'],
      'cambiar-asignacion': ['alternarAsignacion'],
      enviar: [],
    });
    for (const e of EVENTOS) expect(e.efectos).toEqual([]);
  });

  it('offers users actions only, never events', () => {
    const acc = (estado: string, perfil: number) =>
      accionesPermitidas(info(estado), perfil).map((t) => t.accion);
    expect(acc('EN PROCESO', PERFIL.SUPERVISOR_AM)).toEqual([
      'enviar-observaciones',
      'planillaje',
      'finalizar',
      'cambiar-asignacion',
    ]);
    expect(acc('OBSERVACIONES', PERFIL.PRESTADOR)).toEqual(['enviar-respuestas']);
    expect(acc('OBSERVACIONES', PERFIL.SUPERVISOR_GD)).toEqual(['finalizar']);
    expect(acc('REGISTRADO', PERFIL.PRESTADOR)).toEqual(['anular']);
    expect(acc('RECIBIDO', PERFIL.AUDITOR_AM)).toEqual([]);
  });
});

describe('annul (issue 14 §2, decision 50)', () => {
  it('the provider annuls before sending, stating the state it saw; nothing leaves ANULADO', () => {
    expect(transicion('anular')).toMatchObject({
      desde: ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'],
      hacia: 'ANULADO',
      perfiles: [PERFIL.PRESTADOR],
      guards: ['estadoEsperado'],
      bitacora: 'ESTADO',
    });
    for (const estado of ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'])
      expect(accionesPermitidas(info(estado), PERFIL.PRESTADOR).map((t) => t.accion)).toContain('anular');
    for (const estado of ESTADOS_TRAMITE.filter(
      (e) => !['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'].includes(e),
    ))
      expect(
        accionesPermitidas(info(estado), PERFIL.PRESTADOR).map((t) => t.accion),
        estado,
      ).not.toContain('anular');
    for (const perfil of [
      PERFIL.REVISOR,
      PERFIL.SUPERVISOR_AM,
      PERFIL.AUDITOR_AM,
      PERFIL.SUPERVISOR_GD,
      PERFIL.GESTOR_GD,
    ])
      expect(accionesPermitidas(info('REGISTRADO'), perfil)).toEqual([]);
    for (const t of [...TRANSICIONES, ...EVENTOS]) expect(t.desde).not.toContain('ANULADO');
    expect(
      accionesPermitidas({ ...info('ANULADO'), frecuenciaCarga: 'S', maxSemanas: 4 }, PERFIL.PRESTADOR),
    ).toEqual([]);
  });
});

describe('attention review table (docs/design-summary.md §5)', () => {
  const u = (idPerfil: number, idUsuario = 7) => ({ idPerfil, idUsuario });
  const asignada = { idUsuarioMed: 7, idUsuarioDoc: 8 };
  const libre = { idUsuarioMed: null, idUsuarioDoc: null };

  it('PENDIENTE → REVISADA → FINALIZADA, REVISADA → PENDIENTE, FINALIZADA → REVISADA', () => {
    expect(TRANSICIONES_REVISION.map((t) => [t.accion, `${t.desde} → ${t.hacia}`, t.quien])).toEqual([
      ['revisar', 'PENDIENTE → REVISADA', 'operativo'],
      ['reiniciar', 'REVISADA → PENDIENTE', 'operativo'],
      ['finalizar', 'REVISADA → FINALIZADA', 'supervisor'],
      ['reabrir', 'FINALIZADA → REVISADA', 'supervisor'],
    ]);
    for (const t of TRANSICIONES_REVISION) {
      expect(ESTADOS_REVISION).toContain(t.desde);
      expect(ESTADOS_REVISION).toContain(t.hacia);
    }
    expect(transicionRevision('finalizar')?.guards).toEqual(['observacionesRespondidas']);
    expect(transicionRevision('revisar')?.efectos).toEqual(['fechaRevision']);
    expect(transicionRevision('reiniciar')?.efectos).toEqual(['borrarFechaRevision']);
    expect(transicionRevision('revisar')?.bitacora('M', 'R1')).toBe('Revisión AM de la atención R1');
  });

  it('who: the assigned operative or the supervisor reviews; only the supervisor closes and reopens', () => {
    const revisar = transicionRevision('revisar') as (typeof TRANSICIONES_REVISION)[number];
    const finalizar = transicionRevision('finalizar') as (typeof TRANSICIONES_REVISION)[number];
    expect(puedeTransicionRevision(revisar, u(PERFIL.AUDITOR_AM), asignada, 'M')).toBe(true);
    expect(puedeTransicionRevision(revisar, u(PERFIL.AUDITOR_AM), libre, 'M')).toBe(false);
    expect(puedeTransicionRevision(revisar, u(PERFIL.AUDITOR_AM), asignada, 'D')).toBe(false);
    expect(puedeTransicionRevision(revisar, u(PERFIL.SUPERVISOR_AM), libre, 'M')).toBe(true);
    expect(puedeTransicionRevision(revisar, u(PERFIL.SUPERVISOR_AM), libre, 'D')).toBe(false);
    expect(puedeTransicionRevision(revisar, u(PERFIL.GESTOR_GD, 8), asignada, 'D')).toBe(true);
    expect(puedeTransicionRevision(revisar, u(PERFIL.REVISOR), libre, 'M')).toBe(false);
    expect(puedeTransicionRevision(finalizar, u(PERFIL.AUDITOR_AM), asignada, 'M')).toBe(false);
    expect(puedeTransicionRevision(finalizar, u(PERFIL.SUPERVISOR_AM), libre, 'M')).toBe(true);
    expect(puedeTransicionRevision(finalizar, u(PERFIL.SUPERVISOR_GD), libre, 'M')).toBe(false);
  });

  it('the transitions open now follow each type’s state', () => {
    const todo = () => true;
    expect(revisionesDisponibles({ estadoAud: 'PENDIENTE', estadoDoc: 'REVISADA' }, todo)).toEqual([
      { accion: 'revisar', tipo: 'M' },
      { accion: 'reiniciar', tipo: 'D' },
      { accion: 'finalizar', tipo: 'D' },
    ]);
    expect(
      revisionesDisponibles(
        { estadoAud: 'FINALIZADA', estadoDoc: 'FINALIZADA' },
        (q, t) => q === 'supervisor' && t === 'D',
      ),
    ).toEqual([{ accion: 'reabrir', tipo: 'D' }]);
  });
});
