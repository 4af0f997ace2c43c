/**
 * The one map from a state to its colour (UX.md "States and colours"), used by every tag, chart and
 * legend. Tag colours are antd preset names; charts take the matching hex of antd's palette.
 */
export type StateColor = 'default' | 'blue' | 'cyan' | 'geekblue' | 'orange' | 'gold' | 'green' | 'red';

export const STATE_COLORS: Readonly<Record<string, StateColor>> = {
  // procedure (trámite) workflow
  REGISTRADO: 'default',
  CARGADO: 'blue',
  ESTRUCTURADO: 'blue',
  DOCUMENTADO: 'cyan',
  ENVIADO: 'geekblue',
  RECIBIDO: 'geekblue',
  'EN PROCESO': 'orange',
  PLANILLAJE: 'orange',
  OBSERVACIONES: 'gold',
  FINALIZADO: 'green',
  // attention review
  PENDIENTE: 'default',
  REVISADA: 'blue',
  FINALIZADA: 'green',
  // validation results
  ERROR: 'red',
  ERRORES: 'red',
  NOVEDAD: 'gold',
  NOVEDADES: 'gold',
};

/** Hex of each colour (antd palette, shade 6; grey for default) for charts and legends. */
export const STATE_HEX: Readonly<Record<StateColor, string>> = {
  default: '#8c8c8c',
  blue: '#1677ff',
  cyan: '#13c2c2',
  geekblue: '#2f54eb',
  orange: '#fa8c16',
  gold: '#faad14',
  green: '#52c41a',
  red: '#f5222d',
};

/** 'en_proceso', ' En Proceso ' and 'EN PROCESO' name the same state. */
export function normalizeState(state: string): string {
  return state
    .trim()
    .replace(/[_\s]+/g, ' ')
    .toUpperCase();
}

export function stateColor(state: string | null | undefined): StateColor {
  if (!state) return 'default';
  return STATE_COLORS[normalizeState(state)] ?? 'default';
}

export function stateHex(state: string | null | undefined): string {
  return STATE_HEX[stateColor(state)];
}
