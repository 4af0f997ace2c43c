/**
 * The one map from a state to its colour (docs/design-summary.md §10 "States and colours"), used by every tag, chart and
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
  /** Annulled before sending (decision 50): a dead end, shown as refused work. */
  ANULADO: 'red',
  // attention review
  PENDIENTE: 'default',
  REVISADA: 'blue',
  FINALIZADA: 'green',
  // authorization requests ('Solicitudes')
  SOLICITADA: 'gold',
  APROBADA: 'green',
  RECHAZADA: 'red',
  ANULADA: 'default',
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

/** Tag background (antd's shade 1) and a text shade that keeps 12px text at AA contrast (4.5:1). */
export const STATE_TAG_COLORS: Readonly<Record<StateColor, { background: string; text: string }>> = {
  default: { background: '#f5f5f5', text: 'rgba(0, 0, 0, 0.88)' },
  blue: { background: '#e6f4ff', text: '#0958d9' },
  cyan: { background: '#e6fffb', text: '#006d75' },
  geekblue: { background: '#f0f5ff', text: '#1d39c4' },
  orange: { background: '#fff7e6', text: '#ad4e00' },
  gold: { background: '#fffbe6', text: '#874d00' },
  green: { background: '#f6ffed', text: '#237804' },
  red: { background: '#fff1f0', text: '#cf1322' },
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
