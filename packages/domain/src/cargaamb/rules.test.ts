import { describe, expect, it } from 'vitest';
import { COLUMNAS_CARGA_AMB_REQUERIDAS, validarFilaCargaAmb } from './rules.ts';

describe('ambulatory load rows', () => {
  const row = {
    numero: 'a-1',
    nombrePaciente: 'juan pérez',
    cedula: '0926687856',
    tipo: 'consulta',
    fecha: '15/03/2026',
    horaDesde: '8:30',
    horaHasta: '09:00',
    motivo: 'control',
    diag1: 'j18.1',
    diag2: 'A09X',
    laboratorio01: 'biometría',
  };
  it('normalises a good row (upper-case, ISO date, HH:mm, CIE-10 without dot)', () => {
    const { fila, errores } = validarFilaCargaAmb(row);
    expect(errores).toEqual([]);
    expect(fila).toMatchObject({
      numero: 'A-1',
      nombrePaciente: 'JUAN PÉREZ',
      fecha: '2026-03-15',
      horaDesde: '08:30',
      diagnosticos: ['J181', 'A09', null, null, null],
    });
    expect(fila?.laboratorios[0]).toBe('BIOMETRÍA');
  });
  it('reports every problem of a row in Spanish', () => {
    const { fila, errores } = validarFilaCargaAmb({
      ...row,
      cedula: '123',
      fecha: '2026-02-30',
      horaHasta: '07:00',
      motivo: '',
    });
    expect(fila).toBeNull();
    expect(errores).toEqual([
      'Motivo es obligatorio.',
      'Cédula debe tener 10 dígitos.',
      'Fecha "2026-02-30" no es una fecha válida (AAAA-MM-DD o dd/MM/aaaa).',
      'Hora hasta debe ser igual o posterior a hora desde.',
    ]);
  });
});

describe('ambulatory load columns', () => {
  it('requires all but the validation code, diagnoses 2 to 5, laboratories and images, in the form order', () => {
    expect(COLUMNAS_CARGA_AMB_REQUERIDAS.join(' ')).toBe(
      'numero nombrePaciente cedula tipo fecha horaDesde horaHasta motivo diag1',
    );
  });
});
