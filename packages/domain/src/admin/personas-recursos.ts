import { defineCatalog } from '../catalogs/define.ts';
import type { MasterDetailDef } from '../catalogs/master-detail.ts';
import { MSG_ADMIN } from './messages.ts';
import { medicoSchema } from './persona.ts';

/**
 * Persons as other resources see them (docs/decisions.md 88): the companies the user manages
 * (`administradas`), a person's names, its document. Its routes stay hand-written
 * (apps/api admin/personas.ts: the cédula rule, the download, the wizard); this declaration is what a
 * doctor's tenant, label and select and the header of `/persona_medico` read.
 */
export const persona = defineCatalog({
  name: 'persona',
  table: 'persona',
  idField: 'idPersona',
  title: 'Personas',
  singular: 'Persona',
  area: 'admin',
  section: 'procesos',
  writeFlag: 'opcionOperaciones',
  readFlag: 'moduloAdministracion',
  tenant: 'administradas',
  readOnly: true,
  route: false,
  api: { path: '/personas', tag: 'administración', handWritten: true },
  fields: [
    { name: 'documento', label: 'Documento', type: 'text' },
    { name: 'nombreCompleto', label: 'Nombre', type: 'text' },
    { name: 'fechaNac', label: 'Fecha de nacimiento', type: 'date' },
    { name: 'email', label: 'Correo electrónico', type: 'email' },
  ],
  searchFields: ['documento', 'nombreCompleto'],
  defaultSort: 'nombreCompleto',
  label: '{nombreCompleto}',
});

/**
 * A person's registrations as a doctor, one per specialty (docs/spec-summary.md 002 "Doctor form",
 * "Doctors list for a person"): visible where its person is; read with the administration module, written
 * with the option 'Operaciones' too.
 */
export const medico = defineCatalog({
  name: 'medico',
  table: 'medico',
  idField: 'idMedico',
  title: 'Médicos',
  singular: 'Médico',
  area: 'admin',
  section: 'procesos',
  writeFlag: 'opcionOperaciones',
  readFlag: 'moduloAdministracion',
  stampNames: false,
  tenant: { through: 'idPersona' },
  api: { path: '/medicos', tag: 'administración' },
  detailRoute: 'medicoform',
  label: 'Médico {personaNombre}',
  schema: medicoSchema,
  fields: [
    {
      name: 'idPersona',
      label: 'Persona',
      type: 'select',
      required: true,
      ref: {
        catalog: 'persona',
        labelField: ['primerNombre', 'segundoNombre', 'primerApellido', 'segundoApellido'],
        sortFields: ['primerApellido', 'segundoApellido', 'primerNombre'],
      },
      refMessage: MSG_ADMIN.personaNoPermitida,
    },
    {
      name: 'idEspecialidad',
      label: 'Especialidad',
      type: 'select',
      required: true,
      nullable: true,
      ref: { catalog: 'especialidad', labelField: 'nombre' },
    },
    { name: 'documento', label: 'Documento', type: 'text', required: true, upper: true, maxLength: 20 },
  ],
  joined: [
    {
      name: 'personaDocumento',
      label: 'Cédula',
      type: 'text',
      via: 'idPersona',
      table: 'persona',
      id: 'id_persona',
      column: 'documento',
    },
  ],
  listColumns: ['idPersona', 'personaDocumento', 'idEspecialidad', 'documento'],
  searchFields: ['documento', 'personaDocumento', 'idPersona', 'idEspecialidad'],
  defaultSort: 'personaNombre',
  createdMessage: MSG_ADMIN.medicoCreado,
  refMessage: MSG_ADMIN.refNoExiste,
});

/** The doctors' record screens: one doctor, and the doctors of one person. */
export const MEDICO_DETAILS: readonly MasterDetailDef[] = [
  {
    route: 'medicoform',
    param: 'p_idmedico',
    master: 'medico',
    title: 'Médico',
    heading: 'record',
    editable: true,
    headerFields: ['idPersona', 'idEspecialidad', 'documento'],
  },
  {
    route: 'persona_medico',
    param: 'p_idpersona',
    master: 'persona',
    detail: { catalog: 'medico', field: 'idPersona' },
    title: 'Médicos de la Persona',
    headerFields: ['documento', 'nombreCompleto'],
  },
];
