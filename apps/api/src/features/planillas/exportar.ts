import { MSG_PLANILLA, planillaFiltrosSchema, responses } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planilla } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { columnas, consulta, sql, todas } from '../../lib/sql.ts';
import {
  columnasExport,
  enviarExport,
  formatoExportSchema,
  respuestaExport,
} from '../../lib/tabla-export.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import { listConditions } from './queries.ts';

const tags = ['planillas'];

const EXPORT_BATCH = 5000;
type FilaExport = {
  idPlanilla: number;
  numero: string;
  fechaDesde: string;
  cedula: string;
  nombre: string;
  cedulaMedico: string | null;
  nivel: number;
};
/** The attentions' export (CSV or Excel), in this order. */
const COLUMNAS_EXPORT = columnasExport<FilaExport>([
  { titulo: 'ID Planilla', tipo: 'entero', valor: (f) => f.idPlanilla },
  { titulo: 'Número', tipo: 'texto', valor: (f) => f.numero },
  { titulo: 'Fecha de atención', tipo: 'fecha', valor: (f) => f.fechaDesde },
  { titulo: 'Cédula', tipo: 'texto', valor: (f) => f.cedula, ancho: 12 },
  { titulo: 'Nombre', tipo: 'texto', valor: (f) => f.nombre, ancho: 32 },
  { titulo: 'Cédula médico', tipo: 'texto', valor: (f) => f.cedulaMedico, ancho: 14 },
  { titulo: 'Nivel', tipo: 'entero', valor: (f) => f.nivel },
]);
const SELECT_EXPORT = columnas(planilla, 'p', {
  solo: ['idPlanilla', 'numero', 'fechaDesde', 'cedula', 'nombre', 'cedulaMedico', 'nivel'],
});
const exportQuerySchema = planillaFiltrosSchema.extend({ formato: formatoExportSchema });

/** The attentions of a procedure as a file (CSV or Excel), filtered as the list is. */
export async function exportarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/export.csv',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Exportar las atenciones filtradas: CSV (Atenciones_tramite_{idTramite}.csv, separador ;) o, con formato=xlsx, Excel',
        response: responses({ 200: respuestaExport() }),
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const tramite = await getTramiteForUser(db, req.user, q.idTramite);
      const w = todas(listConditions(req.user, tramite, q));
      type Fila = FilaExport;
      // Keyset batches over (numero, id_planilla): bounded memory, each batch an index range scan.
      const batch = (after: Fila | null) => {
        const cond = after
          ? sql` AND (p.numero, p.id_planilla) > (${after.numero}, ${after.idPlanilla})`
          : sql.empty();
        return consulta<Fila>(
          db,
          sql`SELECT ${SELECT_EXPORT}
             FROM planilla p WHERE ${w}${cond} ORDER BY p.numero, p.id_planilla LIMIT ${EXPORT_BATCH}`,
        );
      };
      const first = await batch(null);
      if (first.length === 0) throw new AppError(422, 'SIN_DATOS', MSG_PLANILLA.noHayDatosExportar);
      async function* filas() {
        let rows = first;
        for (;;) {
          yield* rows;
          if (rows.length < EXPORT_BATCH) return;
          rows = await batch(rows[rows.length - 1]);
        }
      }
      return enviarExport(reply, {
        columnas: COLUMNAS_EXPORT,
        filas: filas(),
        formato: q.formato,
        nombre: `Atenciones_tramite_${tramite.idTramite}`,
        hoja: 'Atenciones',
      });
    },
  );
}
