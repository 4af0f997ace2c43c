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
import { forbidden } from '../../lib/errors.ts';
import { tramiteScope } from '../tramites/access.ts';
import { getPlanillaForUser } from './access.ts';
import { Params } from './queries.ts';

const tags = ['planillas'];

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
      const params = new Params();
      const scope = tramiteScope(req.user, 1);
      params.values.push(...scope.params);
      const w = [
        scope.sql,
        `o.cedula = ${params.add(p.cedula)}`,
        `o.id_prestador = ${params.add(p.idPrestador)}`,
        `o.id_planilla <> ${params.add(p.idPlanilla)}`,
        'o.estado = 1',
      ];
      if (req.user.idPerfil === PERFIL.AUDITOR_AM || req.user.idPerfil === PERFIL.GESTOR_GD) {
        const c = req.user.idPerfil === PERFIL.AUDITOR_AM ? 'id_usuario_med' : 'id_usuario_doc';
        w.push(`(t.tipo_asignacion = 'T' OR o.${c} = ${params.add(req.user.idUsuario)})`);
      }
      const from = `FROM planilla o JOIN tramite t ON t.id_tramite = o.id_tramite WHERE ${w.join(' AND ')}`;
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params.values);
      const pl = params.add(req.query.pageSize);
      const po = params.add((req.query.page - 1) * req.query.pageSize);
      const items = await db.query(
        `SELECT o.id_planilla AS "idPlanilla", o.id_tramite AS "idTramite", t.numero AS "numeroTramite", o.numero,
                o.fecha_desde AS "fechaDesde", o.fecha_hasta AS "fechaHasta", o.diag1,
                (SELECT d.nombre FROM diagnostico d WHERE d.codigo = o.diag1) AS "diag1Nombre", o.total,
                o.estado_aud AS "estadoAud", o.estado_doc AS "estadoDoc"
           ${from} ORDER BY o.fecha_desde DESC, o.id_planilla DESC LIMIT ${pl} OFFSET ${po}`,
        params.values,
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
      const rows = await db.query<{
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
        `SELECT a.id_auditoria AS "idAuditoria", a.fecha, u.nombre AS usuario, a.operacion, a.campo, a.antes, a.despues,
                a.id_planilla_det AS "idPlanillaDet", d.codigo
           FROM auditoria_pla a
           LEFT JOIN usuario u ON u.id_usuario = a.id_usuario
           LEFT JOIN planilla_det d ON d.id_planilla_det = a.id_planilla_det
          WHERE a.id_planilla = $1
          ORDER BY a.fecha DESC, a.id_auditoria DESC LIMIT 5000`,
        [planilla.idPlanilla],
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
