import { defineCatalog } from './define.ts';

/**
 * A company's own settings (docs/spec-summary.md 002 master-detail empresa_horario and empresa_paremp): opening hours
 * and name/value parameters. Reached from the company, never listed on their own; a row belongs to
 * the tenant of its company (the user's company or one it administers).
 */
const common = {
  area: 'admin',
  section: 'parametros',
  writeFlag: 'moduloAdministracion',
  readFlag: 'moduloAdministracion',
  readScope: 'propia',
  route: false,
} as const;

const empresa = {
  name: 'idEmpresa',
  label: 'Empresa',
  type: 'select',
  required: true,
  ref: { catalog: 'vwempresa', labelField: 'nombreCorto' },
} as const;

export const horario = defineCatalog({
  ...common,
  name: 'horario',
  table: 'horario',
  idField: 'idHorario',
  title: 'Horario de Atención',
  singular: 'Horario',
  fields: [
    empresa,
    {
      name: 'diaSemana',
      label: 'Día (1 lunes … 7 domingo)',
      type: 'integer',
      required: true,
      min: 1,
      max: 7,
    },
    { name: 'horaDesde', label: 'Hora desde', type: 'text', required: true, maxLength: 5, hora: true },
    { name: 'horaHasta', label: 'Hora hasta', type: 'text', required: true, maxLength: 5, hora: true },
  ],
  tenant: { through: 'idEmpresa' },
  searchFields: ['diaSemana'],
  defaultSort: 'diaSemana',
});

export const paremp = defineCatalog({
  ...common,
  name: 'paremp',
  table: 'par_emp',
  idField: 'idParEmp',
  title: 'Parámetros de la Empresa',
  singular: 'Parámetro',
  fields: [
    empresa,
    { name: 'nombre', label: 'Nombre', type: 'text', required: true, upper: true, maxLength: 80 },
    { name: 'valor', label: 'Valor', type: 'text', required: true, maxLength: 500 },
  ],
  tenant: { through: 'idEmpresa' },
  searchFields: ['nombre', 'valor'],
  defaultSort: 'nombre',
});
