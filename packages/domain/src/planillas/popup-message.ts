import type { VistaPlanilla } from './schemas.ts';

/*
 * The message the record popup (/planillaformpopup/...) posts to its opener after a review, so the
 * procedure page refreshes the list the popup was opened from (docs/spec-summary.md 000 §2 and §4). Same origin only:
 * the sender posts with `targetOrigin = location.origin`, the receiver checks `event.origin`.
 * Kept free of zod so the web can import it from '@app/domain/planillas/popup-message'.
 */

/** The opener's list to refresh, one per view of the attentions list. */
export const POPUP_TABS = [
  'planillas',
  'planillasPendientes',
  'planillasRevisadas',
  'planillasAnuladas',
  'planillasFiltros',
] as const;
export type PopupTab = (typeof POPUP_TABS)[number];

export type PlanillaRevisadaMessage = { type: 'planilla-revisada'; tab: PopupTab };

/** The list of each view (TODAS → planillas, PENDIENTES → planillasPendientes, ...). */
export const TAB_POR_VISTA: Readonly<Record<VistaPlanilla, PopupTab>> = {
  TODAS: 'planillas',
  PENDIENTES: 'planillasPendientes',
  REVISADAS: 'planillasRevisadas',
  ANULADAS: 'planillasAnuladas',
  FILTROS: 'planillasFiltros',
};

/** The view of a list name (the inverse of TAB_POR_VISTA). */
export function vistaDeTab(tab: PopupTab): VistaPlanilla {
  const found = (Object.keys(TAB_POR_VISTA) as VistaPlanilla[]).find((v) => TAB_POR_VISTA[v] === tab);
  return found ?? 'TODAS';
}

/** The popup's `p_tipo` route segment (a view name); anything else counts as TODAS. */
export function vistaDeTipo(tipo: string | null | undefined): VistaPlanilla {
  const v = (tipo ?? '').toUpperCase();
  return v in TAB_POR_VISTA ? (v as VistaPlanilla) : 'TODAS';
}

export function planillaRevisadaMessage(vista: VistaPlanilla): PlanillaRevisadaMessage {
  return { type: 'planilla-revisada', tab: TAB_POR_VISTA[vista] };
}

/** Whether a `message` event's data is this message (the origin is checked by the receiver). */
export function isPlanillaRevisadaMessage(data: unknown): data is PlanillaRevisadaMessage {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return d.type === 'planilla-revisada' && (POPUP_TABS as readonly unknown[]).includes(d.tab);
}
