import fs from 'node:fs';
import path from 'node:path';
import {
  deleteSandboxTramitesResponse,
  getSandboxLogResponse,
  getSandboxTramitesResponse,
  MSG_INTEGRACION,
  PERFIL,
  postSandboxAutorizacionesResponse201,
  responses,
  sandboxAutorizacionSchema,
  sandboxLogQuerySchema,
  sandboxTramitesQuerySchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { getTramiteForUser, tramiteScope, writeBitacora } from '../tramites/access.ts';
import { TRAMITE_FROM, TRAMITE_VIEW } from '../tramites/queries.ts';
import { dirRespaldos } from './registro.ts';
import { enModo } from './schema.ts';

/**
 * The provider's own sandbox: its call log, its test procedures (listed and emptied) and a test authorization.
 * Registered inside `sandboxRoutes` (routes.ts), whose hook writes sandbox_log for the routes marked `sandboxLog`.
 */
export function sandboxConsultaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const dataDir = app.config.dataDir;
  const provider = {
    onRequest: [app.authenticate],
    preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
  };
  const sbxTags = ['integración (sandbox)'];

  r.get(
    '/api/v1/sandbox/log',
    {
      ...provider,
      config: { apiToken: true },
      schema: {
        response: responses({ 200: getSandboxLogResponse }),
        tags: sbxTags,
        summary: 'Bitácora de las llamadas sandbox de los usuarios de mi empresa (más recientes primero)',
        querystring: sandboxLogQuerySchema,
      },
    },
    async (req) => {
      const { estado, page, pageSize } = req.query;
      const params: unknown[] = [req.user.idEmpresa];
      let where = 'l.id_usuario IN (SELECT u.id_usuario FROM usuario u WHERE u.id_empresa = $1)';
      if (estado === 'exito') where += ' AND l.estado < 400';
      if (estado === 'error') where += ' AND l.estado >= 400';
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM sandbox_log l WHERE ${where}`,
        params,
      );
      params.push(pageSize, (page - 1) * pageSize);
      const items = await db.query(
        `SELECT l.id_sandbox_log AS "idSandboxLog", l.fecha, l.endpoint, l.estado, l.mensaje, l.id_tramite AS "idTramite",
                l.id_carga AS "idCarga", u.nombre AS "usuarioNombre"
           FROM sandbox_log l LEFT JOIN usuario u ON u.id_usuario = l.id_usuario
          WHERE ${where} ORDER BY l.fecha DESC, l.id_sandbox_log DESC LIMIT $2 OFFSET $3`,
        params,
      );
      return { items, total, page, pageSize };
    },
  );

  r.get(
    '/api/v1/sandbox/tramites',
    {
      ...provider,
      config: { apiToken: true },
      schema: {
        response: responses({ 200: getSandboxTramitesResponse }),
        tags: sbxTags,
        summary: 'Trámites de prueba creados en el sandbox por mi empresa',
        querystring: sandboxTramitesQuerySchema,
      },
    },
    async (req) =>
      enModo(db, 'sandbox', async (tx) => {
        const { page, pageSize } = req.query;
        const scope = tramiteScope(req.user, 1, { sandbox: true });
        const [{ total }] = await tx.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM tramite t WHERE ${scope.sql}`,
          scope.params,
        );
        const items = await tx.query(
          `SELECT ${TRAMITE_VIEW},
             (SELECT c.id_carga FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1) AS "idCarga",
             (SELECT c.numero_registros FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1) AS "numeroRegistros",
             (SELECT c.contador_errores FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1) AS "contadorErrores",
             (SELECT count(*)::int FROM carga_respaldo r WHERE r.id_tramite = t.id_tramite) AS "numRespaldos"
           ${TRAMITE_FROM} WHERE ${scope.sql} ORDER BY t.id_tramite DESC LIMIT $2 OFFSET $3`,
          [...scope.params, pageSize, (page - 1) * pageSize],
        );
        return { items, total, page, pageSize };
      }),
  );

  r.delete(
    '/api/v1/sandbox/tramites',
    {
      ...provider,
      config: { sandboxLog: true, apiToken: true },
      schema: {
        response: responses({ 200: deleteSandboxTramitesResponse }),
        tags: sbxTags,
        summary: 'Vaciar el sandbox de mi empresa (trámites de prueba y sus datos)',
      },
    },
    async (req) => {
      const ids = await enModo(db, 'sandbox', async (tx) => {
        const scope = tramiteScope(req.user, 1, { sandbox: true });
        const rows = await tx.query<{ id: number }>(
          `SELECT t.id_tramite AS id FROM tramite t WHERE ${scope.sql} FOR UPDATE`,
          scope.params,
        );
        const list = rows.map((x) => x.id);
        if (list.length) {
          const cargas = 'SELECT id_carga FROM carga WHERE id_tramite = ANY($1::int[])';
          await tx.query(`DELETE FROM carga_error WHERE id_carga IN (${cargas})`, [list]);
          await tx.query(`DELETE FROM carga_fila WHERE id_carga IN (${cargas})`, [list]);
          await tx.query('DELETE FROM carga_respaldo WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM carga WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM autorizacion WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM bitacora_tra WHERE id_tramite = ANY($1::int[])', [list]);
          await tx.query('DELETE FROM tramite WHERE id_tramite = ANY($1::int[])', [list]);
        }
        return list;
      });
      for (const id of ids) {
        fs.rmSync(path.join(dirRespaldos(dataDir), 'sandbox', String(id)), { recursive: true, force: true });
      }
      return { mensaje: MSG_INTEGRACION.sandboxVaciado(ids.length), eliminados: ids.length };
    },
  );

  r.post(
    '/api/v1/sandbox/autorizaciones',
    {
      ...provider,
      config: { sandboxLog: true, apiToken: true },
      schema: {
        response: responses({ 201: postSandboxAutorizacionesResponse201 }),
        tags: sbxTags,
        summary: 'Crear una autorización de prueba (ya APROBADA) en un trámite del sandbox',
        description:
          'Para probar registro-datos con `idAutorizacion` en el sandbox. En producción las autorizaciones las solicita el ' +
          'prestador desde el trámite (Solicitudes) y las aprueba la aseguradora.',
        body: sandboxAutorizacionSchema,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const out = await enModo(db, 'sandbox', async (tx) => {
        const t = await getTramiteForUser(tx, req.user, b.idTramite, { lock: true, sandbox: true });
        if (b.fechaDesde < t.fechaDesde || b.fechaHasta > t.fechaHasta) {
          throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, {
            fechaDesde: `Las fechas deben estar dentro del período del trámite (${t.fechaDesde} al ${t.fechaHasta}).`,
          });
        }
        const [a] = await tx.query<{ id: number }>(
          `INSERT INTO autorizacion (id_tramite, descripcion, estado_aut, fecha_desde, fecha_hasta, fecha_apr, id_usuario_reg,
                                     observacion)
           VALUES ($1, $2, 'APROBADA', $3, $4, now(), $5, 'Autorización de prueba del sandbox.') RETURNING id_autorizacion AS id`,
          [
            t.idTramite,
            (b.descripcion || 'AUTORIZACIÓN DE PRUEBA').toUpperCase(),
            b.fechaDesde,
            b.fechaHasta,
            req.user.idUsuario,
          ],
        );
        await tx.query('UPDATE tramite SET tiene_apr = 1 WHERE id_tramite = $1', [t.idTramite]);
        await writeBitacora(
          tx,
          t.idTramite,
          req.user.idUsuario,
          'ESTADO',
          `Autorización de prueba ${a.id} (APROBADA).`,
        );
        return { idAutorizacion: a.id, idTramite: t.idTramite };
      });
      reply.code(201);
      return { mensaje: 'Autorización de prueba creada (APROBADA).', ...out, estadoAut: 'APROBADA' };
    },
  );
}
