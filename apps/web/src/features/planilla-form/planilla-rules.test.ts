import type { PermisosPlanilla } from '@app/domain/planillas/permissions';
import { planillaUpdateSchema } from '@app/domain/planillas/schemas';
import type { PlanillaDetalleRespuesta } from '@app/domain/planillas/types';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { planillaPath, popupPath } from '../tramites/tramite-rules.ts';
import {
  ATAJOS,
  accionDeTecla,
  accionesRevision,
  avisoFinDeSemana,
  breadcrumbPlanilla,
  cuerpoGuardar,
  etiquetaCampo,
  limitesFecha,
  moverSeleccion,
  parseId,
  periodoCarga,
  resolveTab,
  TAB_LABELS,
  tabsPlanilla,
  valoresIniciales,
} from './planilla-rules.ts';

const permisos = (p: Partial<PermisosPlanilla> = {}): PermisosPlanilla => ({
  puedeAM: false,
  puedeGD: false,
  puedeEditar: false,
  puedeRevisar: null,
  puedeFinalizarAM: false,
  puedeFinalizarGD: false,
  puedeBorrar: false,
  puedeNivel: false,
  supervisor: false,
  verEstadoAud: false,
  verEstadoDoc: false,
  ...p,
});

const planilla = (p: Partial<PlanillaDetalleRespuesta> = {}) =>
  ({
    idPlanilla: 9,
    idTramite: 4,
    idCarga: 2,
    numero: 'A001',
    cedula: '0912345678',
    nombre: 'ANA TORRES',
    diag1: 'J181',
    diag2: 'A09',
    diag3: null,
    diag4: null,
    diag5: null,
    codigoVal: null,
    fechaDesde: '2026-03-07',
    fechaHasta: '2026-03-09',
    horaDesde: '08:30',
    horaHasta: null,
    fechaDesdeCarga: '2026-03-02',
    fechaHastaCarga: '2026-03-15',
    estadoAud: 'PENDIENTE',
    estadoDoc: 'PENDIENTE',
    estado: 1,
    version: 3,
    permisos: permisos(),
    ...p,
  }) as PlanillaDetalleRespuesta;

describe('breadcrumb and links', () => {
  it('Trámites goes to the assigned list for 18 and 20, to all procedures for the others', () => {
    expect(breadcrumbPlanilla(18, 4, 'TR-2026-000004', 'A001')).toEqual([
      { title: 'Trámites', href: '/tramite-asignados' },
      { title: 'Trámite TR-2026-000004', href: '/tramiteform/4' },
      { title: 'A001' },
    ]);
    expect(breadcrumbPlanilla(20, 4, null, 'A001')[0].href).toBe('/tramite-asignados');
    for (const p of [16, 17, 19]) expect(breadcrumbPlanilla(p, 4, null, 'A001')[0].href).toBe('/tramite');
    // The provider's own side.
    expect(breadcrumbPlanilla(15, 4, null, 'A001').map((c) => c.href)).toEqual([
      '/tramite-carga',
      '/tramiteform-carga/4',
      undefined,
    ]);
  });

  it('record and popup paths keep the spec segments; ids are parsed strictly', () => {
    expect(planillaPath(4, 'EN PROCESO', 9)).toBe('/planillaform/4/EN%20PROCESO/9');
    expect(popupPath(4, 'EN PROCESO', 9, 'PENDIENTES')).toBe(
      '/planillaformpopup/4/EN%20PROCESO/9/PENDIENTES',
    );
    expect(parseId('12')).toBe(12);
    for (const v of ['0', '-1', '1.5', 'x', undefined]) expect(parseId(v)).toBeNull();
  });
});

describe('weekend notice and date bounds', () => {
  it('a notice only when the attention starts on Saturday or Sunday', () => {
    expect(avisoFinDeSemana('2026-03-07')).toBe('La fecha de inicio de la atención cae en sábado.');
    expect(avisoFinDeSemana('2026-03-08T00:00:00.000Z')).toBe(
      'La fecha de inicio de la atención cae en domingo.',
    );
    expect(avisoFinDeSemana('2026-03-09')).toBeNull();
    expect(avisoFinDeSemana(null)).toBeNull();
  });

  it("dates outside the load's period, or before the start date, are disabled", () => {
    const off = limitesFecha('2026-03-02', '2026-03-15');
    expect(off(dayjs('2026-03-01'))).toBe(true);
    expect(off(dayjs('2026-03-02'))).toBe(false);
    expect(off(dayjs('2026-03-15'))).toBe(false);
    expect(off(dayjs('2026-03-16'))).toBe(true);
    const hasta = limitesFecha('2026-03-02', '2026-03-15', dayjs('2026-03-10'));
    expect(hasta(dayjs('2026-03-09'))).toBe(true);
    expect(hasta(dayjs('2026-03-10'))).toBe(false);
    expect(limitesFecha(null, null)(dayjs('1999-01-01'))).toBe(false);
    expect(periodoCarga(planilla())).toBe('02/03/2026 – 15/03/2026');
  });
});

