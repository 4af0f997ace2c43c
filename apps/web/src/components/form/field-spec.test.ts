import { ADMIN_RESOURCES, registroSchema } from '@app/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  type FieldSpec,
  issuesByField,
  specsOf,
  toFormValues,
  toPayload,
  typingFilter,
} from './field-spec.ts';

const fields: FieldSpec[] = [
  { name: 'nombre', label: 'Nombre', kind: 'letters', required: true },
  { name: 'fechaNac', label: 'Fecha', kind: 'date' },
  { name: 'activo', label: 'Activo', kind: 'switch' },
  { name: 'clave', label: 'Clave', kind: 'password' },
  { name: 'idLocalidad', label: 'Localidad', kind: 'select' },
];

describe('page form fields', () => {
  it('reads a row into the form and the form back into a body', () => {
    const values = toFormValues(fields, {
      nombre: 'ANA',
      fechaNac: '1980-07-21',
      clave: 'x',
      idLocalidad: 7,
    });
    expect(values.nombre).toBe('ANA');
    expect(dayjs.isDayjs(values.fechaNac) && values.fechaNac.format('DD/MM/YYYY')).toBe('21/07/1980');
    expect(values.activo).toBe(false);
    expect(values.clave).toBeUndefined();
    expect(values.idLocalidad).toBe(7);
    expect(toPayload(fields, { ...values, nombre: '  ANA  ', clave: ' ' })).toEqual({
      nombre: 'ANA',
      fechaNac: '1980-07-21',
      activo: false,
      clave: undefined,
      idLocalidad: 7,
    });
  });

  it('filters names to upper-case letters and digits to their limit', () => {
    expect(typingFilter('letters')?.('ana-1 maría')).toBe('ANA MARÍA');
    expect(typingFilter('digits', 10)?.('099-123-4567 8')).toBe('0991234567');
    expect(typingFilter('email')).toBeNull();
  });

  it('reads a declaration: the doctor step is the medico declaration with the page layout', () => {
    const specs = specsOf(ADMIN_RESOURCES.medico, { idPersona: { disabled: true, span: 24 }, documento: {} });
    expect(specs.map((s) => [s.name, s.kind, s.label, s.required, s.maxLength])).toEqual([
      ['idPersona', 'select', 'Persona', true, undefined],
      ['documento', 'upper', 'Documento', true, 20],
    ]);
    expect(specs[0]).toMatchObject({ disabled: true, span: 24, currentLabelField: 'personaNombre' });
    expect(specs[0].options).toMatchObject({ catalog: 'persona', idField: 'idPersona' });
  });

  it('names the first message of each field of the shared schema', () => {
    expect(issuesByField(registroSchema, {})?.ruc).toBeTruthy();
  });
});
