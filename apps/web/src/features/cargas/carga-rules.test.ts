import { estadosOrganizar } from '@app/domain/cargas/rules';
import { ESTADOS_TRAMITE } from '@app/domain/tramites/workflow';
import { describe, expect, it } from 'vitest';
import {
  botonCarga,
  DESCARGAS_DATOS,
  esSupervisorCargaAmb,
  estadoCarga,
  formatFileSize,
  OPCION_LABELS,
  opcionesCarga,
  resultadoSubida,
  rutaCargaAmb,
  siNo,
  velocidadTexto,
  vistaFilas,
} from './carga-rules.ts';

const carga = {
  estado: 1,
  tipoCarga: 'M' as const,
  estadoProceso: 'COMPLETADA' as const,
  progreso: 100,
  tieneErrores: 0,
  tieneNovedades: 0,
  tienePlanillas: 0,
};

describe('formatFileSize', () => {
  it('uses KB below a megabyte and MB above, with Spanish decimals', () => {
    expect(formatFileSize(0)).toBe('0,00 KB');
    expect(formatFileSize(1536)).toBe('1,50 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1,00 MB');
    expect(formatFileSize(1234 * 1024 * 1024)).toBe('1.234,00 MB');
    expect(formatFileSize(null)).toBe('');
  });
});

describe('estadoCarga', () => {
  it('tells deleted, processing, failed and completed loads apart', () => {
    expect(estadoCarga({ ...carga, estado: 0, estadoProceso: 'FALLIDA' }).texto).toBe('Carga borrada');
    expect(estadoCarga({ ...carga, estadoProceso: 'PROCESANDO', progreso: 42.4 }).texto).toBe(
      'Procesando 42%',
    );
    expect(estadoCarga({ ...carga, estadoProceso: 'PROCESANDO', progreso: 140 }).texto).toBe(
      'Procesando 100%',
    );
    expect(estadoCarga({ ...carga, estadoProceso: 'FALLIDA' })).toEqual({ texto: 'Fallida', color: 'red' });
    expect(estadoCarga(carga)).toEqual({ texto: 'Completada', color: 'green' });
    // Its attentions organised by a background job (decision 85): queued or under way, then done or failed.
    for (const organizacion of ['PENDIENTE', 'ORGANIZANDO'] as const)
      expect(estadoCarga({ ...carga, organizacion })).toEqual({ texto: 'Organizando…', color: 'processing' });
    expect(estadoCarga({ ...carga, organizacion: 'ORGANIZADA' }).texto).toBe('Completada');
    expect(estadoCarga({ ...carga, organizacion: 'FALLIDA' })).toEqual({
      texto: 'Organización fallida',
      color: 'red',
    });
  });

  it('says Sí/No for the flags', () => {
    expect(siNo(1)).toBe('Sí');
    expect(siNo(0)).toBe('No');
  });
});