describe('review actions', () => {
  it('the assigned auditor reviews a pending attention, resets a reviewed one', () => {
    const p = permisos({ puedeAM: true, puedeEditar: true, puedeRevisar: 'M' });
    expect(accionesRevision(planilla({ permisos: p }))).toMatchObject({ revisar: 'M', reiniciar: null });
    expect(accionesRevision(planilla({ permisos: p, estadoAud: 'REVISADA' }))).toMatchObject({
      revisar: null,
      reiniciar: 'M',
    });
    expect(accionesRevision(planilla({ permisos: p, estadoAud: 'FINALIZADA' }))).toMatchObject({
      revisar: null,
      reiniciar: null,
    });
    // GD's state does not matter to AM.
    expect(accionesRevision(planilla({ permisos: p, estadoDoc: 'REVISADA' })).revisar).toBe('M');
  });

  it('profiles without a review type (16, 15) never get the review buttons', () => {
    const a = accionesRevision(planilla({ permisos: permisos({ supervisor: true }) }));
    expect(a).toEqual({ revisar: null, reiniciar: null, finalizar: [], reabrir: [], finalizarCarga: [] });
  });

  it('supervisor closes REVISADA and reopens FINALIZADA of its own type; annulled attentions get nothing', () => {
    const gd = permisos({ puedeGD: true, puedeRevisar: 'D', puedeFinalizarGD: true });
    expect(
      accionesRevision(planilla({ permisos: gd, estadoDoc: 'REVISADA', estadoAud: 'REVISADA' })),
    ).toEqual({
      revisar: null,
      reiniciar: 'D',
      finalizar: ['D'],
      reabrir: [],
      finalizarCarga: ['D'],
    });
    expect(accionesRevision(planilla({ permisos: gd, estadoDoc: 'FINALIZADA' })).reabrir).toEqual(['D']);
    expect(accionesRevision(planilla({ permisos: gd, estado: 0 })).finalizarCarga).toEqual([]);
  });
});

describe('tabs', () => {
  it('everybody: Detalle, Archivos, both observation tabs and Otras atenciones', () => {
    expect(tabsPlanilla(18, 'EN PROCESO').map((t) => TAB_LABELS[t])).toEqual([
      'Detalle',
      'Archivos',
      'Observaciones de Auditoría Médica',
      'Observaciones de Gestión Documental',
      'Otras atenciones',
    ]);
  });
  it('Inf. auditoría for 16, 17, 19; Activar detalle for 16 and 17 in a working state', () => {
    expect(tabsPlanilla(17, 'EN PROCESO')).toContain('auditoria');
    expect(tabsPlanilla(17, 'EN PROCESO')).toContain('activar');
    expect(tabsPlanilla(16, 'RECIBIDO')).toContain('activar');
    expect(tabsPlanilla(19, 'EN PROCESO')).toContain('auditoria');
    expect(tabsPlanilla(19, 'EN PROCESO')).not.toContain('activar');
    expect(tabsPlanilla(17, 'FINALIZADO')).not.toContain('activar');
    expect(tabsPlanilla(17, 'FINALIZADO')).toContain('auditoria');
    expect(tabsPlanilla(20, 'EN PROCESO')).not.toContain('auditoria');
    expect(resolveTab('otras', tabsPlanilla(18, 'EN PROCESO'))).toBe('otras');
    expect(resolveTab('activar', tabsPlanilla(18, 'EN PROCESO'))).toBe('detalle');
    expect(resolveTab(null, tabsPlanilla(18, 'EN PROCESO'))).toBe('detalle');
  });
});

