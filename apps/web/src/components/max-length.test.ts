import {
  catalogInputSchema,
  getCatalog,
  medicoSchema,
  personaSchema,
  usuarioCreateSchema,
  usuarioUpdateSchema,
} from '@app/domain';
import { optionalText, requiredText } from '@app/domain/admin/fields';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMaxLength, textMaxLength } from './max-length.ts';

/** Issue 14 §4: a text field shows the limit its schema enforces, so long input is never cut silently. */
describe('the max length a schema enforces', () => {
  it('reads .max and .length through trims, transforms, preprocess and wrappers', () => {
    expect(textMaxLength(z.string().max(120))).toBe(120);
    expect(textMaxLength(z.string().length(10))).toBe(10);
    expect(
      textMaxLength(
        z
          .string()
          .trim()
          .min(1)
          .max(300)
          .transform((v) => v.toUpperCase()),
      ),
    ).toBe(300);
    expect(textMaxLength(z.string().max(40).nullable().optional())).toBe(40);
    expect(textMaxLength(requiredText('Dirección', 300, { upper: true }))).toBe(300);
    expect(textMaxLength(optionalText('Observación', 120))).toBe(120);
    expect(textMaxLength(z.string().max(5).default('a'))).toBe(5);
  });

  it('answers nothing where there is no limit', () => {
    expect(textMaxLength(z.string())).toBeUndefined();
    expect(textMaxLength(z.number().max(10))).toBeUndefined();
    expect(textMaxLength(undefined)).toBeUndefined();
    expect(fieldMaxLength(z.object({ a: z.string().max(3) }), 'b')).toBeUndefined();
  });

  it('finds a field of an object schema, also behind superRefine and transform', () => {
    const persona = personaSchema({ idTipoIdenCedula: 1 });
    expect(fieldMaxLength(persona, 'primerNombre')).toBe(60);
    expect(fieldMaxLength(persona, 'direccion')).toBe(300);
    expect(fieldMaxLength(persona, 'email')).toBe(160);
    expect(fieldMaxLength(persona, 'documento')).toBe(10);
    expect(fieldMaxLength(persona, 'telefono')).toBe(10);
    expect(fieldMaxLength(persona, 'idLocalidad')).toBeUndefined();
    expect(fieldMaxLength(medicoSchema, 'documento')).toBe(20);
    expect(fieldMaxLength(usuarioCreateSchema, 'nombre')).toBe(160);
    expect(fieldMaxLength(usuarioCreateSchema, 'clave')).toBe(200);
    expect(fieldMaxLength(usuarioUpdateSchema, 'nombre')).toBe(160);
    const wrapped = z
      .object({ texto: z.string().max(120) })
      .superRefine(() => undefined)
      .transform((v) => v);
    expect(fieldMaxLength(wrapped, 'texto')).toBe(120);
  });

  it('a catalogue field shows the limit its declaration sets', () => {
    const def = getCatalog('tipoiden');
    expect(def).toBeDefined();
    if (!def) return;
    const schema = catalogInputSchema(def);
    for (const f of def.fields.filter((x) => x.type === 'text' || x.type === 'textarea'))
      expect(fieldMaxLength(schema, f.name), f.name).toBe(f.maxLength);
  });
});
