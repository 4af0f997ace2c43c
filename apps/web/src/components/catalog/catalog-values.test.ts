import { ALL_RESOURCES, type CatalogDef, defineCatalog, getCatalog, validateCatalogInput } from '@app/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  columnFields,
  deleteErrorText,
  displayValue,
  emptyFormValues,
  filterTyped,
  formFields,
  isSortable,
  isValidSort,
  listColumns,
  matchesSearch,
  orderedErrors,
  recordLabel,
  refOptions,
  refQuery,
  toFormValues,
  toPayload,
  withCurrentOption,
} from './catalog-values.ts';

/** A declaration with every field type (the real ones use only a few). */
const demo: CatalogDef = defineCatalog({
  name: 'demo',
  table: 'demo',
  idField: 'idDemo',
  title: 'Demos',
  singular: 'Demo',
  area: 'admin',
  section: 'parametros',
  writeFlag: 'menuParametros',
  tenant: 'sistema',
  searchFields: ['nombre'],
  defaultSort: 'nombre',
  fields: [
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 5 },
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true },
    { name: 'documento', label: 'Documento', type: 'text', digits: true, maxLength: 10 },
    { name: 'nota', label: 'Nota', type: 'textarea' },
    { name: 'cantidad', label: 'Cantidad', type: 'integer', required: true, min: 1 },
    { name: 'valor', label: 'Valor', type: 'decimal', min: 0 },
    { name: 'desde', label: 'Desde', type: 'date', required: true },
    { name: 'activo', label: 'Activo', type: 'boolean' },
    {
      name: 'sexo',
      label: 'Sexo',
      type: 'select',
      options: [
        { value: 'M', label: 'Masculino' },
        { value: 'F', label: 'Femenino' },
      ],
    },
    {
      name: 'idLocalidad',
      label: 'Localidad',
      type: 'select',
      required: true,
      ref: { catalog: 'localidad', labelField: 'nombre' },
    },
    { name: 'email', label: 'Correo', type: 'email' },
    { name: 'interno', label: 'Interno', type: 'text', column: false, form: false },
  ],
});

const row = {
  idDemo: 7,
  codigo: 'ab1',
  nombre: 'Quito',
  documento: '0102030405',
  nota: 'texto largo',
  cantidad: 3,
  valor: '1234.5',
  desde: '2026-01-31',
  activo: true,
  sexo: 'F',
  idLocalidad: 4,
  localidadNombre: 'QUITO',
  email: 'a@b.ec',
  interno: 'x',
  fechaReg: '2026-11-22T15:30:00.000Z',
};
const field = (name: string) => demo.fields.find((f) => f.name === name)!;

describe('columns and cells', () => {
  it('lists the fields with column !== false and form !== false', () => {
    expect(columnFields(demo).map((f) => f.name)).not.toContain('interno');
    expect(formFields(demo).map((f) => f.name)).not.toContain('interno');
    expect(formFields(demo, { idLocalidad: 1 }).map((f) => f.name)).not.toContain('idLocalidad');
  });

  it('formats each type', () => {
    expect(displayValue(field('codigo'), row)).toBe('AB1');
    expect(displayValue(field('nota'), row)).toBe('texto largo');
    expect(displayValue(field('cantidad'), row)).toBe('3');
    expect(displayValue(field('valor'), row)).toBe('1.234,50');
    expect(displayValue(field('desde'), row)).toBe('31/01/2026');
    expect(displayValue(field('desde'), { desde: '2026-01-31T00:00:00.000Z' })).toBe('31/01/2026');
    expect(displayValue(field('activo'), row)).toBe('Sí');
    expect(displayValue(field('activo'), { activo: false })).toBe('No');
    expect(displayValue(field('sexo'), row)).toBe('Femenino');
    expect(displayValue(field('idLocalidad'), row)).toBe('QUITO');
    expect(displayValue(field('valor'), { valor: null })).toBe('');
    expect(displayValue(field('idLocalidad'), { idLocalidad: 4 })).toBe('');
  });

  it('sorts references (by their label) but not long texts', () => {
    expect(isSortable(field('nombre'))).toBe(true);
    expect(isSortable(field('idLocalidad'))).toBe(true);
    expect(isSortable(field('nota'))).toBe(false);
  });

  it('names a row by the declaration’s label template and orders the declared list columns', () => {
    const pago = ALL_RESOURCES.suscpago;
    expect(recordLabel(pago, { suscripcionNumero: 'SUS-1' })).toBe('Pago de la suscripción SUS-1');
    expect(
      listColumns(pago).map((c) =>
        c.kind === 'field' ? c.field.name : c.kind === 'joined' ? c.joined.name : c.count.name,
      ),
    ).toEqual(pago.listColumns);
    expect(emptyFormValues(pago).estadoPago).toBe('PENDIENTE');
    expect(isValidSort(pago, '-facturaNumero')).toBe(true);
    expect(isValidSort(pago, 'facturaTotal')).toBe(true);
  });

  it('names a record for a confirmation', () => {
    expect(recordLabel(demo, row)).toBe('AB1 - QUITO');
    expect(recordLabel(demo, { ...row, codigo: null })).toBe('QUITO');
    expect(recordLabel(getCatalog('localidad')!, { idLocalidad: 1, codigo: '1701', nombre: 'quito' })).toBe(
      '1701 - QUITO',
    );
    expect(recordLabel(demo, { idDemo: 9 })).toBe('Demo #9');
  });
});

