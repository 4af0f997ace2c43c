import { describe, expect, it } from 'vitest';
import { MSG_PLANILLA } from './messages.ts';
import {
  canAssign,
  canAssignAM,
  canAssignGD,
  canDeletePlanilla,
  canEditPlanilla,
  canFinalizeReview,
  canProcessAM,
  canProcessGD,
  canSeeAll,
  canSeePlanilla,
  diaFinDeSemana,
  pendingColumn,
  permisosPlanilla,
  reviewType,
  showsEstadoAud,
  showsEstadoDoc,
  visibilityColumn,
} from './permissions.ts';
import {
  asignacionBodySchema,
  buscarQuerySchema,
  diagnosticoQuerySchema,
  pareceCodigoCie10,
  planillaListQuerySchema,
  planillaUpdateSchema,
} from './schemas.ts';

const u = (idPerfil: number, idUsuario = 7) => ({ idPerfil, idUsuario });
const tr = (estadoTramite = 'EN PROCESO', tipoAsignacion = 'U') => ({ estadoTramite, tipoAsignacion });
const pla = (idUsuarioMed: number | null = null, idUsuarioDoc: number | null = null) => ({
  idUsuarioMed,
  idUsuarioDoc,
});

describe('visibility (docs/spec-summary.md 000 §6)', () => {
  it('16, 17, 19 or tipoAsignacion T see all; 18 and 20 only their own under U', () => {
    for (const p of [16, 17, 19]) expect(canSeeAll(u(p), tr())).toBe(true);
    for (const p of [18, 20]) {
      expect(canSeeAll(u(p), tr())).toBe(false);
      expect(canSeeAll(u(p), tr('EN PROCESO', 'T'))).toBe(true);
    }
    expect(visibilityColumn(u(18), tr())).toBe('idUsuarioMed');
    expect(visibilityColumn(u(20), tr())).toBe('idUsuarioDoc');
    expect(visibilityColumn(u(20), tr('EN PROCESO', 'T'))).toBeNull();
    expect(visibilityColumn(u(15), tr())).toBeNull();
    expect(canSeePlanilla(u(18, 7), tr(), pla(7))).toBe(true);
    expect(canSeePlanilla(u(18, 7), tr(), pla(8))).toBe(false);
    expect(canSeePlanilla(u(20, 7), tr(), pla(7, null))).toBe(false);
    expect(canSeePlanilla(u(20, 7), tr(), pla(null, 7))).toBe(true);
  });
});

describe('processing and review', () => {
  it('AM: 17, or 18 when the record is assigned to it; GD: 19, or 20 when assigned', () => {
    expect(canProcessAM(u(17), pla())).toBe(true);
    expect(canProcessAM(u(18, 7), pla(7))).toBe(true);
    expect(canProcessAM(u(18, 7), pla(8))).toBe(false);
    expect(canProcessAM(u(16), pla())).toBe(false);
    expect(canProcessAM(u(19), pla())).toBe(false);
    expect(canProcessGD(u(19), pla())).toBe(true);
    expect(canProcessGD(u(20, 7), pla(null, 7))).toBe(true);
    expect(canProcessGD(u(20, 7), pla(7, null))).toBe(false);
    expect(canProcessGD(u(17), pla())).toBe(false);
  });
  it('saving needs AM or GD processing and a working state', () => {
    expect(canEditPlanilla(u(17), tr('RECIBIDO'), pla())).toBe(true);
    expect(canEditPlanilla(u(17), tr('PLANILLAJE'), pla())).toBe(true);
    expect(canEditPlanilla(u(17), tr('FINALIZADO'), pla())).toBe(false);
    expect(canEditPlanilla(u(17), tr('OBSERVACIONES'), pla())).toBe(false);
    expect(canEditPlanilla(u(16), tr(), pla())).toBe(false);
    expect(canEditPlanilla(u(15), tr(), pla())).toBe(false);
  });
  it('reviewType: 17/18 M, 19/20 D, others none', () => {
    expect(reviewType(17)).toBe('M');
    expect(reviewType(18)).toBe('M');
    expect(reviewType(19)).toBe('D');
    expect(reviewType(20)).toBe('D');
    for (const p of [1, 15, 16]) expect(reviewType(p)).toBeNull();
    expect(MSG_PLANILLA.perfilNoAutorizado).toBe('Perfil no autorizado para esta acción');
  });
  it('finalizing a review: the supervisor of that type', () => {
    expect(canFinalizeReview(17, 'M')).toBe(true);
    expect(canFinalizeReview(17, 'D')).toBe(false);
    expect(canFinalizeReview(19, 'D')).toBe(true);
    expect(canFinalizeReview(18, 'M')).toBe(false);
    expect(canFinalizeReview(16, 'M')).toBe(false);
  });
  it('pending lists: estadoAud for 17/18, estadoDoc for 19/20, either for 16', () => {
    expect(pendingColumn(17)).toBe('estadoAud');
    expect(pendingColumn(18)).toBe('estadoAud');
    expect(pendingColumn(19)).toBe('estadoDoc');
    expect(pendingColumn(20)).toBe('estadoDoc');
    expect(pendingColumn(16)).toBe('ambos');
  });
});

