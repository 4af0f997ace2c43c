import { defineCatalog } from './define.ts';

const nombre = {
  name: 'nombre',
  label: 'Nombre',
  type: 'text',
  required: true,
  upper: true,
  maxLength: 120,
} as const;
/** System-wide reference data: read by everybody, written only by a platform operator. */
const common = {
  area: 'admin',
  section: 'parametros',
  writeFlag: 'menuParametros',
  tenant: 'sistema',
} as const;

export const tipoiden = defineCatalog({
  ...common,
  name: 'tipoiden',
  table: 'tipo_iden',
  idField: 'idTipoIden',
  title: 'Tipos de Identificación',
  singular: 'Tipo de Identificación',
  fields: [
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 5 },
    nombre,
    { name: 'longitud', label: 'Longitud', type: 'integer', min: 1 },
  ],
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'nombre',
});

export const estadocivil = defineCatalog({
  ...common,
  name: 'estadocivil',
  table: 'estado_civil',
  idField: 'idEstadoCivil',
  title: 'Estados Civiles',
  singular: 'Estado Civil',
  fields: [nombre],
  searchFields: ['nombre'],
  defaultSort: 'nombre',
});

export const localidad = defineCatalog({
  ...common,
  name: 'localidad',
  table: 'localidad',
  idField: 'idLocalidad',
  title: 'Localidades',
  singular: 'Localidad',
  fields: [
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 10 },
    { name: 'nombre', label: 'Cantón', type: 'text', required: true, upper: true, maxLength: 120 },
    { name: 'provincia', label: 'Provincia', type: 'text', required: true, upper: true, maxLength: 120 },
  ],
  searchFields: ['codigo', 'nombre', 'provincia'],
  defaultSort: 'nombre',
});

export const formapago = defineCatalog({
  ...common,
  name: 'formapago',
  table: 'forma_pago',
  idField: 'idFormaPago',
  title: 'Formas de Pago',
  singular: 'Forma de Pago',
  fields: [nombre],
  searchFields: ['nombre'],
  defaultSort: 'nombre',
});

export const plan = defineCatalog({
  ...common,
  name: 'plan',
  table: 'plan',
  idField: 'idPlan',
  title: 'Planes',
  singular: 'Plan',
  fields: [
    nombre,
    { name: 'descripcion', label: 'Descripción', type: 'textarea', maxLength: 500 },
    { name: 'valor', label: 'Valor mensual', type: 'decimal', required: true, min: 0 },
    { name: 'duracionMeses', label: 'Duración (meses)', type: 'integer', required: true, min: 1 },
  ],
  searchFields: ['nombre', 'descripcion'],
  defaultSort: 'nombre',
});

export const especialidad = defineCatalog({
  ...common,
  name: 'especialidad',
  table: 'especialidad',
  idField: 'idEspecialidad',
  title: 'Especialidades',
  singular: 'Especialidad',
  fields: [nombre],
  searchFields: ['nombre'],
  defaultSort: 'nombre',
});

export const servicio = defineCatalog({
  ...common,
  name: 'servicio',
  table: 'servicio',
  idField: 'idServicio',
  title: 'Servicios',
  singular: 'Servicio',
  fields: [
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 10 },
    nombre,
  ],
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'nombre',
});

export const tipoelem = defineCatalog({
  ...common,
  name: 'tipoelem',
  table: 'tipo_elem',
  idField: 'idTipoElem',
  title: 'Tipos de Elemento',
  singular: 'Tipo de Elemento',
  fields: [
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 2 },
    nombre,
  ],
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'codigo',
});

export const claselem = defineCatalog({
  ...common,
  name: 'claselem',
  table: 'clas_elem',
  idField: 'idClasElem',
  title: 'Clases de Elemento',
  singular: 'Clase de Elemento',
  fields: [nombre, { name: 'descripcion', label: 'Descripción', type: 'textarea', maxLength: 500 }],
  searchFields: ['nombre', 'descripcion'],
  defaultSort: 'nombre',
});

export const clasdiag = defineCatalog({
  ...common,
  name: 'clasdiag',
  table: 'clas_diag',
  idField: 'idClasDiag',
  title: 'Clasificación de Diagnósticos (CIE-10)',
  singular: 'Clasificación de Diagnóstico',
  fields: [
    { name: 'codigo', label: 'Rango', type: 'text', required: true, upper: true, maxLength: 10 },
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, maxLength: 300 },
    { name: 'nivel', label: 'Nivel (0 capítulo, 1–3 grupo)', type: 'integer', required: true, min: 0 },
    { name: 'padre', label: 'Capítulo padre', type: 'text', upper: true, maxLength: 10 },
  ],
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'codigo',
});

export const tipoexamen = defineCatalog({
  ...common,
  name: 'tipoexamen',
  table: 'tipo_examen',
  idField: 'idTipoExamen',
  title: 'Tipos de Examen',
  singular: 'Tipo de Examen',
  fields: [nombre],
  searchFields: ['nombre'],
  defaultSort: 'nombre',
});

export const mediocom = defineCatalog({
  ...common,
  name: 'mediocom',
  table: 'medio_com',
  idField: 'idMedioCom',
  title: 'Medios de Comunicación',
  singular: 'Medio de Comunicación',
  fields: [nombre],
  searchFields: ['nombre'],
  defaultSort: 'nombre',
});

export const moduplan = defineCatalog({
  ...common,
  name: 'moduplan',
  table: 'modu_plan',
  idField: 'idModuPlan',
  title: 'Módulos por Plan',
  singular: 'Módulo de Plan',
  fields: [
    {
      name: 'idPlan',
      label: 'Plan',
      type: 'select',
      required: true,
      ref: { catalog: 'plan', labelField: 'nombre' },
    },
    {
      name: 'modulo',
      label: 'Módulo',
      type: 'select',
      required: true,
      // Module ids of docs/spec-summary.md 002 §9: 1 Administration, 5 the insurer-side audit area.
      options: [
        { value: '1', label: 'Administración' },
        { value: '5', label: 'Auditoría Médica' },
      ],
    },
    nombre,
  ],
  searchFields: ['nombre', 'idPlan'],
  defaultSort: 'nombre',
});

export const semana = defineCatalog({
  ...common,
  name: 'semana',
  table: 'semana',
  idField: 'idSemana',
  title: 'Semanas',
  singular: 'Semana',
  fields: [
    { name: 'anio', label: 'Año', type: 'integer', required: true, min: 2000, max: 2100 },
    { name: 'numero', label: 'Número', type: 'integer', required: true, min: 1, max: 53 },
    { name: 'fechaDesde', label: 'Fecha desde', type: 'date', required: true },
    { name: 'fechaHasta', label: 'Fecha hasta', type: 'date', required: true },
  ],
  dateRange: ['fechaDesde', 'fechaHasta'],
  searchFields: ['anio', 'numero'],
  defaultSort: '-fechaDesde',
});
