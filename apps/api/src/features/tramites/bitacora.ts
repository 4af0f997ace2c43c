import {
  BITACORA_TIPOS,
  binaryResponse,
  formatDate,
  formatDateTime,
  getBitacoraByIdBitacoraResponse,
  getTramitesByIdBitacoraResponse,
  idParams,
  idSchema,
  responses,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bitacoraTra, tramite } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { logoDataUrl, renderTableReport } from '../../lib/pdf.ts';
import { columnas, consulta, fila, likePattern, type SQL, sql, todas } from '../../lib/sql.ts';
import { getTramiteForUser } from './access.ts';

export const bitacoraQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  tipo: z.enum(BITACORA_TIPOS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** An entry of the log and its user (aliases b, u). */
const SELECT = sql`SELECT ${columnas(bitacoraTra, 'b', { extra: { usuarioNombre: 'u.nombre' } })}
  FROM bitacora_tra b JOIN usuario u ON u.id_usuario = b.id_usuario`;

/** Builds the filtered query of a procedure's log (newest first); shared by the list and the PDF. */
export function bitacoraWhere(idTramite: number, q?: string, tipo?: string): SQL {
  const w: SQL[] = [sql`b.id_tramite = ${idTramite}`];
  if (q) {
    const patron = likePattern(
      q
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    );
    w.push(sql`(f_unaccent(lower(b.observacion)) LIKE ${patron} OR lower(u.nombre) LIKE ${patron})`);
  }
  if (tipo) w.push(sql`b.tipo = ${tipo}`);
  return sql`${SELECT} WHERE ${todas(w)}`;
}

/** The header of report 12 (aliases t procedure, p provider, e insurer). */
const CABECERA = columnas(tramite, 't', {
  solo: ['numero'],
  extra: {
    nombreComercial: 'p.nombre_comercial',
    fechaDesde: 't.fecha_desde',
    fechaHasta: 't.fecha_hasta',
    empresa: 'e.razon_social',
    idEmpresa: 'e.id_empresa',
    estado: 't.estado_tramite',
  },
});

export async function bitacoraRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['bitácora'];

  r.get(
    '/api/v1/tramites/:id/bitacora',
    {
      onRequest: [app.authenticate],
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdBitacoraResponse }),
        tags,
        summary: 'Bitácora del trámite (más reciente primero)',
        params: idParams,
        querystring: bitacoraQuerySchema,
      },
    },
    async (req) => {
      await getTramiteForUser(db, req.user, req.params.id);
      const { q, tipo, page, pageSize } = req.query;
      const w = bitacoraWhere(req.params.id, q, tipo);
      const { n } = await fila<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${w}) x`);
      const items = await consulta(
        db,
        sql`${w} ORDER BY b.fecha_reg DESC, b.id_bitacora_tra DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      );
      return { items, total: n, page, pageSize };
    },
  );

  r.get(
    '/api/v1/bitacora/:idBitacora',
    {
      onRequest: [app.authenticate],
      schema: {
        response: uncheckedResponses({ 200: getBitacoraByIdBitacoraResponse }),
        tags,
        summary: 'Detalle de una entrada de bitácora',
        params: z.object({ idBitacora: idSchema }),
      },
    },
    async (req) => {
      const rows = await consulta<{ idTramite: number }>(
        db,
        sql`${SELECT} WHERE b.id_bitacora_tra = ${req.params.idBitacora}`,
      );
      if (!rows[0]) throw notFound();
      await getTramiteForUser(db, req.user, rows[0].idTramite);
      return rows[0];
    },
  );

  // Report 12: the procedure log as a PDF, with the same filters as the screen.
  r.get(
    '/api/v1/tramites/:id/bitacora/pdf',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Reporte 12: bitácora del trámite en PDF',
        response: responses({ 200: binaryResponse('application/pdf') }),
        params: idParams,
        querystring: bitacoraQuerySchema.pick({ q: true, tipo: true }),
      },
    },
    async (req, reply) => {
      await getTramiteForUser(db, req.user, req.params.id);
      const t = await fila<{
        numero: string;
        nombreComercial: string;
        fechaDesde: string;
        fechaHasta: string;
        empresa: string;
        idEmpresa: number;
        estado: string;
      }>(
        db,
        sql`SELECT ${CABECERA}
           FROM tramite t JOIN prestador p ON p.id_prestador = t.id_prestador JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
          WHERE t.id_tramite = ${req.params.id}`,
      );
      const w = bitacoraWhere(req.params.id, req.query.q, req.query.tipo);
      const rows = await consulta<{
        fechaReg: Date;
        tipo: string;
        observacion: string;
        usuarioNombre: string;
      }>(db, sql`${w} ORDER BY b.fecha_reg DESC, b.id_bitacora_tra DESC LIMIT 20000`);
      const pdf = await renderTableReport({
        title: `Bitácora del Trámite ${t.numero}`,
        subtitle: [
          `Prestador: ${t.nombreComercial}`,
          `Período: ${formatDate(t.fechaDesde)} – ${formatDate(t.fechaHasta)} · Estado: ${t.estado}`,
          ...(req.query.tipo || req.query.q
            ? [`Filtro: ${[req.query.tipo, req.query.q].filter(Boolean).join(' · ')}`]
            : []),
        ],
        empresa: t.empresa,
        logo: await logoDataUrl(db, t.idEmpresa),
        columns: [
          { header: 'Fecha de registro', width: 95 },
          { header: 'Tipo', width: 130 },
          { header: 'Observación' },
          { header: 'Usuario', width: 140 },
        ],
        rows: rows.map((b) => [formatDateTime(b.fechaReg), b.tipo, b.observacion, b.usuarioNombre]),
        emptyText: 'No hay registros en la bitácora para los filtros indicados.',
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="bitacora_${t.numero}.pdf"`)
        .send(pdf);
    },
  );
}
