import { ADMIN_RESOURCES, type Page, personaSchema } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type FieldSpec, specsOf } from '../../components/form/field-spec.ts';
import { api } from '../../lib/api.ts';
import { OPTIONS } from './opciones.ts';

const tercio = { span: 8 } as const;
const nombre = { kind: 'letters', span: 6 } as const;

/**
 * Person form of docs/spec-summary.md 002: the `persona` declaration's fields (every one required;
 * names letters only; digits for documento and teléfono), in the page's order and grid.
 */
export const PERSONA_FIELDS: FieldSpec[] = specsOf(ADMIN_RESOURCES.persona, {
  idTipoIden: tercio,
  documento: tercio,
  idEstadoCivil: tercio,
  primerNombre: nombre,
  segundoNombre: nombre,
  primerApellido: nombre,
  segundoApellido: nombre,
  fechaNac: tercio,
  sexo: { ...tercio, required: true, placeholder: 'Seleccione el género' },
  telefono: tercio,
  idLocalidad: { ...tercio, options: OPTIONS.localidad },
  email: tercio,
  direccion: tercio,
});

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