describe('keyboard map', () => {
  const ev = (code: string, extra: Partial<Parameters<typeof accionDeTecla>[0]> = {}) => ({
    altKey: true,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    code,
    ...extra,
  });
  it('Alt + N / P / R / G / A', () => {
    expect(accionDeTecla(ev('KeyN'))).toBe('siguiente');
    expect(accionDeTecla(ev('KeyP'))).toBe('anterior');
    expect(accionDeTecla(ev('KeyR'))).toBe('revisar');
    expect(accionDeTecla(ev('KeyG'))).toBe('guardar');
    expect(accionDeTecla(ev('KeyA'))).toBe('archivos');
    expect(accionDeTecla(ev('KeyX'))).toBeNull();
  });
  it('no Alt, AltGr (Ctrl+Alt), Shift, Meta or a held key: nothing', () => {
    expect(accionDeTecla(ev('KeyR', { altKey: false }))).toBeNull();
    expect(accionDeTecla(ev('KeyR', { ctrlKey: true }))).toBeNull();
    expect(accionDeTecla(ev('KeyR', { shiftKey: true }))).toBeNull();
    expect(accionDeTecla(ev('KeyR', { metaKey: true }))).toBeNull();
    expect(accionDeTecla(ev('KeyR', { repeat: true }))).toBeNull();
  });
  it('only the actions the screen offers (the popup has no next/previous)', () => {
    expect(accionDeTecla(ev('KeyN'), ['revisar', 'guardar'])).toBeNull();
    expect(accionDeTecla(ev('KeyR'), ['revisar', 'guardar'])).toBe('revisar');
  });
  it('every shortcut is listed once for the help tooltip, none of the browsers\u2019 own', () => {
    const codes = ATAJOS.map((a) => a.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const reserved of [
      'KeyD',
      'KeyF',
      'KeyE',
      'KeyV',
      'KeyS',
      'KeyB',
      'KeyT',
      'KeyH',
      'ArrowLeft',
      'ArrowRight',
    ])
      expect(codes).not.toContain(reserved);
    expect(ATAJOS.every((a) => a.descripcion && a.teclas.startsWith('Alt + '))).toBe(true);
  });
});

describe('form mapping', () => {
  it('record → form → body that the domain schema accepts, codes normalised', () => {
    const v = valoresIniciales(planilla());
    expect(v.fechaDesde?.format('YYYY-MM-DD')).toBe('2026-03-07');
    expect(v.horaDesde?.format('HH:mm')).toBe('08:30');
    expect(v.horaHasta).toBeNull();
    const body = cuerpoGuardar({ ...v, diag3: ' j18.1 ', nombre: 'ana torres ' }, 3);
    expect(body).toMatchObject({
      version: 3,
      nombre: 'ANA TORRES',
      diag3: 'j18.1',
      diag4: null,
      codigoVal: null,
      fechaDesde: '2026-03-07',
      fechaHasta: '2026-03-09',
      horaDesde: '08:30',
      horaHasta: null,
    });
    const parsed = planillaUpdateSchema.parse(body);
    expect(parsed.diag3).toBe('J181');
  });
  it('an empty required diagnosis fails with the spec text', () => {
    const body = cuerpoGuardar({ ...valoresIniciales(planilla()), diag2: '' }, 3);
    const r = planillaUpdateSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['diag2'],
      message: 'El campo Diagnóstico 2 es obligatorio.',
    });
  });
  it('audit field names in Spanish', () => {
    expect(etiquetaCampo('diag1')).toBe('Diagnóstico 1');
    expect(etiquetaCampo('estadoAud')).toBe('Estado AM');
    expect(etiquetaCampo('codigoVal')).toBe('Aut./Cod. Val.');
    expect(etiquetaCampo('otro')).toBe('otro');
    expect(etiquetaCampo(null)).toBe('');
  });
});

describe('diagnosis lookup keyboard', () => {
  it('arrows move within the page, Home/End jump, nothing when empty', () => {
    expect(moverSeleccion(-1, 'ArrowDown', 3)).toBe(0);
    expect(moverSeleccion(0, 'ArrowDown', 3)).toBe(1);
    expect(moverSeleccion(2, 'ArrowDown', 3)).toBe(2);
    expect(moverSeleccion(2, 'ArrowUp', 3)).toBe(1);
    expect(moverSeleccion(0, 'ArrowUp', 3)).toBe(0);
    expect(moverSeleccion(1, 'End', 3)).toBe(2);
    expect(moverSeleccion(2, 'Home', 3)).toBe(0);
    expect(moverSeleccion(5, 'a', 3)).toBe(2);
    expect(moverSeleccion(1, 'ArrowDown', 0)).toBe(-1);
  });
});
