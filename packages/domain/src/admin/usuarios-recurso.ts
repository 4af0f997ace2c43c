import { FLAG_LABELS, PERFIL, USER_FLAGS } from '../auth/profiles.ts';
import { defineCatalog } from '../catalogs/define.ts';
import { type MasterDetailDef, masterDetail, recordScreen } from '../catalogs/master-detail.ts';
import { MSG } from '../messages.ts';
import { optionalId } from './fields.ts';
import { MSG_ADMIN } from './messages.ts';
import { PERSONA_NOMBRES } from './persona.ts';
import { FLAG_GROUPS, usuarioCreateSchema, usuarioUpdateSchema } from './usuario.ts';

/**
 * Users (docs/spec-summary.md 002 "User administration", docs/decisions.md 92) of the companies the
 * administrator manages and, for the subscription's administrator (profile 1), of its subscription in
 * any company. The password is required to create and kept when an update leaves it empty; the 13
 * permission flags start as the chosen profile's (apps/api admin/concesion.ts `usuarioHooks`: the copy,
 * what an administrator may give, the rule on the own user).
 */
export const usuario = defineCatalog({
  name: 'usuario',
  table: 'usuario',
  idField: 'idUsuario',
  title: 'Usuarios',
  singular: 'Usuario',
  area: 'admin',
  section: 'procesos',
  writeFlag: 'moduloAdministracion',
  readFlag: 'moduloAdministracion',
  tenant: 'administradas',
  tenantOr: { field: 'idSuscripcion', session: 'idSuscripcion', profiles: [PERFIL.ADMINISTRADOR] },
  stampNames: false,
  api: { path: '/usuarios', tag: 'administración' },
  detailRoute: 'usuariomd',
  label: '{nombre}',
  schema: usuarioCreateSchema,
  updateSchema: usuarioUpdateSchema,
  fields: [
    {
      name: 'idPerfil',
      label: 'Perfil',
      type: 'select',
      required: true,
      ref: { catalog: 'perfil', labelField: 'nombre', copy: USER_FLAGS },
      refMessage: MSG_ADMIN.perfilNoExiste,
    },
    {
      name: 'idSuscripcion',
      label: 'Suscripción',
      type: 'select',
      required: true,
      nullable: true,
      ref: {
        catalog: 'suscripcion',
        labelField: 'numero',
        labelKey: 'suscripcionNumero',
        orOwn: 'idSuscripcion',
      },
      refMessage: MSG_ADMIN.suscripcionNoPermitida,
      column: false,
    },
    {
      name: 'idPersona',
      label: 'Persona',
      type: 'select',
      ref: {
        catalog: 'persona',
        labelField: PERSONA_NOMBRES,
        sortFields: ['primerApellido'],
      },
      refMessage: MSG_ADMIN.personaNoPermitida,
      schema: optionalId(),
    },
    { name: 'nombre', label: 'Usuario', type: 'email', required: true, maxLength: 160 },
    { name: 'clave', label: 'Contraseña', type: 'password', required: true, maxLength: 200 },
    {
      name: 'idEmpresa',
      label: 'Empresa',
      type: 'select',
      required: true,
      ref: { catalog: 'vwempresa', labelField: 'nombreCorto' },
      form: false,
    },
    { name: 'activo', label: 'Activo', type: 'boolean', required: true, form: false, column: false },
    ...USER_FLAGS.map((f) => ({
      name: f,
      label: FLAG_LABELS[f],
      type: 'boolean' as const,
      column: false,
    })),
  ],
  joined: [
    {
      name: 'personaDocumento',
      label: 'Documento',
      type: 'text',
      via: 'idPersona',
      table: 'persona',
      id: 'id_persona',
      column: 'documento',
      nullable: true,
    },
  ],
  formGroups: {
    title: 'Permisos',
    note: 'Al elegir el perfil se copian sus permisos; puede ajustarlos uno a uno.',
    groups: FLAG_GROUPS.map((g) => ({ title: g.title, fields: g.flags })),
  },
  listColumns: ['nombre', 'idPerfil', 'fechaReg', 'fechaAct', 'personaDocumento', 'idPersona', 'idEmpresa'],
  stampColumns: ['fechaReg', 'fechaAct'],
  searchFields: ['nombre', 'idPerfil', 'personaDocumento', 'idPersona', 'idEmpresa'],
  defaultSort: '-fechaReg',
  createdMessage: MSG_ADMIN.creado('Usuario'),
  unique: { field: 'nombre', message: MSG.correoRegistrado },
});

/** A user's page, and the users of a profile (`/perfil_usuario/{idPerfil}`). */
export const USUARIO_DETAILS: readonly MasterDetailDef[] = [
  recordScreen('usuariomd', 'idUsuario', 'usuario', 'Usuario', {
    headerFields: ['idPerfil', 'idPersona', 'idEmpresa'],
  }),
  masterDetail('perfil_usuario', 'perfil', 'usuario.idPerfil', 'Usuarios', {
    headerFields: ['nombre', 'estado'],
  }),
];
