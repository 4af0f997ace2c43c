import { describe, expect, it } from 'vitest';
import { normalizeState, STATE_COLORS, stateColor, stateHex } from './states.ts';

describe('state colours', () => {
  it('follows UX.md', () => {
    expect(stateColor('REGISTRADO')).toBe('default');
    expect(stateColor('CARGADO')).toBe('blue');
    expect(stateColor('ESTRUCTURADO')).toBe('blue');
    expect(stateColor('DOCUMENTADO')).toBe('cyan');
    expect(stateColor('ENVIADO')).toBe('geekblue');
    expect(stateColor('RECIBIDO')).toBe('geekblue');
    expect(stateColor('EN PROCESO')).toBe('orange');
    expect(stateColor('PLANILLAJE')).toBe('orange');
    expect(stateColor('OBSERVACIONES')).toBe('gold');
    expect(stateColor('FINALIZADO')).toBe('green');
    expect(stateColor('PENDIENTE')).toBe('default');
    expect(stateColor('REVISADA')).toBe('blue');
    expect(stateColor('FINALIZADA')).toBe('green');
    expect(stateColor('ERROR')).toBe('red');
    expect(stateColor('NOVEDAD')).toBe('gold');
  });

  it('tolerates case, spacing and underscores; unknown or empty is default', () => {
    expect(normalizeState(' en_proceso ')).toBe('EN PROCESO');
    expect(stateColor('En  Proceso')).toBe('orange');
    expect(stateColor('desconocido')).toBe('default');
    expect(stateColor(null)).toBe('default');
    expect(stateColor('')).toBe('default');
  });

  it('gives every state a chart colour', () => {
    for (const s of Object.keys(STATE_COLORS)) expect(stateHex(s)).toMatch(/^#[0-9a-f]{6}$/);
    expect(stateHex('FINALIZADO')).toBe('#52c41a');
  });
});