describe('form values', () => {
  it('starts a new record empty with switches off', () => {
    const v = emptyFormValues(demo);
    expect(v.activo).toBe(false);
    expect(v.nombre).toBeUndefined();
    expect('interno' in v).toBe(false);
  });

  it('loads a row for editing', () => {
    const v = toFormValues(demo, row);
    expect(dayjs.isDayjs(v.desde)).toBe(true);
    expect((v.desde as dayjs.Dayjs).format('DD/MM/YYYY')).toBe('31/01/2026');
    expect(v.valor).toBe(1234.5);
    expect(v.idLocalidad).toBe(4);
    expect(v.sexo).toBe('F');
    expect(v.activo).toBe(true);
  });

  it('sends what the API expects and passes the shared check', () => {
    const body = toPayload(demo, { ...toFormValues(demo, row), nombre: '  quito norte ', nota: '' });
    expect(body).toMatchObject({
      codigo: 'AB1',
      nombre: 'QUITO NORTE',
      nota: null,
      cantidad: 3,
      valor: 1234.5,
      desde: '2026-01-31',
      activo: true,
      sexo: 'F',
      idLocalidad: 4,
    });
    expect('interno' in body).toBe(false);
    expect(validateCatalogInput(demo, body)).toBeNull();
  });

  it('leaves empty required fields out so the shared check names them', () => {
    const body = toPayload(demo, emptyFormValues(demo));
    expect(body.cantidad).toBeUndefined();
    expect(body.valor).toBeNull();
    const errors = validateCatalogInput(demo, body)!;
    expect(errors.nombre).toBe('El campo Nombre es obligatorio.');
    expect(errors.cantidad).toBe('El campo Cantidad es obligatorio.');
    expect(errors.desde).toBe('El campo Desde es obligatorio.');
    expect(errors.idLocalidad).toBe('El campo Localidad es obligatorio.');
    expect(errors.valor).toBeUndefined();
    expect(orderedErrors(demo, errors)[0].field).toBe('codigo');
  });

  it('adds fixed values (master-detail) to the body', () => {
    const body = toPayload(demo, emptyFormValues(demo, { idLocalidad: 2 }), { idLocalidad: 2 });
    expect(body.idLocalidad).toBe(2);
  });

  it('orders errors as the form shows the fields, unknown keys last', () => {
    const out = orderedErrors(demo, { _: 'general', desde: 'd', codigo: 'c' });
    expect(out).toEqual([
      { field: 'codigo', message: 'c' },
      { field: 'desde', message: 'd' },
      { field: null, message: 'general' },
    ]);
  });
});

describe('typing filters', () => {
  it('upper-cases and keeps the caret', () => {
    expect(filterTyped('quiTo', 3, { upper: true })).toEqual({ value: 'QUITO', caret: 3 });
  });

  it('keeps only digits and moves the caret back over what was dropped', () => {
    expect(filterTyped('01a2-3', 4, { digits: true })).toEqual({ value: '0123', caret: 3 });
    expect(filterTyped('abc', null, { digits: true })).toEqual({ value: '', caret: null });
  });
});

describe('reference options', () => {
  const rows = [
    { idLocalidad: 1, nombre: 'QUITO' },
    { idLocalidad: 2, nombre: 'GUAYAQUIL' },
    { idLocalidad: null, nombre: 'X' },
  ];

  it('maps rows to options', () => {
    expect(refOptions(rows, 'idLocalidad', 'nombre')).toEqual([
      { value: 1, label: 'QUITO' },
      { value: 2, label: 'GUAYAQUIL' },
    ]);
  });

  it('joins a label of several fields (code and name of an element)', () => {
    const elems = [
      { idElemento: 3, codigo: '99203', nombre: 'CONSULTA' },
      { idElemento: 4, codigo: '85025', nombre: null },
      { idElemento: 5, codigo: null, nombre: null },
    ];
    expect(refOptions(elems, 'idElemento', ['codigo', 'nombre'])).toEqual([
      { value: 3, label: '99203 CONSULTA' },
      { value: 4, label: '85025' },
      { value: 5, label: '5' },
    ]);
  });

  it('asks the API for the first rows, or for matches of a search of 2+ characters', () => {
    expect(refQuery('', 'nombre')).toEqual({ page: 1, pageSize: 100, sort: 'nombre' });
    expect(refQuery(' n ', 'nombre')).toEqual({ page: 1, pageSize: 100, sort: 'nombre' });
    expect(refQuery(' neumo ', undefined)).toEqual({ q: 'neumo', page: 1, pageSize: 20, sort: undefined });
  });

  it('keeps the current value selectable', () => {
    const opts = refOptions(rows, 'idLocalidad', 'nombre');
    expect(withCurrentOption(opts, 1, 'QUITO')).toBe(opts);
    expect(withCurrentOption(opts, 99, 'CUENCA')[0]).toEqual({ value: 99, label: 'CUENCA' });
    expect(withCurrentOption(opts, null, null)).toBe(opts);
  });

  it('searches without accents or case', () => {
    expect(matchesSearch('cedula', 'CÉDULA DE IDENTIDAD')).toBe(true);
    expect(matchesSearch('ruc', 'CÉDULA')).toBe(false);
  });
});

describe('sort and delete texts', () => {
  it('accepts only sortable names', () => {
    expect(isValidSort(demo, 'nombre')).toBe(true);
    expect(isValidSort(demo, '-fechaReg')).toBe(true);
    expect(isValidSort(demo, '-idDemo')).toBe(true);
    expect(isValidSort(demo, 'clave')).toBe(false);
    expect(isValidSort(demo, undefined)).toBe(false);
  });

  it('does not repeat the title of a failed delete', () => {
    expect(deleteErrorText('No se pudo eliminar: el registro está siendo utilizado por otros datos.')).toBe(
      'El registro está siendo utilizado por otros datos.',
    );
    expect(deleteErrorText('No autorizado')).toBe('No autorizado');
    expect(deleteErrorText('No se pudo eliminar')).toBeUndefined();
    expect(deleteErrorText(undefined)).toBeUndefined();
  });
});
