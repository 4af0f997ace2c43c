import { describe, expect, it } from 'vitest';
import {
  BITACORA_OPCIONES,
  botonesCabecera,
  calendarDate,
  debePreguntarRecibir,
  detailPath,
  fecha,
  frecuenciaLabel,
  listHref,
  muestraAsignacion,
  muestraAtenciones,
  muestraControles,
  muestraNovedades,
  nuevoTramitePayload,
  periodo,
  puedeEditar,
  puedeSaltarSemana,
  reportesTramite,
  resolveTab,
  semanaTexto,
  TAB_LABELS,
  tabsVisibles,
  VISTAS,
  validarNuevoTramite,
} from './tramite-rules.ts';

describe('routes and links', () => {
  it('names the four lists as the spec does', () => {
    expect(Object.values(VISTAS).map((v) => [v.path, v.title])).toEqual([
      ['/tramite', 'Trámites'],
      ['/tramite-asignados', 'Trámites Asignados'],
      ['/tramite-procesados', 'Trámites Procesados'],
      ['/tramite-carga', 'Carga de trámites'],
    ]);
  });

  it('opens the provider page for 15 and the audit page for everyone else', () => {
    expect(detailPath(15, 7)).toBe('/tramiteform-carga/7');
    expect(detailPath(17, 7)).toBe('/tramiteform/7');
    expect(detailPath(20, 7)).toBe('/tramiteform/7');
  });

  it('sends 18 and 20 back to their assigned list, the provider to its own, others to all', () => {
    expect(listHref('auditoria', 18)).toBe('/tramite-asignados');
    expect(listHref('auditoria', 20)).toBe('/tramite-asignados');
    expect(listHref('auditoria', 17)).toBe('/tramite');
    expect(listHref('auditoria', 16)).toBe('/tramite');
    expect(listHref('carga', 15)).toBe('/tramite-carga');
    expect(listHref('auditoria', 15)).toBe('/tramite-carga');
  });
});

describe('formatting', () => {
  it('never shifts a calendar date by the time zone', () => {
    expect(calendarDate('2026-01-31T00:00:00.000Z')).toBe('2026-01-31');
    expect(fecha('2026-01-31T00:00:00.000Z')).toBe('31/01/2026');
    expect(fecha('2026-02-01')).toBe('01/02/2026');
    expect(fecha(null)).toBe('');
    expect(periodo({ fechaDesde: '2026-01-05', fechaHasta: '2026-01-31' })).toBe('05/01/2026 – 31/01/2026');
  });

  it('labels frequencies and weeks', () => {
    expect(frecuenciaLabel('S')).toBe('Semanal');
    expect(frecuenciaLabel('M')).toBe('Mensual');
    expect(semanaTexto({ frecuenciaCarga: 'S', numSemana: 2, maxSemanas: 5 })).toBe('2 de 5');
    expect(semanaTexto({ frecuenciaCarga: 'M', numSemana: 0, maxSemanas: 0 })).toBe('No aplica (mensual)');
  });
});

describe('header actions', () => {
  it('orders the allowed actions by the workflow, the first one primary, and keeps week skipping out', () => {
    const b = botonesCabecera(['finalizar', 'saltar-semana', 'iniciar', 'cambiar-asignacion']);
    expect(b.map((x) => x.label)).toEqual(['En Proceso', 'Finalizar Trámite', 'Cambiar asignación']);
    expect(b.map((x) => x.primary)).toEqual([true, false, false]);
    expect(b.find((x) => x.accion === 'finalizar')?.confirm).toBe(true);
  });

  it('offers annulling last, as a confirmed danger button, never as the primary one', () => {
    const b = botonesCabecera(['anular', 'enviar']);
    expect(b.map((x) => [x.accion, x.primary, x.confirm, x.danger])).toEqual([
      ['enviar', true, true, false],
      ['anular', false, true, true],
    ]);
    expect(botonesCabecera(['anular']).map((x) => x.primary)).toEqual([false]);
  });

  it('shows nothing when nothing is allowed or the action is unknown', () => {
    expect(botonesCabecera([])).toEqual([]);
    expect(botonesCabecera(['volar'])).toEqual([]);
  });

  it('asks only profile 17 to receive an ENVIADO procedure', () => {
    expect(debePreguntarRecibir({ estadoTramite: 'ENVIADO' }, 17, ['recibir'])).toBe(true);
    expect(debePreguntarRecibir({ estadoTramite: 'ENVIADO' }, 19, [])).toBe(false);
    expect(debePreguntarRecibir({ estadoTramite: 'RECIBIDO' }, 17, [])).toBe(false);
  });

  it('lets only the provider edit, while REGISTRADO or with an approved authorization', () => {
    expect(puedeEditar({ estadoTramite: 'REGISTRADO', tieneApr: 0 }, 15)).toBe(true);
    expect(puedeEditar({ estadoTramite: 'CARGADO', tieneApr: 0 }, 15)).toBe(false);
    expect(puedeEditar({ estadoTramite: 'EN PROCESO', tieneApr: 1 }, 15)).toBe(true);
    expect(puedeEditar({ estadoTramite: 'REGISTRADO', tieneApr: 0 }, 17)).toBe(false);
  });

  it('offers the next week only for weekly procedures with weeks left', () => {
    const t = {
      estadoTramite: 'CARGADO' as const,
      frecuenciaCarga: 'S' as const,
      numSemana: 1,
      maxSemanas: 4,
    };
    expect(puedeSaltarSemana(t, ['saltar-semana'])).toBe(true);
    expect(puedeSaltarSemana({ ...t, numSemana: 4 }, ['saltar-semana'])).toBe(false);
    expect(puedeSaltarSemana({ ...t, frecuenciaCarga: 'M' }, ['saltar-semana'])).toBe(false);
    expect(puedeSaltarSemana(t, [])).toBe(false);
  });
});