describe('assignment, deletion, columns', () => {
  it('AM by 16/17, GD by 16/19, only in RECIBIDO, EN PROCESO, PLANILLAJE', () => {
    for (const e of ['RECIBIDO', 'EN PROCESO', 'PLANILLAJE']) {
      expect(canAssignAM(u(16), tr(e))).toBe(true);
      expect(canAssignAM(u(17), tr(e))).toBe(true);
      expect(canAssignGD(u(19), tr(e))).toBe(true);
    }
    for (const e of ['ENVIADO', 'OBSERVACIONES', 'FINALIZADO']) expect(canAssignAM(u(17), tr(e))).toBe(false);
    expect(canAssignAM(u(19), tr())).toBe(false);
    expect(canAssignGD(u(17), tr())).toBe(false);
    expect(canAssign(u(18), tr(), 'M')).toBe(false);
    expect(canAssign(u(16), tr(), 'D')).toBe(true);
  });
  it('delete: 16 and supervisors, never FINALIZADO', () => {
    expect(canDeletePlanilla(u(16), tr())).toBe(true);
    expect(canDeletePlanilla(u(17), tr('ENVIADO'))).toBe(true);
    expect(canDeletePlanilla(u(17), tr('FINALIZADO'))).toBe(false);
    expect(canDeletePlanilla(u(18), tr())).toBe(false);
    expect(canDeletePlanilla(u(15), tr())).toBe(false);
  });
  it('AM column 16/17/18, GD column 16/19/20, only RECIBIDO or EN PROCESO', () => {
    expect(showsEstadoAud(16, 'RECIBIDO')).toBe(true);
    expect(showsEstadoAud(18, 'EN PROCESO')).toBe(true);
    expect(showsEstadoAud(19, 'EN PROCESO')).toBe(false);
    expect(showsEstadoAud(17, 'PLANILLAJE')).toBe(false);
    expect(showsEstadoDoc(20, 'EN PROCESO')).toBe(true);
    expect(showsEstadoDoc(17, 'EN PROCESO')).toBe(false);
    expect(showsEstadoDoc(15, 'EN PROCESO')).toBe(false);
  });
  it('permisosPlanilla bundles the rules for one record', () => {
    expect(permisosPlanilla(u(18, 7), tr(), pla(7))).toMatchObject({
      puedeAM: true,
      puedeGD: false,
      puedeEditar: true,
      puedeRevisar: 'M',
      puedeBorrar: false,
      supervisor: false,
    });
    expect(permisosPlanilla(u(18, 7), tr('FINALIZADO'), pla(7))).toMatchObject({
      puedeEditar: false,
      puedeRevisar: null,
    });
    expect(permisosPlanilla(u(16), tr(), pla())).toMatchObject({
      puedeEditar: false,
      puedeBorrar: true,
      supervisor: true,
    });
  });
  it('weekend notice', () => {
    expect(diaFinDeSemana('2026-03-07')).toBe('sábado');
    expect(diaFinDeSemana('2026-03-08')).toBe('domingo');
    expect(diaFinDeSemana('2026-03-09')).toBeNull();
  });
});

