import { z } from 'zod';

export const PERFIL = {
  ADMINISTRADOR: 1,
  PRESTADOR: 15,
  REVISOR: 16,
  SUPERVISOR_AM: 17,
  AUDITOR_AM: 18,
  SUPERVISOR_GD: 19,
  GESTOR_GD: 20,
} as const;
export type IdPerfil = (typeof PERFIL)[keyof typeof PERFIL];

export const MODULE_FLAGS = [
  'moduloAdministracion',
  'moduloAtencion',
  'moduloAuditoria',
  'moduloFacturacion',
  'moduloDashboards',
] as const;
export const MENU_FLAGS = ['menuParametros', 'menuProcesos', 'menuReportes', 'menuAyuda'] as const;
export const OPTION_FLAGS = ['opcionConsulta', 'opcionOperaciones', 'opcionDescarga', 'opcionMenu'] as const;
export const USER_FLAGS = [...MODULE_FLAGS, ...MENU_FLAGS, ...OPTION_FLAGS] as const;
export type UserFlag = (typeof USER_FLAGS)[number];
export type Flags = Record<UserFlag, boolean>;

export const FLAG_LABELS: Record<UserFlag, string> = {
  moduloAdministracion: 'Módulo Administración',
  moduloAtencion: 'Módulo Atención',
  moduloAuditoria: 'Módulo Auditoría',
  moduloFacturacion: 'Módulo Facturación',
  moduloDashboards: 'Módulo Dashboards',
  menuParametros: 'Menú Parámetros',
  menuProcesos: 'Menú Procesos',
  menuReportes: 'Menú Reportes',
  menuAyuda: 'Menú Ayuda',
  opcionConsulta: 'Opción Consulta',
  opcionOperaciones: 'Opción Operaciones',
  opcionDescarga: 'Opción Descarga',
  opcionMenu: 'Opción Menú',
};

export const flagsSchema = z.object(
  Object.fromEntries(USER_FLAGS.map((f) => [f, z.boolean()])) as Record<UserFlag, z.ZodBoolean>,
);

/** What the session knows about the user; comes from the token, never from the client. */
export const sessionUserSchema = flagsSchema.extend({
  idUsuario: z.number().int(),
  nombre: z.string(),
  idPerfil: z.number().int(),
  perfilNombre: z.string(),
  idEmpresa: z.number().int(),
  nombreEmpresa: z.string(),
  idSuscripcion: z.number().int().nullable(),
  idPersona: z.number().int().nullable(),
  idMedico: z.number().int().nullable(),
  personaNombre: z.string().nullable(),
  totpActivo: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The role name ADMINISTRADOR turns on processes, parameters, administration, reports and help. */
export function effectiveFlags(perfilNombre: string, flags: Flags): Flags {
  if (perfilNombre.toUpperCase() !== 'ADMINISTRADOR') return flags;
  return {
    ...flags,
    menuProcesos: true,
    menuParametros: true,
    moduloAdministracion: true,
    menuReportes: true,
    menuAyuda: true,
  };
}

export const isSupervisor = (idPerfil: number) =>
  idPerfil === PERFIL.SUPERVISOR_AM || idPerfil === PERFIL.SUPERVISOR_GD;
export const isInsurerStaff = (idPerfil: number) => idPerfil >= 16 && idPerfil <= 20;
