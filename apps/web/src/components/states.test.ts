import { describe, expect, it } from 'vitest';
import { normalizeState, STATE_COLORS, STATE_TAG_COLORS, stateColor, stateHex } from './states.ts';

describe('state colours', () => {
  it('follows docs/design-summary.md §10', () => {
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
    expect(stateColor('ANULADO')).toBe('red');
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

/** WCAG contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('tag contrast', () => {
  it('keeps every coloured tag at AA (4.5:1)', () => {
    for (const [name, c] of Object.entries(STATE_TAG_COLORS)) {
      if (name === 'default') continue;
      expect(contrast(c.text, c.background), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