describe('schemas', () => {
  it('list filters: empty values are no filter, flags and ids parse, bad values fail', () => {
    const q = planillaListQuerySchema.parse({
      idTramite: '7',
      idCarga: '',
      duplicadas: '1',
      ids: '1,2,3',
      nivel: '2',
    });
    expect(q).toMatchObject({
      idTramite: 7,
      vista: 'TODAS',
      duplicadas: true,
      sinNumeroExt: false,
      ids: [1, 2, 3],
      nivel: 2,
    });
    expect(q.idCarga).toBeUndefined();
    expect(planillaListQuerySchema.safeParse({ idTramite: '7', vista: 'OTRA' }).success).toBe(false);
    expect(planillaListQuerySchema.safeParse({ idTramite: '7', nivel: '3' }).success).toBe(false);
    const sin = planillaListQuerySchema.safeParse({});
    expect(sin.success).toBe(false);
    expect(sin.error?.issues[0].message).toBe('Parámetro idTramite no definido.');
  });
  it('record: diagnoses normalised (dot, case, X padding), the first two required', () => {
    const base = {
      version: 1,
      cedula: '0912345678',
      nombre: 'ana',
      diag1: 'j18.1',
      diag2: 'A09X',
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-03',
    };
    expect(planillaUpdateSchema.parse({ ...base, diag3: '' })).toMatchObject({
      diag1: 'J181',
      diag2: 'A09',
      diag3: null,
      nombre: 'ANA',
    });
    const r = planillaUpdateSchema.safeParse({ ...base, diag2: undefined });
    expect(r.error?.issues[0]).toMatchObject({
      path: ['diag2'],
      message: 'El campo Diagnóstico 2 es obligatorio.',
    });
    expect(planillaUpdateSchema.safeParse({ ...base, fechaHasta: '2026-03-01' }).success).toBe(false);
  });
  it('diagnosis search requires a value; code-like queries are told apart', () => {
    expect(diagnosticoQuerySchema.safeParse({ q: '  ' }).error?.issues[0].message).toBe(
      MSG_PLANILLA.diagnosticoConsultaVacia,
    );
    expect(diagnosticoQuerySchema.safeParse({}).error?.issues[0].message).toBe(
      MSG_PLANILLA.diagnosticoConsultaVacia,
    );
    for (const c of ['J18.1', 'J181', 'a09x', 'A09', 'J1']) expect(pareceCodigoCie10(c)).toBe(true);
    for (const c of ['neumonia lobar', 'diarrea', 'J18 neumonia']) expect(pareceCodigoCie10(c)).toBe(false);
  });
  it('assignment body: one user and a selection or a load; split needs users and a load', () => {
    expect(asignacionBodySchema.safeParse({ tipo: 'M', idUsuario: 3, idPlanillas: [1] }).success).toBe(true);
    expect(asignacionBodySchema.safeParse({ tipo: 'M', idUsuario: 3 }).success).toBe(false);
    expect(
      asignacionBodySchema.safeParse({ tipo: 'D', idUsuarios: [1, 2], idCarga: 4, repartir: true }).success,
    ).toBe(true);
    expect(
      asignacionBodySchema.safeParse({ tipo: 'D', idUsuarios: [], idCarga: 4, repartir: true }).success,
    ).toBe(false);
    expect(asignacionBodySchema.safeParse({ tipo: 'X', idUsuario: 3, idCarga: 4 }).success).toBe(false);
  });
  it('search: total range must be ordered', () => {
    expect(
      buscarQuerySchema.safeParse({ idTramite: '1', tipo: 'total', desde: '10', hasta: '5' }).success,
    ).toBe(false);
    expect(buscarQuerySchema.parse({ idTramite: '1', tipo: 'total', desde: '5', hasta: '' })).toMatchObject({
      desde: 5,
    });
  });
  it('messages of the spec are verbatim', () => {
    expect(MSG_PLANILLA.nivelesActualizados(2)).toBe('Todos los niveles actualizados correctamente a 2.');
    expect(MSG_PLANILLA.revisionRegistrada).toBe('¡Revisión registrada exitosamente!');
    expect(MSG_PLANILLA.plantillaYaAsignada).toBe('La planilla ya tiene asignada una plantilla.');
    expect(MSG_PLANILLA.sinAuditoria).toBe('No se encontró auditoría para esta planilla.');
  });
});