describe('tabs', () => {
  it('shows the attention tabs from ESTRUCTURADO or with more than one load', () => {
    expect(muestraAtenciones({ estadoTramite: 'CARGADO', numCargas: 1 })).toBe(false);
    expect(muestraAtenciones({ estadoTramite: 'CARGADO', numCargas: 2 })).toBe(true);
    expect(muestraAtenciones({ estadoTramite: 'ESTRUCTURADO', numCargas: 1 })).toBe(true);
    expect(muestraAtenciones({ estadoTramite: 'FINALIZADO', numCargas: 0 })).toBe(true);
  });

  it('shows the log to 16, 17 and 19 only', () => {
    const t = { estadoTramite: 'EN PROCESO' as const, numCargas: 1 };
    expect(tabsVisibles(t, 17)).toEqual([
      'carga',
      'atenciones',
      'sin-documentacion',
      'asignar-am',
      'bitacora',
      'novedades',
      'controles',
      'datos-archivo',
    ]);
    expect(tabsVisibles(t, 18)).toEqual(['carga', 'atenciones', 'sin-documentacion', 'datos-archivo']);
    expect(tabsVisibles({ estadoTramite: 'REGISTRADO', numCargas: 0 }, 15)).toEqual([
      'carga',
      'datos-archivo',
    ]);
  });

  it('offers assignment to 16/17 (AM) and 16/19 (GD) only in RECIBIDO, EN PROCESO or PLANILLAJE', () => {
    for (const estadoTramite of ['RECIBIDO', 'EN PROCESO', 'PLANILLAJE'] as const) {
      const t = { estadoTramite, numCargas: 1 };
      expect(muestraAsignacion(t, 16, 'M') && muestraAsignacion(t, 16, 'D'), estadoTramite).toBe(true);
      expect(muestraAsignacion(t, 17, 'M'), estadoTramite).toBe(true);
      expect(muestraAsignacion(t, 17, 'D'), estadoTramite).toBe(false);
      expect(muestraAsignacion(t, 19, 'D'), estadoTramite).toBe(true);
      expect(muestraAsignacion(t, 19, 'M'), estadoTramite).toBe(false);
      for (const p of [15, 18, 20, 1]) {
        expect(muestraAsignacion(t, p, 'M') || muestraAsignacion(t, p, 'D'), `${p}`).toBe(false);
      }
      expect(tabsVisibles(t, 16).filter((k) => k.startsWith('asignar'))).toEqual([
        'asignar-gd',
        'asignar-am',
      ]);
      expect(tabsVisibles(t, 19).filter((k) => k.startsWith('asignar'))).toEqual(['asignar-gd']);
    }
    for (const estadoTramite of ['ESTRUCTURADO', 'ENVIADO', 'OBSERVACIONES', 'FINALIZADO'] as const) {
      expect(muestraAsignacion({ estadoTramite }, 16, 'M'), estadoTramite).toBe(false);
      expect(tabsVisibles({ estadoTramite, numCargas: 2 }, 17)).not.toContain('asignar-am');
    }
  });

  it('shows Controles to 16, 17 and 19 once there are attentions, in any later state', () => {
    expect(muestraControles({ estadoTramite: 'FINALIZADO', numCargas: 1 }, 19)).toBe(true);
    expect(muestraControles({ estadoTramite: 'ENVIADO', numCargas: 1 }, 16)).toBe(true);
    expect(muestraControles({ estadoTramite: 'CARGADO', numCargas: 1 }, 17)).toBe(false);
    expect(muestraControles({ estadoTramite: 'CARGADO', numCargas: 2 }, 17)).toBe(true);
    for (const p of [15, 18, 20]) {
      expect(muestraControles({ estadoTramite: 'EN PROCESO', numCargas: 1 }, p)).toBe(false);
    }
    expect(TAB_LABELS['asignar-am']).toBe('Asignar Médico Auditor');
    expect(TAB_LABELS['asignar-gd']).toBe('Asignar Gestor Documental');
    expect(TAB_LABELS.controles).toBe('Controles');
  });

  it('shows the loads’ Novedades to 16, 17 and 19 once there is a load', () => {
    expect(muestraNovedades({ numCargas: 1 }, 17)).toBe(true);
    expect(muestraNovedades({ numCargas: 1 }, 16)).toBe(true);
    expect(muestraNovedades({ numCargas: 0 }, 19)).toBe(false);
    for (const p of [15, 18, 20]) expect(muestraNovedades({ numCargas: 3 }, p)).toBe(false);
    expect(TAB_LABELS.novedades).toBe('Novedades');
  });

  it('falls back to the first tab when the URL names one the user cannot see', () => {
    expect(resolveTab('bitacora', ['carga', 'datos-archivo'])).toBe('carga');
    expect(resolveTab(null, ['carga'])).toBe('carga');
    expect(resolveTab('datos-archivo', ['carga', 'datos-archivo'])).toBe('datos-archivo');
  });
});

