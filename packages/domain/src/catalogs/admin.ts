import { FLAG_LABELS, USER_FLAGS } from '../auth/profiles.ts';
import { defineCatalog } from './define.ts';

/**
 * Profiles (docs/spec-summary.md 002 §3 "Perfil"): name, state and the 13 module/menu/option flags that a new user
 * of the profile starts with. System-wide: only a platform operator changes them (issue 11).
 */
export const perfil = defineCatalog({
  name: 'perfil',
  table: 'perfil',
  idField: 'idPerfil',
  title: 'Perfiles',
  singular: 'Perfil',
  area: 'admin',
  section: 'parametros',
  writeFlag: 'moduloAdministracion',
  // Profiles decide what every user may do: one set for all tenants, changed by the platform only.
  tenant: 'sistema',
  fields: [
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 80 },
    {
      name: 'estado',
      label: 'Estado',
      type: 'select',
      required: true,
      options: [
        { value: '1', label: 'Activo' },
        { value: '0', label: 'Inactivo' },
      ],
    },
    ...USER_FLAGS.map((f) => ({
      name: f,
      label: FLAG_LABELS[f],
      type: 'boolean' as const,
      required: true,
      column: f === 'moduloAdministracion' || f === 'moduloAuditoria',
    })),
  ],
  searchFields: ['nombre'],
  defaultSort: 'nombre',
});
