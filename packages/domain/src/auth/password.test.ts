import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { changePasswordSchema, passwordChangeError } from './password.ts';

describe('passwordChangeError', () => {
  it('says the five messages of docs/spec-summary.md 001 §5 in order', () => {
    expect(passwordChangeError({})?.message).toBe('Ingrese la contraseña actual');
    expect(passwordChangeError({ claveActual: 'x' })?.message).toBe('Ingrese la nueva contraseña');
    expect(passwordChangeError({ claveActual: 'x', nuevaClave: 'abcdefgh' })?.message).toBe(
      'Ingrese la confirmación de la contraseña',
    );
    expect(
      passwordChangeError({ claveActual: 'x', nuevaClave: 'abcdefgh', confirmacion: 'abcdefgi' })?.message,
    ).toBe('Las contraseñas no coinciden');
    expect(passwordChangeError({ claveActual: 'x', nuevaClave: 'abc', confirmacion: 'abc' })?.message).toBe(
      'La nueva contraseña debe tener al menos 8 caracteres',
    );
  });
  it('trims inputs and accepts exactly 8 characters', () => {
    expect(
      passwordChangeError({ claveActual: ' x ', nuevaClave: ' abcdefgh ', confirmacion: 'abcdefgh' }),
    ).toBeNull();
    expect(
      passwordChangeError({ claveActual: '   ', nuevaClave: 'abcdefgh', confirmacion: 'abcdefgh' })?.message,
    ).toBe(MSG.claveActualRequerida);
  });
  it('the schema reports the failing field', () => {
    const r = changePasswordSchema.safeParse({
      claveActual: 'a',
      nuevaClave: 'short',
      confirmacion: 'short',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['nuevaClave']);
  });
});
