/**
 * The registration or renewal in progress, kept per tab in sessionStorage so that a reload keeps
 * the steps done. Passwords are never written there: they live in memory only, and a reload on the
 * last step sends the visitor back to retype them.
 */
export type Flujo = 'registro' | 'renovacion';
export type Draft = Record<string, unknown>;

const key = (f: Flujo) => `${f}_datos`;
const secretos: Record<string, string> = {};

export const REGISTRO_EMAIL_KEY = 'registro_email';

export function readDraft(f: Flujo): Draft {
  try {
    const d = JSON.parse(sessionStorage.getItem(key(f)) ?? '{}') as Draft;
    return f === 'registro' ? { ...d, ...secretos } : d;
  } catch {
    return {};
  }
}

export function saveDraft(f: Flujo, patch: Draft) {
  const { clave, confirmacion, ...rest } = patch;
  if (typeof clave === 'string') secretos.clave = clave;
  if (typeof confirmacion === 'string') secretos.confirmacion = confirmacion;
  const current = readDraft(f);
  delete current.clave;
  delete current.confirmacion;
  sessionStorage.setItem(key(f), JSON.stringify({ ...current, ...rest }));
}

export function clearDraft(f: Flujo) {
  sessionStorage.removeItem(key(f));
  delete secretos.clave;
  delete secretos.confirmacion;
  if (f === 'registro') sessionStorage.removeItem(REGISTRO_EMAIL_KEY);
}
