import {
  getPlanillasByIdAuditoriaResponse,
  getPlanillasByIdOtrasResponse,
  idParams,
  isSupervision,
  PERFIL,
  pageQuerySchema,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditoriaPla, planilla as planillaT } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { columnas, consulta, lista, sql, todas, una } from '../../lib/sql.ts';
import { tramiteScopeSql } from '../tramites/access.ts';
import { getPlanillaForUser } from './access.ts';

const tags = ['planillas'];

/** A change of the attention's audit trail (alias a, user u, line d). */
const AUDITORIA = lista([
  columnas(auditoriaPla, 'a', { solo: ['idAuditoria', 'fecha'], extra: { usuario: 'u.nombre' } }),
  columnas(auditoriaPla, 'a', {
    solo: ['operacion', 'campo', 'antes', 'despues', 'idPlanillaDet'],
    extra: { codigo: 'd.codigo' },
  }),
]);

/** A row of the patient's other attentions (alias o, procedure t). */
const OTRA = lista([
  columnas(planillaT, 'o', { solo: ['idPlanilla', 'idTramite'], extra: { numeroTramite: 't.numero' } }),
  columnas(planillaT, 'o', {
    solo: ['numero', 'fechaDesde', 'fechaHasta', 'diag1'],
    extra: { diag1Nombre: '(SELECT d.nombre FROM diagnostico d WHERE d.codigo = o.diag1)' },
  }),
  columnas(planillaT, 'o', { solo: ['total', 'estadoAud', 'estadoDoc'] }),
]);

/** The patient's other attentions at the provider, and the attention's audit trail (Inf. auditoría). */
export async function historialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/:id/otras',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getPlanillasByIdOtrasResponse }),
        tags,
        summary: 'Otras atenciones del mismo paciente en el prestador',
        params: idParams,
        querystring: pageQuerySchema,
      },
    },
    async (req) => {
      const { planilla: p } = await getPlanillaForUser(db, req.user, req.params.id);
      const w = [
        tramiteScopeSql(req.user),
        sql`o.cedula = ${p.cedula}`,
        sql`o.id_prestador = ${p.idPrestador}`,
        sql`o.id_planilla <> ${p.idPlanilla}`,
        sql.raw('o.estado = 1'),
      ];
      if (req.user.idPerfil === PERFIL.AUDITOR_AM || req.user.idPerfil === PERFIL.GESTOR_GD) {
        const c = sql.raw(req.user.idPerfil === PERFIL.AUDITOR_AM ? 'id_usuario_med' : 'id_usuario_doc');
        w.push(sql`(t.tipo_asignacion = 'T' OR o.${c} = ${req.user.idUsuario})`);
      }
      const from = sql`FROM planilla o JOIN tramite t ON t.id_tramite = o.id_tramite WHERE ${todas(w)}`;
      const n = (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`))?.n ?? 0;
      const items = await consulta(
        db,
        sql`SELECT ${OTRA}
           ${from} ORDER BY o.fecha_desde DESC, o.id_planilla DESC
           LIMIT ${req.query.pageSize} OFFSET ${(req.query.page - 1) * req.query.pageSize}`,
      );
      return { items, total: n, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  r.get(
    '/api/v1/planillas/:id/auditoria',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getPlanillasByIdAuditoriaResponse }),
        tags,
        summary: 'Inf. auditoría: cambios generales y detallados de la atención',
        params: idParams,
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      if (!isSupervision(req.user.idPerfil)) throw forbidden();
      const rows = await consulta<{
        idAuditoria: number;
        fecha: Date;
        usuario: string | null;
        operacion: string;
        campo: string | null;
        antes: string | null;
        despues: string | null;
        idPlanillaDet: number | null;
        codigo: string | null;
      }>(
        db,
        sql`SELECT ${AUDITORIA}
           FROM auditoria_pla a
           LEFT JOIN usuario u ON u.id_usuario = a.id_usuario
           LEFT JOIN planilla_det d ON d.id_planilla_det = a.id_planilla_det
          WHERE a.id_planilla = ${planilla.idPlanilla}
          ORDER BY a.fecha DESC, a.id_auditoria DESC LIMIT 5000`,
      );
      return {
        generales: rows
          .filter((x) => x.idPlanillaDet === null)
          .map(({ idPlanillaDet: _i, codigo: _c, ...rest }) => rest),
        detallados: rows.filter((x) => x.idPlanillaDet !== null),
      };
    },
  );
}
