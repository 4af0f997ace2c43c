import {
  type ColumnaEstadistica,
  conRangoValido,
  ERROR_CODE,
  type FilaEstadistica,
  type FiltrosEstadistica,
  filtrosEstadisticaShape,
  MSG_ESTADISTICAS,
  nombreExportacion,
  nombreMes,
  PERFILES_ESTADISTICAS,
  REPORTES_ESTADISTICOS,
  type ReporteEstadistico,
  responses,
  respuestaEstadisticaSchema,
  type TipoColumnaEstadistica,
  todayIso,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type ColumnaExport,
  enviarExport,
  formatoExportSchema,
  respuestaExport,
  type TipoColumna as TipoExport,
} from '../../lib/tabla-export.ts';
import { CONSULTAS } from './consultas.ts';

const tags = ['estadísticas'];
const querystring = conRangoValido(z.object(filtrosEstadisticaShape));
const exportQuerystring = conRangoValido(
  z.object({ ...filtrosEstadisticaShape, formato: formatoExportSchema }),
);

/**
 * A filter the schema refused: 422 with the Spanish message of each field (the route validates with
 * `attachValidation`, so the answer is this one and not the generic 400).
 */
function filtrosInvalidos(err: Error & { validation?: { instancePath?: string; message?: string }[] }) {
  const fields: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    const key = v.instancePath?.replace(/^\//, '').split('/')[0] || '_';
    if (!(key in fields)) fields[key] = v.message ?? MSG_ESTADISTICAS.filtrosInvalidos;
  }
  const first = Object.values(fields)[0] ?? MSG_ESTADISTICAS.filtrosInvalidos;
  return new AppError(422, ERROR_CODE.datosInvalidos, first, fields);
}

/** Only the filters the report declares (a `por` sent to another report changes nothing). */
function propios(r: ReporteEstadistico, q: FiltrosEstadistica): FiltrosEstadistica {
  return Object.fromEntries(r.filtros.filter((k) => q[k] !== undefined).map((k) => [k, q[k]]));
}

async function ejecutar(db: Database, q: Parameters<Database['db']['execute']>[0]) {
  const res = (await db.db.execute(q)) as unknown as { rows: FilaEstadistica[] };
  return res.rows;
}

/** Rows with the declared columns only (a statement for both table and chart has the union of them). */
const solo = (columnas: ColumnaEstadistica[], filas: FilaEstadistica[]) =>
  filas.map((f) => Object.fromEntries(columnas.map((c) => [c.clave, f[c.clave]])) as FilaEstadistica);

/** The table's rows and the chart's (its own query, or the table's rows). */
async function calcular(
  db: Database,
  r: ReporteEstadistico,
  req: FastifyRequest,
  q: FiltrosEstadistica,
  conGrafico = true,
) {
  const c = CONSULTAS[r.id](req.user, propios(r, q));
  if (c.juntas) {
    const todas = await ejecutar(db, c.filas);
    return {
      filas: solo(
        r.columnas,
        todas.filter((x) => !x.esGrafico),
      ),
      grafico: solo(
        r.grafico.columnas ?? r.columnas,
        todas.filter((x) => x.esGrafico),
      ),
    };
  }
  const [filas, grafico] = await Promise.all([
    ejecutar(db, c.filas),
    c.grafico && conGrafico ? ejecutar(db, c.grafico) : Promise.resolve(null),
  ]);
  return { filas, grafico: grafico ?? filas };
}

/** Export cells: months by name, percentages as fractions, days with their decimals. */
const TIPO_EXPORT: Record<TipoColumnaEstadistica, TipoExport> = {
  texto: 'texto',
  estado: 'texto',
  mes: 'texto',
  fecha: 'fecha',
  entero: 'entero',
  monto: 'monto',
  porcentaje: 'porcentaje',
  dias: 'monto',
};
function columnasExport(r: ReporteEstadistico): ColumnaExport<FilaEstadistica>[] {
  return r.columnas.map((c) => ({
    titulo: c.titulo,
    tipo: TIPO_EXPORT[c.tipo],
    valor: (f) => {
      const v = f[c.clave];
      if (v === null || v === undefined) return null;
      if (c.tipo === 'mes') return nombreMes(String(v));
      if (c.tipo === 'porcentaje') return Number(v) / 100;
      return v;
    },
  }));
}

/**
 * The report pages of spec 001 §2.5 (issue 15 item 3, decision 66): for each declaration of
 * packages/domain/src/estadisticas, GET /api/v1/estadisticas/{reporte} (the table's and the chart's
 * rows, JSON) and GET /api/v1/estadisticas/{reporte}/exportar?formato=csv|xlsx (the table as a file),
 * with the same filters. For the insurer's managers (1, 16, 17, 19), over the procedures they may see.
 */
export async function estadisticasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const guard = {
    onRequest: [app.authenticate],
    preValidation: [app.requireProfile(...PERFILES_ESTADISTICAS)],
    attachValidation: true,
  };

  for (const reporte of Object.values(REPORTES_ESTADISTICOS)) {
    const filtros = `Filtros: ${reporte.filtros.join(', ')} (fechas AAAA-MM-DD sobre el ${reporte.periodoDe}).`;
    r.get(
      `/api/v1/estadisticas/${reporte.id}`,
      {
        ...guard,
        schema: {
          tags,
          summary: reporte.titulo,
          description: `${reporte.descripcion} ${filtros} Perfiles 1, 16, 17 y 19.`,
          querystring,
          response: responses({ 200: respuestaEstadisticaSchema(reporte) }),
        },
      },
      async (req) => {
        if (req.validationError) throw filtrosInvalidos(req.validationError);
        return calcular(db, reporte, req, req.query);
      },
    );

    r.get(
      `/api/v1/estadisticas/${reporte.id}/exportar`,
      {
        ...guard,
        schema: {
          tags,
          summary: `${reporte.titulo} (CSV o Excel)`,
          description: `La tabla del reporte como archivo: ?formato=csv (punto y coma, UTF-8 con BOM) o xlsx. ${filtros}`,
          querystring: exportQuerystring,
          response: responses({ 200: respuestaExport() }),
        },
      },
      async (req, reply) => {
        if (req.validationError) throw filtrosInvalidos(req.validationError);
        const { formato, ...q } = req.query;
        const { filas } = await calcular(db, reporte, req, q, false);
        if (filas.length === 0)
          throw new AppError(422, ERROR_CODE.datosInvalidos, MSG_ESTADISTICAS.sinDatosExportar);
        return enviarExport(reply, {
          columnas: columnasExport(reporte),
          filas,
          formato,
          nombre: nombreExportacion(reporte.id, todayIso()),
          hoja: reporte.titulo,
        });
      },
    );
  }
}
