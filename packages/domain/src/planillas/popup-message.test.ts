import { describe, expect, it } from 'vitest';
import {
  isPlanillaRevisadaMessage,
  POPUP_TABS,
  planillaRevisadaMessage,
  TAB_POR_VISTA,
  vistaDeTab,
  vistaDeTipo,
} from './popup-message.ts';

describe('message of the record popup to its opener', () => {
  it('maps each view to the list the spec names, and back', () => {
    expect(TAB_POR_VISTA).toEqual({
      TODAS: 'planillas',
      PENDIENTES: 'planillasPendientes',
      REVISADAS: 'planillasRevisadas',
      ANULADAS: 'planillasAnuladas',
      FILTROS: 'planillasFiltros',
    });
    for (const tab of POPUP_TABS) expect(TAB_POR_VISTA[vistaDeTab(tab)]).toBe(tab);
  });

  it('reads the popup route segment, TODAS when unknown', () => {
    expect(vistaDeTipo('PENDIENTES')).toBe('PENDIENTES');
    expect(vistaDeTipo('revisadas')).toBe('REVISADAS');
    expect(vistaDeTipo('BUSCAR')).toBe('TODAS');
    expect(vistaDeTipo(undefined)).toBe('TODAS');
  });

  it('builds and recognises the message; anything else is ignored', () => {
    const m = planillaRevisadaMessage('ANULADAS');
    expect(m).toEqual({ type: 'planilla-revisada', tab: 'planillasAnuladas' });
    expect(isPlanillaRevisadaMessage(m)).toBe(true);
    expect(isPlanillaRevisadaMessage({ type: 'planilla-revisada', tab: 'otra' })).toBe(false);
    expect(isPlanillaRevisadaMessage({ type: 'otro', tab: 'planillas' })).toBe(false);
    expect(isPlanillaRevisadaMessage('planilla-revisada')).toBe(false);
    expect(isPlanillaRevisadaMessage(null)).toBe(false);
  });
});
