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
  /** A platform operator: writes the system-wide catalogues (issue 11; set only by seed or SQL). */
  plataforma: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Profile 1 (the subscription administrator) turns on processes, parameters, administration, reports
 * and help. Decided by the profile's id, never by its name: names are data (issue 11 item 1).
 */
export function effectiveFlags(idPerfil: number, flags: Flags): Flags {
  if (idPerfil !== PERFIL.ADMINISTRADOR) return flags;
  return {
    ...flags,
    menuProcesos: true,
    menuParametros: true,
    moduloAdministracion: true,
    menuReportes: true,
    menuAyuda: true,
  };
}

/**
 * The kind of a company: the insurer side (a subscriber company, `empresa.suscriptor`) or a provider
 * working under it. It decides which profiles the company's users may hold.
 */
export type TipoEmpresa = 'aseguradora' | 'prestador';
export const tipoEmpresa = (e: { suscriptor: boolean }): TipoEmpresa =>
  e.suscriptor ? 'aseguradora' : 'prestador';

/**
 * Profiles a company of each kind may hold (issue 11 item 2): the administrator and the insurer's
 * staff only in the insurer's company, providers only in a provider's. A profile in neither list
 * (one added to the catalogue later) cannot be given through the API.
 */
export const PERFILES_POR_TIPO_EMPRESA: Record<TipoEmpresa, readonly number[]> = {
  aseguradora: [
    PERFIL.ADMINISTRADOR,
    PERFIL.REVISOR,
    PERFIL.SUPERVISOR_AM,
    PERFIL.AUDITOR_AM,
    PERFIL.SUPERVISOR_GD,
    PERFIL.GESTOR_GD,
  ],
  prestador: [PERFIL.PRESTADOR],
};

/**
 * Rank of a profile for granting: nobody gives a profile ranked above their own. The administrator
 * (3) may give any profile its company may hold; the super-reviewer (2) the supervisors and
 * operatives; a supervisor (1) the supervisors and operatives; operatives and providers (0) their
 * own level only. Unknown profiles rank above everybody.
 */
export const RANGO_PERFIL: Readonly<Record<number, number>> = {
  [PERFIL.ADMINISTRADOR]: 3,
  [PERFIL.REVISOR]: 2,
  [PERFIL.SUPERVISOR_AM]: 1,
  [PERFIL.SUPERVISOR_GD]: 1,
  [PERFIL.AUDITOR_AM]: 0,
  [PERFIL.GESTOR_GD]: 0,
  [PERFIL.PRESTADOR]: 0,
};
export const rangoPerfil = (idPerfil: number): number => RANGO_PERFIL[idPerfil] ?? Number.POSITIVE_INFINITY;

/** Why a user may not give `idPerfil` to a user of a company of kind `tipo`; null when allowed. */
export function perfilNoConcedible(
  quien: { idPerfil: number },
  tipo: TipoEmpresa,
  idPerfil: number,
): 'tipoEmpresa' | 'rango' | null {
  if (!PERFILES_POR_TIPO_EMPRESA[tipo].includes(idPerfil)) return 'tipoEmpresa';
  if (rangoPerfil(idPerfil) > rangoPerfil(quien.idPerfil)) return 'rango';
  return null;
}

/**
 * The flags a user would turn on for another without having them: a flag may be on only when the
 * granting user has it or one of `permitidos` (the chosen profile's defaults, the user's current
 * flags) already has it on.
 */
export function flagsNoConcedibles(
  quien: Flags,
  resultado: Flags,
  permitidos: readonly Partial<Flags>[],
): UserFlag[] {
  return USER_FLAGS.filter((f) => resultado[f] && !quien[f] && !permitidos.some((p) => p[f]));
}

export const isSupervisor = (idPerfil: number) =>
  idPerfil === PERFIL.SUPERVISOR_AM || idPerfil === PERFIL.SUPERVISOR_GD;
export const isInsurerStaff = (idPerfil: number) => idPerfil >= 16 && idPerfil <= 20;
