import { defineCatalog } from '../catalogs/define.ts';
import { type MasterDetailDef, masterDetail, recordScreen } from '../catalogs/master-detail.ts';
import { MSG_ADMIN } from './messages.ts';
import { medicoSchema, PERSONA_LABELS, PERSONA_NOMBRES, personaSchema, SEXOS } from './persona.ts';

const L = PERSONA_LABELS;
/** A reference to a system catalogue by its name. */
const porNombre = (catalog: string) => ({ catalog, labelField: 'nombre' });
/** One of a person's names: required by the form, the second ones may be empty on saved rows. */
const nombre = (name: (typeof PERSONA_NOMBRES)[number], nullable?: true) =>
  ({ name, label: L[name], type: 'text', required: true, nullable, upper: true, maxLength: 60 }) as const;

/**
 * Persons (docs/spec-summary.md 002 "Person form", docs/decisions.md 97): of the companies the user manages
 * (`administradas`), read with the administration module and written with the option 'Operaciones' too. The
 * rule is the person form's (`personaSchema`; the cédula's check digit needs the database: the feature's
 * hook, apps/api admin/personas.ts, beside the download); a new person is natural ('N').
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
  route: false,
  stampNames: false,
  api: { path: '/personas', tag: 'administración' },
  schema: personaSchema({ idTipoIdenCedula: null }),
  fields: [
    {
      name: 'idTipoIden',
      label: L.idTipoIden,
      type: 'select',
      required: true,
      nullable: true,
      ref: porNombre('tipoiden'),
    },
    { name: 'documento', label: L.documento, type: 'text', required: true, digits: true, maxLength: 10 },
    {
      name: 'idEstadoCivil',
      label: L.idEstadoCivil,
      type: 'select',
      required: true,
      nullable: true,
      ref: porNombre('estadocivil'),
    },
    { name: 'fechaNac', label: L.fechaNac, type: 'date', required: true, nullable: true },
    // Required by the form's rule, with its own message ('Seleccione el género').
    { name: 'sexo', label: L.sexo, type: 'select', options: SEXOS },
    {
      name: 'telefono',
      label: L.telefono,
      type: 'text',
      required: true,
      nullable: true,
      digits: true,
      maxLength: 10,
    },
    nombre('primerNombre'),
    nombre('segundoNombre', true),
    nombre('primerApellido'),
    nombre('segundoApellido', true),
    {
      name: 'idLocalidad',
      label: L.idLocalidad,
      type: 'select',
      required: true,
      nullable: true,
      ref: porNombre('localidad'),
    },
    { name: 'email', label: L.email, type: 'email', required: true, nullable: true, maxLength: 160 },
    {
      name: 'direccion',
      label: L.direccion,
      type: 'text',
      required: true,
      nullable: true,
      upper: true,
      maxLength: 300,
    },
    { name: 'idEmpresa', label: 'Empresa', type: 'integer', required: true, form: false, column: false },
    {
      name: 'tipoPersona',
      label: 'Tipo de persona',
      type: 'text',
      required: true,
      form: false,
      column: false,
    },
    {
      name: 'nombreCompleto',
      label: 'Nombre',
      type: 'text',
      required: true,
      form: false,
      concat: { fields: PERSONA_NOMBRES, sortFields: ['primerApellido', 'segundoApellido', 'primerNombre'] },
    },
  ],
  listColumns: ['documento', 'nombreCompleto', 'email', 'telefono', 'idLocalidad'],
  filters: ['idEmpresa'],
  searchFields: ['documento', 'nombreCompleto', 'email'],
  defaultSort: 'nombreCompleto',
  label: '{nombreCompleto}',
  createdMessage: MSG_ADMIN.personaGuardada,
  updatedMessage: MSG_ADMIN.personaGuardada,
  refMessage: MSG_ADMIN.refNoExiste,
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
        labelField: PERSONA_NOMBRES,
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
  recordScreen('medicoform', 'p_idmedico', 'medico', 'Médico', {
    headerFields: ['idPersona', 'idEspecialidad', 'documento'],
  }),
  masterDetail('persona_medico', 'persona', 'medico.idPersona', 'Médicos de la Persona', {
    headerFields: ['documento', 'nombreCompleto'],
  }),
];
