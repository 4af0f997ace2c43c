import { descripcionObligatoria, elementoObligatorio } from './campos.ts';
import { defineCatalog } from './define.ts';

/**
 * Tariff sheets, insurers' tariffs and providers' price lists (docs/spec-summary.md 001 §2.6–2.7, docs/spec-summary.md 002
 * "Insurer tariff", "Tariff sheet"). Rows belong to the tenant of their insurer or provider.
 */
const common = { area: 'admin', section: 'parametros', writeFlag: 'menuParametros' } as const;

const asegurador = {
  name: 'idAsegurador',
  label: 'Asegurador',
  type: 'select',
  required: true,
  ref: { catalog: 'vwasegurador', labelField: 'nombre' },
} as const;
const prestador = {
  name: 'idPrestador',
  label: 'Prestador',
  type: 'select',
  required: true,
  ref: { catalog: 'vwprestador', labelField: 'nombreComercial' },
} as const;

export const tarifario = defineCatalog({
  ...common,
  name: 'tarifario',
  table: 'tarifario',
  idField: 'idTarifario',
  title: 'Tarifarios',
  singular: 'Tarifario',
  fields: [
    descripcionObligatoria,
    { name: 'fechaDesde', label: 'Fecha desde', type: 'date', required: true },
    { name: 'fechaHasta', label: 'Fecha hasta', type: 'date', required: true },
    {
      name: 'idClasElem',
      label: 'Clase de elemento',
      type: 'select',
      required: true,
      ref: { catalog: 'claselem', labelField: 'nombre' },
    },
    asegurador,
  ],
  dateRange: ['fechaDesde', 'fechaHasta'],
  tenant: { through: 'idAsegurador' },
  searchFields: ['descripcion', 'idAsegurador'],
  defaultSort: '-fechaDesde',
});

export const tarifaaseg = defineCatalog({
  ...common,
  name: 'tarifaaseg',
  table: 'tarifa_aseg',
  idField: 'idTarifaAseg',
  title: 'Tarifas de Asegurador',
  singular: 'Tarifa de Asegurador',
  fields: [
    {
      name: 'idTarifario',
      label: 'Tarifario',
      type: 'select',
      required: true,
      ref: { catalog: 'tarifario', labelField: 'descripcion' },
    },
    asegurador,
  ],
  tenant: { through: 'idAsegurador' },
  searchFields: ['idTarifario', 'idAsegurador'],
  defaultSort: '-fechaReg',
});

/** A provider's own codes (ElemPres), optionally mapped to a coded element (the equivalence). */
export const elempres = defineCatalog({
  ...common,
  name: 'elempres',
  table: 'elem_pres',
  idField: 'idElemPres',
  title: 'Elementos del Prestador',
  singular: 'Elemento del Prestador',
  fields: [
    prestador,
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 30 },
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 400 },
    {
      name: 'idElemento',
      label: 'Elemento equivalente',
      type: 'select',
      ref: { catalog: 'elemento', labelField: ['codigo', 'nombre'] },
    },
  ],
  tenant: { through: 'idPrestador' },
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'nombre',
});

/** Price-list entries (tarifa prestación): the value agreed with a provider for an element. */
export const tarifapres = defineCatalog({
  ...common,
  name: 'tarifapres',
  table: 'tarifa_pres',
  idField: 'idTarifaPres',
  title: 'Tarifas de Prestación',
  singular: 'Tarifa de Prestación',
  fields: [
    {
      name: 'idTarifario',
      label: 'Tarifario/Convenio',
      type: 'select',
      ref: { catalog: 'tarifario', labelField: 'descripcion' },
    },
    prestador,
    elementoObligatorio,
    { name: 'valor', label: 'Valor', type: 'decimal', required: true, min: 0 },
  ],
  tenant: { through: 'idPrestador' },
  searchFields: ['idElemento', 'idTarifario'],
  defaultSort: '-fechaReg',
});

/** Specialities a provider offers (detail of especialidad_espepres). */
export const espepres = defineCatalog({
  ...common,
  route: false,
  name: 'espepres',
  table: 'espe_pres',
  idField: 'idEspePres',
  title: 'Especialidades por Prestador',
  singular: 'Especialidad de Prestador',
  fields: [
    {
      name: 'idEspecialidad',
      label: 'Especialidad',
      type: 'select',
      required: true,
      ref: { catalog: 'especialidad', labelField: 'nombre' },
    },
    prestador,
  ],
  tenant: { through: 'idPrestador' },
  searchFields: ['idEspecialidad', 'idPrestador'],
  defaultSort: '-fechaReg',
});

/** An insurer's classifications (detail of asegurador-clasaseg). */
export const clasaseg = defineCatalog({
  ...common,
  route: false,
  // The insurer's own classifications: its parameter users read them, never the providers under it.
  readFlag: 'menuParametros',
  readScope: 'propia',
  name: 'clasaseg',
  table: 'clas_aseg',
  idField: 'idClasAseg',
  title: 'Clasificaciones del Asegurador',
  singular: 'Clasificación del Asegurador',
  fields: [
    asegurador,
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 200 },
  ],
  tenant: { through: 'idAsegurador' },
  searchFields: ['nombre'],
  defaultSort: 'nombre',
});