describe('log types', () => {
  it('offers every log type, the review types with a readable label', () => {
    expect(BITACORA_OPCIONES.map((o) => o.value)).toEqual([
      'ESTADO',
      'SUPERVISIÓN',
      'AUDITORÍA MÉDICA',
      'AUDITORÍA MÉDICA FINALIZADA',
      'M',
      'D',
    ]);
  });
});

describe('new procedure form', () => {
  it('requires every field with the spec message', () => {
    const errors = validarNuevoTramite(nuevoTramitePayload({}));
    expect(errors).toMatchObject({
      idPrestador: 'El campo Prestador es obligatorio.',
      idServicio: 'El campo Servicio es obligatorio.',
      fechaDesde: 'El campo Fecha desde es obligatorio.',
      fechaHasta: 'El campo Fecha hasta es obligatorio.',
      descripcion: 'El campo Descripción es obligatorio.',
      frecuenciaCarga: 'El campo Frecuencia de carga es obligatorio.',
    });
  });

  it('refuses a period that ends before it starts', () => {
    const body = nuevoTramitePayload({
      idPrestador: 1,
      idServicio: 1,
      fechaDesde: '2026-02-01',
      fechaHasta: '2026-01-01',
      descripcion: 'x',
      frecuenciaCarga: 'M',
    });
    expect(validarNuevoTramite(body)).toEqual({
      fechaHasta: 'La fecha desde debe ser anterior o igual a la fecha hasta.',
    });
  });

  it('upper-cases the description and sends weeks only for weekly procedures', () => {
    const base = {
      idPrestador: 1,
      idServicio: 2,
      fechaDesde: '2026-01-01',
      fechaHasta: '2026-01-31',
      descripcion: ' consulta externa enero ',
      maxSemanas: 5,
    };
    expect(nuevoTramitePayload({ ...base, frecuenciaCarga: 'S' })).toEqual({
      idPrestador: 1,
      idServicio: 2,
      fechaDesde: '2026-01-01',
      fechaHasta: '2026-01-31',
      descripcion: 'CONSULTA EXTERNA ENERO',
      frecuenciaCarga: 'S',
      maxSemanas: 5,
    });
    const mensual = nuevoTramitePayload({ ...base, frecuenciaCarga: 'M' });
    expect(mensual.maxSemanas).toBeUndefined();
    expect(validarNuevoTramite(mensual)).toBeNull();
  });
});

describe('supervisor report links', () => {
  const t = { idTramite: 7, fechaDesde: '2026-09-01', fechaIniAud: null, fechaFinAud: null };
  it('only the supervision profiles get them', () => {
    expect(reportesTramite(t, 15)).toEqual([]);
    expect(reportesTramite(t, 18)).toEqual([]);
    expect(reportesTramite(t, 17).map((r) => [r.key, r.href])).toEqual([
      ['observaciones', '/observaciones-tramite/7'],
      ['archivo-carga', '/archivo-carga/7'],
      ['bitacora', '/bitacora-tramite/7'],
      ['archivos-nuevos', expect.stringMatching(/^\/tramites-archivos-nuevos\/7\//)],
      ['sin-archivos', '/tramites-planillas-sin-archivos/7'],
    ]);
  });
  it('the new-files window: audit start (Guayaquil day) to audit end, else the procedure start to today', () => {
    const now = new Date('2026-11-23T03:00:00Z'); // 22/11 22:00 in Guayaquil
    expect(reportesTramite(t, 19, now)[3].href).toBe('/tramites-archivos-nuevos/7/2026-09-01/2026-11-22');
    const auditada = { ...t, fechaIniAud: '2026-10-02T02:30:00Z', fechaFinAud: '2026-10-20T15:00:00Z' };
    expect(reportesTramite(auditada, 16, now)[3].href).toBe(
      '/tramites-archivos-nuevos/7/2026-10-01/2026-10-20',
    );
  });
});
