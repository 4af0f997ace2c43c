import { z } from 'zod';
import { normalizarCie10 } from '../cargas/validate.ts';
import { idSchema } from '../common/ids.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { MSG_PLANILLA } from './messages.ts';
import { ESTADOS_REVISION, TIPOS_REVISION } from './permissions.ts';

/*
 * Request schemas of the attention routes. Query strings come from the URL (filters live there so a
 * reload or a shared link keeps them): empty values mean "no filter", never an error.
 */

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const optId = z.preprocess(empty, idSchema.optional());
const optFecha = z.preprocess(
  empty,
  z.string().refine(isIsoDate, 'Ingrese una fecha válida (AAAA-MM-DD).').optional(),
);
const optTexto = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(max).optional());
/** `1`/`true` on, anything else (or absent) off. */
const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' || v === true ? true : v === undefined || v === '' ? false : v),
  z.union([z.boolean(), z.enum(['0', 'false']).transform(() => false)]),
);
const page = z.coerce.number().int().min(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(10);

export const idTramiteParam = z.preprocess(
  empty,
  z.coerce.number({ error: MSG_PLANILLA.parametroIdTramite }).int().positive(MSG_PLANILLA.parametroIdTramite),
);

export const VISTAS_PLANILLA = ['TODAS', 'PENDIENTES', 'REVISADAS', 'ANULADAS', 'FILTROS'] as const;
export type VistaPlanilla = (typeof VISTAS_PLANILLA)[number];

/** Sort keys of the attentions list; numero (then idPlanilla) follows the procedure's index. */
export const ORDENES_PLANILLA = [
  'numero',
  '-numero',
  'fechaDesde',
  '-fechaDesde',
  'cedula',
  '-cedula',
  'nombre',
  '-nombre',
  'total',
  '-total',
  'idPlanilla',
  '-idPlanilla',
] as const;

/** Filters of the attentions list (GET /planillas and its CSV export). */
export const planillaFiltrosSchema = z.object({
  idTramite: idTramiteParam,
  vista: z.preprocess(empty, z.enum(VISTAS_PLANILLA).default('TODAS')),
  idCarga: optId,
  /** An attention whose date range contains this date. */
  fecha: optFecha,
  nombreMedico: optTexto(200),
  idEspecialidad: optId,
  numero: optTexto(40),
  cedula: optTexto(13),
  nombre: optTexto(200),
  nivel: z.preprocess(empty, z.coerce.number().int().min(1).max(2).optional()),
  estadoAud: z.preprocess(empty, z.enum(ESTADOS_REVISION).optional()),
  estadoDoc: z.preprocess(empty, z.enum(ESTADOS_REVISION).optional()),
  duplicadas: flag,
  sinNumeroExt: flag,
  /** Only attentions without supporting files (the tab 'Atenciones sin documentación'). */
  sinArchivos: flag,
  /** Only these attentions (comma-separated ids), e.g. the rows a control flagged. */
  ids: z.preprocess(
    empty,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, 'Lista de identificadores no válida.')
      .transform((v) => v.split(',').slice(0, 1000).map(Number))
      .optional(),
  ),
  /** Only the attentions that control 1–5 flags. */
  control: z.preprocess(empty, z.coerce.number().int().min(1).max(5).optional()),
});
export type PlanillaFiltros = z.infer<typeof planillaFiltrosSchema>;

export const planillaListQuerySchema = planillaFiltrosSchema.extend({
  page,
  pageSize,
  sort: z.preprocess(empty, z.enum(ORDENES_PLANILLA).default('numero')),
});
export type PlanillaListQuery = z.infer<typeof planillaListQuerySchema>;

const diagOpcional = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : normalizarCie10(v)) : v),
  z
    .string()
    .regex(/^[A-Z][0-9][0-9A-Z]{1,3}$/, MSG_PLANILLA.diagnosticoNoEncontrado)
    .nullable()
    .optional(),
);
const diagRequerido = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizarCie10(v) : v),
    z
      .string({ error: MSG.campoRequerido(label) })
      .min(1, MSG.campoRequerido(label))
      .regex(/^[A-Z][0-9][0-9A-Z]{1,3}$/, MSG_PLANILLA.diagnosticoNoEncontrado),
  );
const control = z.union([z.literal(0), z.literal(1)]).optional();
const hora = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Ingrese una hora válida (HH:mm).')
  .nullable()
  .optional();
const fecha = (label: string) =>
  z
    .string({ error: MSG.campoRequerido(label) })
    .min(1, MSG.campoRequerido(label))
    .refine(isIsoDate, `${label} debe ser una fecha válida.`);

/**
 * Saving a record (docs/spec-summary.md 000 §5): cédula, nombre, diag1, diag2, fechaDesde, fechaHasta required;
 * codes are normalised as the catalogue stores them (upper case, no dot, `A09X` = `A09`).
 * Optional fields left out stay as they are; null clears them.
 */
