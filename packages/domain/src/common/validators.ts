/** Ecuadorian cédula: 10 digits, province 01–24 or 30, third digit < 6, modulo-10 check digit. */
export function isValidCedula(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const province = Number(value.slice(0, 2));
  if (!((province >= 1 && province <= 24) || province === 30)) return false;
  if (Number(value[2]) >= 6) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(value[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  const check = (10 - (sum % 10)) % 10;
  return check === Number(value[9]);
}

/**
 * RUC: 13 digits ending in 001 or higher establishment number. A natural person's RUC is a
 * valid cédula plus the establishment; companies (third digit 6 or 9) are only warned about.
 */
export function checkRuc(value: string): { valid: boolean; warning?: string } {
  if (!/^\d{13}$/.test(value)) return { valid: false };
  if (value.slice(10) === '000') return { valid: false };
  const third = Number(value[2]);
  if (third < 6) return { valid: isValidCedula(value.slice(0, 10)) };
  return { valid: true, warning: 'RUC de sociedad: verifique el número con el SRI.' };
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Letters (with accents and Ñ) and spaces only. */
export const NAME_RE = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+$/;

/** A real calendar date 'YYYY-MM-DD' (2026-02-30 is not one, and PostgreSQL would refuse it). */
export function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
