import { descripcionObligatoria, elementoObligatorio } from './campos.ts';
import { defineCatalog } from './define.ts';

/**
 * The insurer's own audit catalogues (Auditoría Médica › Parámetros): standard observations and
 * answers and line-item templates. Each company keeps its own; supervisors (17, 19) manage them.
 */
const common = { area: 'auditoria', section: 'parametros', writeFlag: 'menuParametros' } as const;

/** Observation types of docs/spec-summary.md 001 §3: M medical audit, D documental, C common. */
export const TIPOS_OBSERVACION = [
  { value: 'M', label: 'Auditoría Médica' },
  { value: 'D', label: 'Documental' },
  { value: 'C', label: 'Común' },
] as const;

export const observacion = defineCatalog({
  ...common,
  name: 'observacion',
  table: 'observacion',
  idField: 'idObservacion',
  title: 'Observaciones Estándar',
  singular: 'Observación Estándar',
  fields: [
    { name: 'tipo', label: 'Tipo', type: 'select', required: true, options: TIPOS_OBSERVACION },
    descripcionObligatoria,
  ],
  tenant: 'empresa',
  searchFields: ['descripcion'],
  defaultSort: 'descripcion',
});

export const respuesta = defineCatalog({
  ...common,
  name: 'respuesta',
  table: 'respuesta',
  idField: 'idRespuesta',
  title: 'Respuestas Estándar',
  singular: 'Respuesta Estándar',
  fields: [descripcionObligatoria],
  tenant: 'empresa',
  searchFields: ['descripcion'],
  defaultSort: 'descripcion',
});

export const plantilla = defineCatalog({
  ...common,
  name: 'plantilla',
  table: 'plantilla',
  idField: 'idPlantilla',
  title: 'Plantillas',
  singular: 'Plantilla',
  fields: [
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 200 },
    { name: 'descripcion', label: 'Descripción', type: 'textarea', upper: true, maxLength: 500 },
  ],
  tenant: 'empresa',
  searchFields: ['nombre', 'descripcion'],
  defaultSort: 'nombre',
});

/** The elements a template adds to an attention (detail of plantilla_plantilladet). */
export const plantilladet = defineCatalog({
  ...common,
  route: false,
  name: 'plantilladet',
  table: 'plantilla_det',
  idField: 'idPlantillaDet',
  title: 'Elementos de Plantilla',
  singular: 'Elemento de Plantilla',
  fields: [
    {
      name: 'idPlantilla',
      label: 'Plantilla',
      type: 'select',
      required: true,
      ref: { catalog: 'plantilla', labelField: 'nombre' },
    },
    elementoObligatorio,
    { name: 'cantidad', label: 'Cantidad', type: 'integer', required: true, min: 1 },
  ],
  tenant: { through: 'idPlantilla' },
  searchFields: ['idElemento'],
  defaultSort: 'idPlantillaDet',
});
