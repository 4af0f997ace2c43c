/**
 * Forms with changes not saved yet (issue 14 §4: 'Back silently abandons a half-created person').
 * Every form marks itself here while it holds changes (`useAvisoCambios`); one guard per router asks
 * before an in-app navigation leaves the page (`AvisoSalida`) and the browser asks before a reload or
 * closing the tab (`beforeunload`). A save clears its form's mark synchronously, before the page
 * navigates on success, so a successful save never asks.
 */

/** The question of the confirmation (docs/design-summary.md §10: Spanish, usted). */
export const MENSAJE_CAMBIOS_SIN_GUARDAR = 'Hay cambios sin guardar. ¿Desea salir sin guardarlos?';

type Listener = () => void;

/** A store of marks: one entry per form with changes, with the question to ask (the first one wins). */
export function crearRegistroCambios() {
  const marcas = new Map<symbol, string>();
  const listeners = new Set<Listener>();
  const emitir = () => {
    for (const l of listeners) l();
  };
  return {
    /** Marks (or unmarks) one form; `mensaje` replaces the default question. */
    marcar(id: symbol, sucio: boolean, mensaje = MENSAJE_CAMBIOS_SIN_GUARDAR) {
      const antes = marcas.get(id);
      if (sucio) {
        if (antes === mensaje) return;
        marcas.set(id, mensaje);
      } else {
        if (antes === undefined) return;
        marcas.delete(id);
      }
      emitir();
    },
    /** Whether any form holds changes. */
    hayCambios: () => marcas.size > 0,
    /** The question to ask: the first marked form's. */
    mensaje: (): string | null => (marcas.size ? ([...marcas.values()][0] ?? null) : null),
    /** The user chose to leave: every mark is dropped so the navigation is not asked twice. */
    descartarTodo() {
      if (marcas.size === 0) return;
      marcas.clear();
      emitir();
    },
    suscribir(l: Listener) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

export type RegistroCambios = ReturnType<typeof crearRegistroCambios>;

/** The product's one registry. */
export const cambiosSinGuardar = crearRegistroCambios();

type Ubicacion = { pathname: string };

/**
 * Whether an in-app navigation must ask first: some form holds changes and the navigation leaves the
 * page (another path; a change of `?tab=` or of the list's filters stays on it). Going to /Login (the
 * session ended or the inactivity logout) never asks: the session is gone either way.
 */
export function debePreguntar(
  registro: Pick<RegistroCambios, 'hayCambios'>,
  desde: Ubicacion,
  hacia: Ubicacion,
): boolean {
  if (!registro.hayCambios()) return false;
  if (hacia.pathname.toLowerCase() === '/login') return false;
  return desde.pathname !== hacia.pathname;
}

/**
 * The `beforeunload` handler: with changes the browser asks its own question (its text cannot be
 * chosen) before a reload, closing the tab or leaving for another site.
 */
export function alDescargar(registro: Pick<RegistroCambios, 'hayCambios'>) {
  return (e: Pick<BeforeUnloadEvent, 'preventDefault'> & { returnValue?: unknown }) => {
    if (!registro.hayCambios()) return;
    e.preventDefault();
    // Older browsers ask only when returnValue is set.
    e.returnValue = true;
  };
}
