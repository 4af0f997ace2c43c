import { elementoObligatorio } from './campos.ts';
import { defineCatalog } from './define.ts';

/**
 * Shared clinical catalogues (every company reads them): elements, CIE-10, exams. System-wide: only
 * a platform operator writes them.
 */
const common = {
  area: 'admin',
  section: 'parametros',
  writeFlag: 'menuParametros',
  tenant: 'sistema',
} as const;

export const elemento = defineCatalog({
  ...common,
  name: 'elemento',
  table: 'elemento',
  idField: 'idElemento',
  title: 'Elementos',
  singular: 'Elemento',
  fields: [
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 30 },
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 400 },
    {
      name: 'idClasElem',
      label: 'Clase de elemento',
      type: 'select',
      required: true,
      ref: { catalog: 'claselem', labelField: 'nombre' },
    },
    {
      name: 'idTipoElem',
      label: 'Tipo de elemento',
      type: 'select',
      required: true,
      ref: { catalog: 'tipoelem', labelField: 'nombre' },
    },
    { name: 'valor', label: 'Valor', type: 'decimal', min: 0 },
  ],
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'codigo',
});

/**
 * CIE-10 in Spanish (14,212 codes). `codigo` is stored without the dot and the `X` padding, so
 * `J18.1`, `J181` and `j18.1` find J181 and `A09X` finds A09; words of the description are found
 * regardless of accents and case (`neumonia lobar` → J18.1).
 */
export const diagnostico = defineCatalog({
  ...common,
  name: 'diagnostico',
  table: 'diagnostico',
  idField: 'idDiagnostico',
  title: 'Diagnósticos (CIE-10)',
  singular: 'Diagnóstico',
  fields: [
    { name: 'codigo', label: 'Código', type: 'text', required: true, code: true, maxLength: 10 },
    {
      name: 'codigoPunto',
      label: 'Código con punto',
      type: 'text',
      required: true,
      upper: true,
      maxLength: 10,
    },
    { name: 'nombre', label: 'Descripción', type: 'textarea', required: true, maxLength: 500 },
    { name: 'capitulo', label: 'Capítulo', type: 'text', upper: true, maxLength: 10 },
    { name: 'grupo', label: 'Grupo', type: 'text', upper: true, maxLength: 10 },
    {
      name: 'idClasDiag',
      label: 'Clasificación',
      type: 'select',
      ref: { catalog: 'clasdiag', labelField: ['codigo', 'nombre'] },
    },
  ],
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'codigo',
});

export const examen = defineCatalog({
  ...common,
  name: 'examen',
  table: 'examen',
  idField: 'idExamen',
  title: 'Exámenes',
  singular: 'Examen',
  fields: [
    {
      name: 'idTipoExamen',
      label: 'Tipo de examen',
      type: 'select',
      required: true,
      ref: { catalog: 'tipoexamen', labelField: 'nombre' },
    },
    { name: 'codigo', label: 'Código', type: 'text', required: true, upper: true, maxLength: 30 },
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 300 },
  ],
  searchFields: ['codigo', 'nombre'],
  defaultSort: 'nombre',
});

export const elemexam = defineCatalog({
  ...common,
  name: 'elemexam',
  table: 'elem_exam',
  idField: 'idElemExam',
  title: 'Exámenes por Elemento',
  singular: 'Examen de Elemento',
  fields: [
    elementoObligatorio,
    {
      name: 'idExamen',
      label: 'Examen',
      type: 'select',
      required: true,
      ref: { catalog: 'examen', labelField: ['codigo', 'nombre'] },
    },
  ],
  searchFields: ['idElemento', 'idExamen'],
  defaultSort: 'idElemExam',
});
