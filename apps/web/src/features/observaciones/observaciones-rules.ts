import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import { tipoObservacionPorDefecto } from '@app/domain/observaciones/rules';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import type { ObservacionItem } from './observaciones-api.ts';

/*
 * Pure rules of the observation screens. Who may write and when is the domain's (permisos sent by the
 * API, rules.ts); these only shape what the screens show.
 */

export const PAGE_SIZE_OBS = 10;

const plano = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase();

/** The text filter of the list: every word in the observation, its text, its answers or its line code. */
export function filtrarObservaciones<T extends ObservacionItem>(items: readonly T[], texto: string): T[] {
  const palabras = plano(texto).split(/\s+/).filter(Boolean);
  if (palabras.length === 0) return [...items];
  return items.filter((o) => {
    const h = plano(
      [
        o.observacionEstandar,
        o.observacionComplementaria,
        o.respuestaEstandar,
        o.respuestaComplementaria,
        o.codigoDetalle,
        o.descripcionDetalle,
      ]
        .filter(Boolean)
        .join(' '),
    );
    return palabras.every((p) => h.includes(p));
  });
}

/**
 * Why this observation may not be edited or deleted now (null: it may): another process wrote it
 * (docs/spec-summary.md 001 §4), or it was already sent to the provider.
 */
export function puedeModificar(
  o: Pick<ObservacionItem, 'tipo' | 'ronda'>,
  tipo: TipoRevision,
): string | null {
  if (o.tipo !== tipo) return MSG_OBSERVACION.tipoDistinto(o.tipo);
  if (o.ronda !== null) return MSG_OBSERVACION.yaEnviada;
  return null;
}

/** The type a review screen opens with: 17 → M, 19 → D (the domain's), the URL's, or none. */
export function tipoInicial(idPerfil: number, url: string | null): TipoRevision | undefined {
  if (url === 'M' || url === 'D') return url;
  return tipoObservacionPorDefecto(idPerfil) ?? undefined;
}

export const esTipo = (v: string | null | undefined): v is TipoRevision => v === 'M' || v === 'D';

/** The line item's observations screen (docs/spec-summary.md 001 §2.4), with the attention for the list. */
export const detalleObsPath = (
  idTramite: number,
  estadoTramite: string,
  idPlanillaDet: number,
  tipo: TipoRevision,
  procesoAm: boolean,
  idPlanilla: number,
) =>
  `/planilladet_pladetobs/${idTramite}/${encodeURIComponent(estadoTramite)}/${idPlanillaDet}/${tipo}/${procesoAm ? 1 : 0}?idPlanilla=${idPlanilla}`;

export const respuestaPath = (o: Pick<ObservacionItem, 'nivel' | 'id' | 'tipo'>) =>
  o.nivel === 'PLANILLA'
    ? `/pla-obs-respuesta/${o.id}/${o.tipo}`
    : `/pla-det-obs-respuesta/${o.id}/${o.tipo}`;
