import { describe, expect, it } from 'vitest';
import { opcionesCarga } from '../cargas/carga-rules.ts';
import type { Carga } from '../cargas/cargas-api.ts';
import {
  botonSolicitudes,
  cargaHabilitada,
  cargasParaArchivos,
  ejemploCurl,
  migasTramite,
  resolveTabAut,
  tabsAutorizacion,
  validarSolicitud,
} from './autorizacion-rules.ts';

const carga = (over: Partial<Carga>): Carga => ({
  idCarga: 1,
  idTramite: 7,
  idUsuario: 3,
  usuarioNombre: 'prestador@demo.ec',
  idAutorizacion: null,
  tipoCarga: 'M',
  numSemana: null,
  numeroRegVal: 4,
  formato: 'json',
  fechaCreacion: '2026-03-01T10:00:00.000Z',
  fechaActualizacion: null,
  fechaModificacion: null,
  mensaje: '',
  organizacion: null,
  organizacionObs: null,
  fechaDesde: '2026-03-01',
  fechaHasta: '2026-03-31',
  numeroRegistros: 4,
  contadorErrores: 0,
  contadorNovedades: 0,
  tieneErrores: 0,
  tieneNovedades: 0,
  tienePlanillas: 1,
  tieneArchivos: 0,
  estado: 1,
  estadoProceso: 'COMPLETADA',
  progreso: 100,
  filasPorSegundo: null,
  tamanioArchivo: 10,
  nombreArchivo: 'a.json',
  obs: null,
  ...over,
});

describe('authorization screens', () => {
  it('breadcrumb back: 15 to the upload side, 16 to /tramite, 18 to its assigned list', () => {
    expect(migasTramite(15, 7)).toEqual([
      { title: 'Trámites', href: '/tramite-carga' },
      { title: 'Trámite 7', href: '/tramiteform-carga/7' },
    ]);
    expect(migasTramite(16, 7)).toEqual([
      { title: 'Trámites', href: '/tramite' },
      { title: 'Trámite 7', href: '/tramiteform/7' },
    ]);
    expect(migasTramite(18, 7)[0].href).toBe('/tramite-asignados');
  });

  it('data upload from CARGADO onwards, the attention tabs always', () => {
    expect(tabsAutorizacion('REGISTRADO')).toEqual(['atenciones', 'sin-documentacion']);
    expect(tabsAutorizacion('CARGADO')).toEqual(['carga', 'atenciones', 'sin-documentacion']);
    expect(tabsAutorizacion('EN PROCESO')[0]).toBe('carga');
    expect(resolveTabAut('sin-documentacion', tabsAutorizacion('EN PROCESO'))).toBe('sin-documentacion');
    expect(resolveTabAut('carga', tabsAutorizacion('REGISTRADO'))).toBe('atenciones');
  });

  it('the provider uploads only under an approved authorization in a state that takes A loads', () => {
    expect(cargaHabilitada(15, 'EN PROCESO', { estadoAut: 'APROBADA' })).toBe(true);
    expect(cargaHabilitada(15, 'EN PROCESO', { estadoAut: 'SOLICITADA' })).toBe(false);
    expect(cargaHabilitada(15, 'FINALIZADO', { estadoAut: 'APROBADA' })).toBe(false);
    expect(cargaHabilitada(15, 'ENVIADO', { estadoAut: 'APROBADA' })).toBe(false);
    expect(cargaHabilitada(17, 'EN PROCESO', { estadoAut: 'APROBADA' })).toBe(false);
  });

  it("'Solicitudes': shown in RECIBIDO, EN PROCESO, OBSERVACIONES or with more than one load; disabled in ENVIADO", () => {
    expect(botonSolicitudes({ estadoTramite: 'EN PROCESO', numCargas: 1 })).toEqual({
      visible: true,
      disabled: false,
    });
    expect(botonSolicitudes({ estadoTramite: 'CARGADO', numCargas: 1 })).toEqual({
      visible: false,
      disabled: true,
    });
    expect(botonSolicitudes({ estadoTramite: 'CARGADO', numCargas: 2 })).toEqual({
      visible: true,
      disabled: false,
    });
    expect(botonSolicitudes({ estadoTramite: 'ENVIADO', numCargas: 3 })).toEqual({
      visible: true,
      disabled: true,
    });
  });

  it("'Carga de Archivos' takes organised active loads, those without files first", () => {
    const out = cargasParaArchivos([
      carga({ idCarga: 1, tieneArchivos: 1 }),
      carga({ idCarga: 2 }),
      carga({ idCarga: 3, tienePlanillas: 0 }),
      carga({ idCarga: 4, estado: 0 }),
      carga({ idCarga: 5, estadoProceso: 'PROCESANDO' }),
      carga({ idCarga: 6 }),
    ]);
    expect(out.map((c) => c.idCarga)).toEqual([6, 2, 1]);
  });

  it('a load under an authorization is organised while the insurer works on the procedure', () => {
    const limpia = carga({ tienePlanillas: 0 });
    const ctx = { prestador: true, estadoTramite: 'EN PROCESO' };
    expect(opcionesCarga({ ...limpia, tipoCarga: 'A' }, ctx)).toContain('organizar');
    expect(opcionesCarga({ ...limpia, tipoCarga: 'M' }, ctx)).not.toContain('organizar');
    expect(
      opcionesCarga({ ...limpia, tipoCarga: 'A' }, { ...ctx, estadoTramite: 'FINALIZADO' }),
    ).not.toContain('organizar');
  });

  it('the request form runs the API’s own check', () => {
    expect(validarSolicitud({ descripcion: '', fechaDesde: '2026-03-01', fechaHasta: '2026-03-02' })).toEqual(
      {
        descripcion: 'El campo Descripción es obligatorio.',
      },
    );
    expect(
      validarSolicitud({ descripcion: 'x', fechaDesde: '2026-03-05', fechaHasta: '2026-03-02' }),
    ).toEqual({
      fechaHasta: 'La fecha desde debe ser anterior o igual a la fecha hasta.',
    });
    expect(
      validarSolicitud({ descripcion: 'x', fechaDesde: '2026-03-01', fechaHasta: '2026-03-02' }),
    ).toBeNull();
  });

  it('curl examples call the documented endpoints with the token', () => {
    const real = ejemploCurl({ base: 'https://x.ec', sandbox: false, completo: false });
    expect(real).toContain('"https://x.ec/api/v1/cargatramites/registro-datos"');
    expect(real).toContain('Authorization: Bearer $TOKEN');
    expect(real).toContain('archivoDatos=@atenciones.json');
    const sbx = ejemploCurl({ base: 'https://x.ec', sandbox: true, completo: true });
    expect(sbx).toContain('/api/v1/sandbox/cargatramites/registro-completo');
    expect(sbx).toContain('archivosRespaldo=@');
  });
});
