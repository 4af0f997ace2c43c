/** A shown element: in the layout and not of zero size (an empty toolbar, a tab scrolled out of its strip). */
export function visible(el: Element): el is HTMLElement {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/** The first visible element of the selectors, in their order. */
export function buscarObjetivo(
  selectores: readonly string[],
  doc: Pick<Document, 'querySelectorAll'> = document,
) {
  for (const s of selectores) {
    const el = Array.from(doc.querySelectorAll(s)).find(visible);
    if (el) return el;
  }
  return null;
}

/** Polls `fn` until it gives a value (or the time or the signal runs out: null). */
export async function esperar<T>(fn: () => T | null, opts: { ms?: number; signal?: AbortSignal } = {}) {
  const hasta = Date.now() + (opts.ms ?? 8000);
  for (;;) {
    const v = fn();
    if (v !== null) return v;
    if (Date.now() > hasta || opts.signal?.aborted) return null;
    await new Promise((r) => setTimeout(r, 120));
  }
}

/**
 * Waits until the element stops moving or growing (a list filling in, a card below it loading) so the highlight
 * fits it: two looks 150 ms apart with the same box, for at most `ms`.
 */
export async function esperarQuieto(el: Element, opts: { ms?: number; signal?: AbortSignal } = {}) {
  const caja = () => {
    const r = el.getBoundingClientRect();
    return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
  };
  const hasta = Date.now() + (opts.ms ?? 2000);
  let antes = caja();
  while (Date.now() < hasta && !opts.signal?.aborted) {
    await new Promise((r) => setTimeout(r, 150));
    const ahora = caja();
    if (ahora === antes) return;
    antes = ahora;
  }
}
