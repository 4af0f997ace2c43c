import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { describe, expect, it } from 'vitest';
import type { Asignable } from './revision-api.ts';
import {
  ASIGNACION_TEXTOS,
  asignacionBody,
  cargaEtiqueta,
  confirmacionAsignacion,
  MAX_SELECCION,
  MSG_ASIGNACION,
  perfilNombre,
  previewReparto,
  repartoEquitativo,
  tipoRevisionDe,
  usuarioEtiqueta,
  validarAsignacion,
  verEnListaSearch,
} from './revision-rules.ts';

const staff: Asignable[] = [
  {
    idUsuario: 5,
    nombre: 'auditor.am@demo.ec',
    idPerfil: 18,
    personaNombre: 'ANA MORA',
    asignadas: 4,
    pendientes: 3,
  },
  {
    idUsuario: 7,
    nombre: 'supervisor.am@demo.ec',
    idPerfil: 17,
    personaNombre: null,
    asignadas: 0,
    pendientes: 0,
  },
  {
    idUsuario: 9,
    nombre: 'otro.am@demo.ec',
    idPerfil: 18,
    personaNombre: 'LUIS PÉREZ',
    asignadas: 1,
    pendientes: 1,
  },
];

describe('even split', () => {
  it('gives everyone the same, the first ones one more when it does not divide', () => {
    expect(repartoEquitativo(10, 3)).toEqual([4, 3, 3]);
    expect(repartoEquitativo(9, 3)).toEqual([3, 3, 3]);
    expect(repartoEquitativo(2, 5)).toEqual([1, 1, 0, 0, 0]);
    expect(repartoEquitativo(0, 2)).toEqual([0, 0]);
    expect(repartoEquitativo(7, 1)).toEqual([7]);
    expect(repartoEquitativo(5, 0)).toEqual([]);
  });

  it('never loses or invents an attention and keeps parts within one of each other', () => {
    for (const n of [0, 1, 99, 100_000, 100_001]) {
      for (const k of [1, 2, 3, 7, 50]) {
        const parts = repartoEquitativo(n, k);
        expect(parts).toHaveLength(k);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('previews per chosen user, in the order chosen, with what they will have pending', () => {
    expect(previewReparto(11, [9, 5, 9, 404], staff)).toEqual([
      { idUsuario: 9, etiqueta: 'LUIS PÉREZ (otro.am@demo.ec)', recibe: 6 },
      { idUsuario: 5, etiqueta: 'ANA MORA (auditor.am@demo.ec)', recibe: 5 },
    ]);
    expect(previewReparto(11, [], staff)).toEqual([]);
  });
});

describe('labels', () => {
  it('names the two tabs, the review type and the profiles', () => {
    expect(ASIGNACION_TEXTOS.AM.titulo).toBe('Asignar Médico Auditor');
    expect(ASIGNACION_TEXTOS.GD.titulo).toBe('Asignar Gestor Documental');
    expect(tipoRevisionDe('AM')).toBe('M');
    expect(tipoRevisionDe('GD')).toBe('D');
    expect(perfilNombre(18)).toBe('Médico auditor');
    expect(perfilNombre(20)).toBe('Gestor documental');
    expect(perfilNombre(99)).toBe('Perfil 99');
    expect(usuarioEtiqueta(staff[0])).toBe('ANA MORA (auditor.am@demo.ec)');
    expect(usuarioEtiqueta(staff[1])).toBe('supervisor.am@demo.ec');
  });

  it('shows a load as its period and type', () => {
    expect(cargaEtiqueta({ fechaDesde: '2026-03-01', fechaHasta: '2026-03-31', tipoCarga: 'M' })).toBe(
      '01/03/2026 – 31/03/2026 · Mensual',
    );
    expect(
      cargaEtiqueta({
        fechaDesde: '2026-03-02T00:00:00.000Z',
        fechaHasta: '2026-03-08',
        tipoCarga: 'S',
        numSemana: 2,
      }),
    ).toBe('02/03/2026 – 08/03/2026 · Semanal 2');
    expect(cargaEtiqueta({ fechaDesde: '2026-03-02', fechaHasta: '2026-03-02', tipoCarga: 'A' })).toBe(
      '02/03/2026 – 02/03/2026 · Autorización',
    );
    expect(cargaEtiqueta({ fechaDesde: '2026-03-02', fechaHasta: '2026-03-02' })).toBe(
      '02/03/2026 – 02/03/2026',
    );
  });
});

describe('assignment form', () => {
  it('asks for the selection, the load and the person, in the spec words', () => {
    expect(validarAsignacion({ modo: 'seleccion', idUsuario: 5, idPlanillas: [] }, 'AM')).toBe(
      MSG_PLANILLA.asignacionSinSeleccion,
    );
    expect(validarAsignacion({ modo: 'seleccion', idPlanillas: [1] }, 'AM')).toBe(
      'Seleccione el médico auditor que recibirá las atenciones.',
    );
    expect(validarAsignacion({ modo: 'carga', idUsuario: 5 }, 'GD')).toBe('Seleccione la semana/carga');
    expect(validarAsignacion({ modo: 'carga', idCarga: 3 }, 'GD')).toBe(
      'Seleccione el gestor documental que recibirá las atenciones.',
    );
    expect(validarAsignacion({ modo: 'repartir', idUsuarios: [5] }, 'AM')).toBe(MSG_PLANILLA.seleccioneCarga);
    expect(validarAsignacion({ modo: 'repartir', idCarga: 3, idUsuarios: [] }, 'AM')).toBe(
      MSG_PLANILLA.asignacionRepartirSinUsuarios,
    );
    const muchas = Array.from({ length: MAX_SELECCION + 1 }, (_, i) => i + 1);
    expect(validarAsignacion({ modo: 'seleccion', idUsuario: 5, idPlanillas: muchas }, 'AM')).toBe(
      MSG_ASIGNACION.seleccionExcedida,
    );
    expect(validarAsignacion({ modo: 'seleccion', idUsuario: 5, idPlanillas: [1, 2] }, 'AM')).toBeNull();
    expect(validarAsignacion({ modo: 'carga', idUsuario: 5, idCarga: 3 }, 'AM')).toBeNull();
    expect(validarAsignacion({ modo: 'repartir', idCarga: 3, idUsuarios: [5, 9] }, 'AM')).toBeNull();
  });

  it('builds the body the API expects for each way of assigning', () => {
    expect(
      asignacionBody({ modo: 'seleccion', idUsuario: 5, idPlanillas: [1, 2], idCarga: 3 }, 'AM'),
    ).toEqual({
      tipo: 'M',
      idUsuario: 5,
      idPlanillas: [1, 2],
    });
    expect(asignacionBody({ modo: 'carga', idUsuario: 5, idCarga: 3, idPlanillas: [1] }, 'GD')).toEqual({
      tipo: 'D',
      idUsuario: 5,
      idCarga: 3,
    });
    expect(
      asignacionBody({ modo: 'repartir', idUsuarios: [9, 5, 9], idCarga: 3, idUsuario: 1 }, 'AM'),
    ).toEqual({
      tipo: 'M',
      idUsuarios: [9, 5],
      idCarga: 3,
      repartir: true,
    });
  });

  it('confirms naming who receives what', () => {
    const sel = confirmacionAsignacion({ modo: 'seleccion', idPlanillas: [1, 2, 3] }, { usuario: 'ANA' });
    expect(sel.title).toBe('¿Asignar 3 atenciones a ANA?');
    expect(sel.content).toContain(MSG_ASIGNACION.soloPendientes);
    expect(confirmacionAsignacion({ modo: 'seleccion', idPlanillas: [1] }, { usuario: 'ANA' }).title).toBe(
      '¿Asignar 1 atención a ANA?',
    );
    const carga = confirmacionAsignacion(
      { modo: 'carga', idCarga: 3 },
      { usuario: 'ANA', carga: '01/03/2026 – 31/03/2026 · Mensual', pendientesCarga: 1234 },
    );
    expect(carga.title).toBe('¿Asignar la carga 01/03/2026 – 31/03/2026 · Mensual a ANA?');
    expect(carga.content).toContain('Las 1.234 atenciones pendientes de la carga pasarán a ANA');
    const rep = confirmacionAsignacion(
      { modo: 'repartir', idCarga: 3, idUsuarios: [5, 9] },
      { usuarios: ['ANA', 'LUIS'], carga: 'marzo', pendientesCarga: 10 },
    );
    expect(rep.title).toBe('¿Repartir la carga marzo entre 2 personas?');
    expect(rep.content).toContain('entre ANA, LUIS');
  });
});

describe('controls', () => {
  it('opens the attentions tab filtered by the control, dropping other lists’ params', () => {
    const sp = new URLSearchParams('tab=controles&ctl.n=2&ctl.page=3&ctl.idCarga=7&am.page=2&x=1');
    expect(verEnListaSearch(sp, 2).toString()).toBe('x=1&tab=atenciones&pl.control=2');
    expect(verEnListaSearch(sp, 4, 7).toString()).toBe('x=1&tab=atenciones&pl.control=4&pl.idCarga=7');
    expect(verEnListaSearch(new URLSearchParams(), 5, null).toString()).toBe('tab=atenciones&pl.control=5');
  });
});
