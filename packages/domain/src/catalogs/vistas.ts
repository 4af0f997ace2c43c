import { defineCatalog } from './define.ts';

/**
 * Read-only views of rows that the administration screens own (persons, doctors, companies,
 * subscriptions, insurers, providers): they feed selects and the detail lists of master-detail
 * screens here without a second way of editing those rows. No menu entry and no route of their own.
 */
const common = {
  area: 'admin',
  section: 'parametros',
  writeFlag: 'menuParametros',
  readOnly: true,
  route: false,
} as const;

export const vwprestador = defineCatalog({
  ...common,
  name: 'vwprestador',
  table: 'prestador',
  idField: 'idPrestador',
  title: 'Prestadores',
  singular: 'Prestador',
  fields: [
    { name: 'nombreComercial', label: 'Nombre comercial', type: 'text', upper: true },
    { name: 'razonSocial', label: 'Razón social', type: 'text', upper: true },
    { name: 'ruc', label: 'RUC', type: 'text' },
  ],
  tenant: 'red',
  searchFields: ['nombreComercial', 'razonSocial', 'ruc'],
  defaultSort: 'nombreComercial',
});

export const vwasegurador = defineCatalog({
  ...common,
  name: 'vwasegurador',
  table: 'asegurador',
  idField: 'idAsegurador',
  title: 'Aseguradores',
  singular: 'Asegurador',
  fields: [
    { name: 'nombre', label: 'Nombre', type: 'text', upper: true },
    { name: 'tipo', label: 'Tipo', type: 'text', upper: true },
  ],
  tenant: 'red',
  searchFields: ['nombre', 'tipo'],
  defaultSort: 'nombre',
});

export const vwempresa = defineCatalog({
  ...common,
  name: 'vwempresa',
  table: 'empresa',
  idField: 'idEmpresa',
  title: 'Empresas',
  singular: 'Empresa',
  fields: [
    { name: 'nombreCorto', label: 'Nombre', type: 'text', upper: true },
    { name: 'documento', label: 'RUC', type: 'text' },
    { name: 'razonSocial', label: 'Razón social', type: 'text', upper: true },
    {
      name: 'idLocalidad',
      label: 'Localidad',
      type: 'select',
      ref: { catalog: 'localidad', labelField: 'nombre' },
    },
  ],
  tenant: 'red',
  searchFields: ['nombreCorto', 'razonSocial', 'documento'],
  defaultSort: 'nombreCorto',
});

export const vwpersona = defineCatalog({
  ...common,
  name: 'vwpersona',
  table: 'persona',
  idField: 'idPersona',
  title: 'Personas',
  singular: 'Persona',
  fields: [
    { name: 'documento', label: 'Documento', type: 'text' },
    { name: 'primerApellido', label: 'Primer apellido', type: 'text', upper: true },
    { name: 'segundoApellido', label: 'Segundo apellido', type: 'text', upper: true },
    { name: 'primerNombre', label: 'Primer nombre', type: 'text', upper: true },
    { name: 'segundoNombre', label: 'Segundo nombre', type: 'text', upper: true },
    {
      name: 'idLocalidad',
      label: 'Localidad',
      type: 'select',
      ref: { catalog: 'localidad', labelField: 'nombre' },
    },
    { name: 'email', label: 'Correo', type: 'email' },
  ],
  tenant: 'empresa',
  searchFields: ['documento', 'primerApellido', 'segundoApellido', 'primerNombre', 'segundoNombre'],
  defaultSort: 'primerApellido',
});

export const vwmedico = defineCatalog({
  ...common,
  name: 'vwmedico',
  table: 'medico',
  idField: 'idMedico',
  title: 'Médicos',
  singular: 'Médico',
  fields: [
    {
      name: 'idPersona',
      label: 'Persona',
      type: 'select',
      ref: { catalog: 'vwpersona', labelField: ['primerApellido', 'segundoApellido', 'primerNombre'] },
    },
    {
      name: 'idEspecialidad',
      label: 'Especialidad',
      type: 'select',
      ref: { catalog: 'especialidad', labelField: 'nombre' },
    },
    { name: 'documento', label: 'Documento', type: 'text' },
  ],
  tenant: { through: 'idPersona' },
  searchFields: ['documento', 'idPersona'],
  defaultSort: 'documento',
});

export const vwsuscripcion = defineCatalog({
  ...common,
  name: 'vwsuscripcion',
  table: 'suscripcion',
  idField: 'idSuscripcion',
  title: 'Suscripciones',
  singular: 'Suscripción',
  fields: [
    { name: 'numero', label: 'Número', type: 'text', upper: true },
    { name: 'idPlan', label: 'Plan', type: 'select', ref: { catalog: 'plan', labelField: 'nombre' } },
    {
      name: 'idFormaPago',
      label: 'Forma de pago',
      type: 'select',
      ref: { catalog: 'formapago', labelField: 'nombre' },
    },
    { name: 'estado', label: 'Estado', type: 'text' },
    { name: 'fechaDesde', label: 'Fecha desde', type: 'date' },
    { name: 'fechaHasta', label: 'Fecha hasta', type: 'date' },
  ],
  tenant: 'empresa',
  searchFields: ['numero'],
  defaultSort: '-fechaDesde',
});