export const planillaUpdateSchema = z
  .object({
    version: z.number({ error: MSG.campoRequerido('versión') }).int(),
    cedula: z
      .string({ error: MSG.campoRequerido('Cédula') })
      .trim()
      .regex(/^\d{10}(\d{3})?$/, 'La cédula debe tener 10 dígitos.'),
    nombre: z
      .string({ error: MSG.campoRequerido('Nombre') })
      .trim()
      .min(1, MSG.campoRequerido('Nombre'))
      .max(200)
      .transform((v) => v.toUpperCase()),
    diag1: diagRequerido('Diagnóstico 1'),
    diag2: diagRequerido('Diagnóstico 2'),
    diag3: diagOpcional,
    diag4: diagOpcional,
    diag5: diagOpcional,
    controlDiag1: control,
    controlDiag2: control,
    controlDiag3: control,
    controlDiag4: control,
    controlDiag5: control,
    codigoVal: z
      .string()
      .trim()
      .max(40)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    fechaDesde: fecha('Fecha desde'),
    fechaHasta: fecha('Fecha hasta'),
    horaDesde: hora,
    horaHasta: hora,
  })
  .refine((v) => v.fechaDesde <= v.fechaHasta, {
    path: ['fechaHasta'],
    message: MSG_PLANILLA.fechasInvertidas,
  });
export type PlanillaUpdate = z.infer<typeof planillaUpdateSchema>;

export const tipoRevisionSchema = z.enum(TIPOS_REVISION, { error: MSG_PLANILLA.tipoRevisionRequerido });

/** Registering or resetting a review: the version the user saw (stale → 409). */
export const revisionBodySchema = z.object({
  tipo: tipoRevisionSchema,
  version: z.number({ error: MSG.campoRequerido('versión') }).int(),
});
/** Finalizing or reopening: version optional (supervisors act on lists). */
export const revisionCierreBodySchema = z.object({
  tipo: tipoRevisionSchema,
  version: z.number().int().optional(),
});

/** Pending attentions of a procedure (and load) for the user's review: the count. */
export const pendientesQuerySchema = z.object({
  idTramite: idTramiteParam,
  idCarga: optId,
  tipo: tipoRevisionSchema.optional(),
});

export const siguientePendienteQuerySchema = pendientesQuerySchema.extend({
  /** The current record: the next (or previous) pending one after it, in list order. */
  despuesDe: optId,
  anterior: flag,
});

export const nivelBodySchema = z.object({
  nivel: z.union([z.literal(1), z.literal(2)], { error: 'El nivel debe ser 1 o 2.' }),
  version: z.number().int().optional(),
});

export const asignacionBodySchema = z
  .object({
    tipo: tipoRevisionSchema,
    idUsuario: z.number().int().positive().optional(),
    idUsuarios: z.array(z.number().int().positive()).max(200).optional(),
    idPlanillas: z.array(z.number().int().positive()).max(10_000).optional(),
    idCarga: z.number().int().positive().optional(),
    repartir: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.repartir) {
      if (!v.idUsuarios?.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['idUsuarios'],
          message: MSG_PLANILLA.asignacionRepartirSinUsuarios,
        });
      }
      if (!v.idCarga)
        ctx.addIssue({ code: 'custom', path: ['idCarga'], message: MSG_PLANILLA.seleccioneCarga });
      return;
    }
    if (!v.idUsuario)
      ctx.addIssue({ code: 'custom', path: ['idUsuario'], message: MSG.campoRequerido('Usuario') });
    if (!v.idPlanillas?.length && !v.idCarga) {
      ctx.addIssue({ code: 'custom', path: ['idPlanillas'], message: MSG_PLANILLA.asignacionSinSeleccion });
    }
  });
export type AsignacionBody = z.infer<typeof asignacionBodySchema>;

export const asignacionQuerySchema = z.object({ tipo: tipoRevisionSchema });

export const TIPOS_BUSQUEDA = ['codigos', 'nombres', 'diagnosticos', 'total'] as const;
export const buscarQuerySchema = z
  .object({
    idTramite: idTramiteParam,
    tipo: z.preprocess(empty, z.enum(TIPOS_BUSQUEDA).optional()),
    valor: optTexto(200),
    desde: z.preprocess(empty, z.coerce.number().min(0).optional()),
    hasta: z.preprocess(empty, z.coerce.number().min(0).optional()),
    soloPendientes: flag,
    page,
    pageSize,
  })
  .refine((v) => v.desde === undefined || v.hasta === undefined || v.desde <= v.hasta, {
    path: ['hasta'],
    message: 'El valor desde debe ser menor o igual al valor hasta.',
  });

export const diagnosticoQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: MSG_PLANILLA.diagnosticoConsultaVacia })
      .min(1, MSG_PLANILLA.diagnosticoConsultaVacia)
      .max(100),
  ),
  page,
});

export const plantillaBodySchema = z.object({
  idPlantilla: z
    .number({ error: MSG_PLANILLA.seleccionePlantilla })
    .int()
    .positive(MSG_PLANILLA.seleccionePlantilla),
  version: z.number().int().optional(),
});
export const versionBodySchema = z.object({ version: z.number().int().optional() }).nullish();

export const controlQuerySchema = z.object({ idCarga: optId, page, pageSize });
export const pageQuerySchema = z.object({ page, pageSize });

/** A CIE-10 code as typed by a user (`J18.1`, `j181`, `A09X`), rather than words of a description. */
export const pareceCodigoCie10 = (q: string) => /^[A-Za-z]\d{1,2}(\.?[0-9Xx]{0,2})?$/.test(q.trim());
