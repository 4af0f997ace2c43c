import { ADMIN_RESOURCES, PERSONA_LABELS as L, medicoSchema, type Page, personaSchema } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type FieldSpec, specsOf } from '../../components/form/field-spec.ts';
import { api } from '../../lib/api.ts';
import { OPTIONS } from './opciones.ts';

/** Person form of docs/spec-summary.md 002 (every field required; names letters only; digits for documento and teléfono). */
export const PERSONA_FIELDS: FieldSpec[] = [
  {
    name: 'idTipoIden',
    label: L.idTipoIden,
    kind: 'select',
    required: true,
    options: OPTIONS.tipoIden,
    currentLabelField: 'tipoIdenNombre',
    span: 8,
  },
  { name: 'documento', label: L.documento, kind: 'digits', required: true, maxLength: 10, span: 8 },
  {
    name: 'idEstadoCivil',
    label: L.idEstadoCivil,
    kind: 'select',
    required: true,
    options: OPTIONS.estadoCivil,
    currentLabelField: 'estadoCivilNombre',
    span: 8,
  },
  { name: 'primerNombre', label: L.primerNombre, kind: 'letters', required: true, maxLength: 60, span: 6 },
  { name: 'segundoNombre', label: L.segundoNombre, kind: 'letters', required: true, maxLength: 60, span: 6 },
  {
    name: 'primerApellido',
    label: L.primerApellido,
    kind: 'letters',
    required: true,
    maxLength: 60,
    span: 6,
  },
  {
    name: 'segundoApellido',
    label: L.segundoApellido,
    kind: 'letters',
    required: true,
    maxLength: 60,
    span: 6,
  },
  { name: 'fechaNac', label: L.fechaNac, kind: 'date', required: true, span: 8 },
  {
    name: 'sexo',
    label: L.sexo,
    kind: 'select',
    required: true,
    options: OPTIONS.sexo,
    placeholder: 'Seleccione el género',
    span: 8,
  },
  { name: 'telefono', label: L.telefono, kind: 'digits', required: true, maxLength: 10, span: 8 },
  {
    name: 'idLocalidad',
    label: L.idLocalidad,
    kind: 'select',
    required: true,
    options: OPTIONS.localidad,
    currentLabelField: 'localidadNombre',
    span: 8,
  },
  { name: 'email', label: L.email, kind: 'email', required: true, maxLength: 160, span: 8 },
  { name: 'direccion', label: L.direccion, kind: 'upper', required: true, maxLength: 300, span: 8 },
];

/** The person schema with this database's cédula type (tipo_iden codigo 'C'), as the API builds it. */
export function usePersonaSchema() {
  const tipos = useQuery({
    queryKey: ['catalogo', 'tipoiden', 'todos'],
    queryFn: ({ signal }) =>
      api<Page<{ idTipoIden: number; codigo: string }>>('/catalogos/tipoiden', {
        query: { pageSize: 100 },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
  const id = tipos.data?.items.find((t) => t.codigo === 'C')?.idTipoIden ?? null;
  return useMemo(() => personaSchema({ idTipoIdenCedula: id }), [id]);
}

/** The doctor step of the wizard: the `medico` declaration's fields, the person fixed. */
export const MEDICO_FIELDS: FieldSpec[] = specsOf(ADMIN_RESOURCES.medico, {
  idPersona: { disabled: true, span: 24 },
  idEspecialidad: { span: 12 },
  documento: { span: 12 },
});

export { medicoSchema };