describe('opcionesCarga', () => {
  const prov = { prestador: true, estadoTramite: 'CARGADO' };
  it('offers organising a clean completed load without attentions to the provider', () => {
    expect(opcionesCarga(carga, prov)).toEqual(['resumen', 'organizar', 'borrar']);
    expect(opcionesCarga({ ...carga, tienePlanillas: 1 }, prov)).toEqual(['resumen', 'borrar']);
    expect(opcionesCarga(carga, { prestador: false, estadoTramite: 'CARGADO' })).toEqual(['resumen']);
    expect(opcionesCarga(carga, { prestador: true, estadoTramite: 'ENVIADO' })).toEqual(['resumen']);
  });

  it("offers organising exactly in the procedure's states the API organises in (one rule, the domain's)", () => {
    for (const tipoCarga of ['M', 'S', 'A'] as const)
      for (const estadoTramite of ESTADOS_TRAMITE)
        expect(
          opcionesCarga({ ...carga, tipoCarga }, { prestador: true, estadoTramite }).includes('organizar'),
        ).toBe(estadosOrganizar(tipoCarga).includes(estadoTramite));
    // Not before the load's rows arrive (REGISTRADO), nor once sent.
    expect(opcionesCarga(carga, { prestador: true, estadoTramite: 'REGISTRADO' })).not.toContain('organizar');
  });

  it('offers deleting a valid load only before sending (issue 14 §2)', () => {
    for (const estadoTramite of ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'])
      expect(opcionesCarga({ ...carga, tienePlanillas: 1 }, { prestador: true, estadoTramite })).toContain(
        'borrar',
      );
    for (const estadoTramite of ['ENVIADO', 'EN PROCESO', 'FINALIZADO', 'ANULADO'])
      expect(opcionesCarga(carga, { prestador: true, estadoTramite })).not.toContain('borrar');
    expect(opcionesCarga({ ...carga, estadoProceso: 'PROCESANDO' }, prov)).not.toContain('borrar');
  });

  it('offers errors, novedades and deleting a load with errors', () => {
    const mala = { ...carga, tieneErrores: 1, tieneNovedades: 1 };
    expect(opcionesCarga(mala, prov)).toEqual(['resumen', 'errores', 'novedades', 'borrar']);
    expect(opcionesCarga({ ...mala, estado: 0 }, prov)).toEqual(['resumen', 'errores', 'novedades']);
    expect(opcionesCarga({ ...mala, estadoProceso: 'PROCESANDO' }, prov)).toEqual([
      'resumen',
      'errores',
      'novedades',
    ]);
    const fallida = { ...carga, estadoProceso: 'FALLIDA' as const, tieneErrores: 1 };
    expect(opcionesCarga(fallida, prov)).toEqual(['resumen', 'borrar']);
  });

  it("offers the supervisors the load's ambulatory records, never on a deleted load", () => {
    const sup = { prestador: false, supervisor: true, estadoTramite: 'EN PROCESO' };
    expect(opcionesCarga(carga, sup)).toEqual(['resumen', 'ambulatorias']);
    expect(opcionesCarga({ ...carga, tieneErrores: 1 }, sup)).toEqual(['resumen', 'errores', 'ambulatorias']);
    expect(opcionesCarga({ ...carga, estado: 0 }, sup)).toEqual(['resumen']);
    expect(opcionesCarga(carga, { prestador: false, estadoTramite: 'EN PROCESO' })).toEqual(['resumen']);
    expect(OPCION_LABELS.ambulatorias).toBe('Atenciones ambulatorias');
    expect([15, 16, 17, 18, 19, 20, 1].filter(esSupervisorCargaAmb)).toEqual([17, 19]);
    expect(rutaCargaAmb(12, 34)).toBe('/cargaamb/12/34');
  });
});

describe('botonCarga', () => {
  const semanal = { estadoTramite: 'CARGADO', frecuenciaCarga: 'S', numSemana: 1, maxSemanas: 4 };
  it('names the next week for weekly procedures while weeks are left', () => {
    expect(botonCarga(semanal, true)).toEqual({ tipo: 'S', label: 'Cargar semana 2', visible: true });
    expect(botonCarga({ ...semanal, numSemana: 4 }, true).visible).toBe(false);
    expect(botonCarga({ ...semanal, estadoTramite: 'DOCUMENTADO' }, true).visible).toBe(true);
    expect(botonCarga({ ...semanal, estadoTramite: 'ENVIADO' }, true).visible).toBe(false);
    expect(botonCarga(semanal, false).visible).toBe(false);
  });

  it('offers monthly loads only while REGISTRADO or CARGADO', () => {
    const mensual = { ...semanal, frecuenciaCarga: 'M', numSemana: 0, maxSemanas: 0 };
    expect(botonCarga(mensual, true)).toEqual({ tipo: 'M', label: 'Cargar Atenciones', visible: true });
    expect(botonCarga({ ...mensual, estadoTramite: 'ESTRUCTURADO' }, true).visible).toBe(false);
  });
});

describe('resultadoSubida', () => {
  const base = { numeroRegistros: 10, contadorErrores: 0, contadorNovedades: 0, obs: null };
  it('is a success without errors and a warning with them, titled Archivo cargado', () => {
    expect(resultadoSubida({ ...base, estadoProceso: 'COMPLETADA', mensaje: 'Listo.' })).toEqual({
      tipo: 'success',
      titulo: 'Archivo cargado',
      mensaje: 'Listo.',
    });
    const w = resultadoSubida({
      ...base,
      estadoProceso: 'COMPLETADA',
      contadorErrores: 3,
      obs: 'Con errores.',
    });
    expect(w).toEqual({ tipo: 'warning', titulo: 'Archivo cargado', mensaje: 'Con errores.' });
  });

  it('summarises when the server sent no text', () => {
    expect(resultadoSubida({ ...base, numeroRegistros: 12345, estadoProceso: 'COMPLETADA' }).mensaje).toBe(
      'Registros: 12.345; con errores: 0; con novedades: 0.',
    );
  });

  it('is the upload error with the reason, or Error desconocido', () => {
    expect(resultadoSubida({ ...base, estadoProceso: 'FALLIDA', obs: 'JSON mal formado.' })).toEqual({
      tipo: 'error',
      titulo: 'Hubo un error al cargar los archivos. Inténtelo de nuevo.',
      mensaje: 'JSON mal formado.',
    });
    expect(resultadoSubida({ ...base, estadoProceso: 'FALLIDA' }).mensaje).toBe('Error desconocido');
  });
});

describe('misc', () => {
  it('shows the ingest speed with grouping', () => {
    expect(velocidadTexto(12345.6)).toBe('12.346 filas/s');
    expect(velocidadTexto(null)).toBe('');
  });

  it('lists the six downloads (Excel: the CSV route with formato=xlsx) and reads the rows view', () => {
    expect(DESCARGAS_DATOS.map((d) => d.label)).toEqual([
      'JSON',
      'CSV',
      'Excel',
      'JSON errores',
      'CSV errores',
      'Excel errores',
    ]);
    expect(DESCARGAS_DATOS.map((d) => `${d.path}${d.formato ? `?formato=${d.formato}` : ''}`)).toEqual([
      'json',
      'csv',
      'csv?formato=xlsx',
      'json/errores',
      'csv/errores',
      'csv/errores?formato=xlsx',
    ]);
    expect(vistaFilas('novedades')).toBe('novedades');
    expect(vistaFilas('x')).toBe('todos');
  });
});
