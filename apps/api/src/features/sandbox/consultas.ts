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
import { sandboxLog, tramite } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { columnas, consulta, fila, lista, paginada, type SQL, sql } from '../../lib/sql.ts';
import { getTramiteForUser, tramiteScopeSql, writeBitacora } from '../tramites/access.ts';
import { TRAMITE_TABLAS_SQL, TRAMITE_VIEW_SQL } from '../tramites/queries.ts';
import { dirRespaldos } from './registro.ts';
import { enModo } from './schema.ts';

/** A call of the sandbox log (alias l) with its user's name (u). */
const LOG_COLS = columnas(sandboxLog, 'l', {
  solo: ['idSandboxLog', 'fecha', 'endpoint', 'estado', 'mensaje', 'idTramite', 'idCarga'],
  extra: { usuarioNombre: 'u.nombre' },
});

/** A test procedure: the procedure view and its last load. */
const TRAMITE_SANDBOX_COLS = lista([
  TRAMITE_VIEW_SQL,
  columnas(tramite, 't', {
    solo: [],
    extra: {
      idCarga:
        '(SELECT c.id_carga FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1)',
      numeroRegistros:
        '(SELECT c.numero_registros FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1)',
      contadorErrores:
        '(SELECT c.contador_errores FROM carga c WHERE c.id_tramite = t.id_tramite ORDER BY c.id_carga DESC LIMIT 1)',
      numRespaldos: '(SELECT count(*)::int FROM carga_respaldo r WHERE r.id_tramite = t.id_tramite)',
    },
  }),
]);

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
      const w: SQL[] = [
        sql`l.id_usuario IN (SELECT u.id_usuario FROM usuario u WHERE u.id_empresa = ${req.user.idEmpresa})`,
      ];
      if (estado === 'exito') w.push(sql.raw('l.estado < 400'));
      if (estado === 'error') w.push(sql.raw('l.estado >= 400'));
      return paginada(
        db,
        {
          select: LOG_COLS,
          from: sql.raw('sandbox_log l LEFT JOIN usuario u ON u.id_usuario = l.id_usuario'),
          where: w,
          orden: { fecha: sql.raw('l.fecha') },
          ordenInicial: '-fecha',
          desempate: sql.raw('l.id_sandbox_log'),
        },
        { page, pageSize },
      );
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
        return paginada(
          tx,
          {
            select: TRAMITE_SANDBOX_COLS,
            from: TRAMITE_TABLAS_SQL,
            where: [tramiteScopeSql(req.user, { sandbox: true })],
            orden: { idTramite: sql.raw('t.id_tramite') },
            ordenInicial: '-idTramite',
            desempate: sql.raw('t.id_tramite'),
          },
          { page, pageSize },
        );
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
        const rows = await consulta<{ id: number }>(
          tx,
          sql`SELECT t.id_tramite AS id FROM tramite t WHERE ${tramiteScopeSql(req.user, { sandbox: true })} FOR UPDATE`,
        );
        const list = rows.map((x) => x.id);
        if (list.length) {
          const de = sql`id_tramite = ANY(${sql.param(list)}::int[])`;
          const cargas = sql`SELECT id_carga FROM carga WHERE ${de}`;
          await consulta(tx, sql`DELETE FROM carga_error WHERE id_carga IN (${cargas})`);
          await consulta(tx, sql`DELETE FROM carga_fila WHERE id_carga IN (${cargas})`);
          for (const tabla of ['carga_respaldo', 'carga', 'autorizacion', 'bitacora_tra', 'tramite'])
            await consulta(tx, sql`DELETE FROM ${sql.identifier(tabla)} WHERE ${de}`);
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
        const a = await fila<{ id: number }>(
          tx,
          sql`INSERT INTO autorizacion (id_tramite, descripcion, estado_aut, fecha_desde, fecha_hasta, fecha_apr, id_usuario_reg,
                                     observacion)
           VALUES (${t.idTramite}, ${(b.descripcion || 'AUTORIZACIÓN DE PRUEBA').toUpperCase()}, 'APROBADA', ${b.fechaDesde},
                   ${b.fechaHasta}, now(), ${req.user.idUsuario}, 'Autorización de prueba del sandbox.')
           RETURNING id_autorizacion AS id`,
        );
        await consulta(tx, sql`UPDATE tramite SET tiene_apr = 1 WHERE id_tramite = ${t.idTramite}`);
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
      return { mensaje: 'Autorización de prueba creada (APROBADA).', ...out, estadoAut: 'APROBADA' as const };
    },
  );
}
