import { tramite } from '../../db/schema/index.ts';
import { columnas, lista, sql } from '../../lib/sql.ts';

/** The procedure view of docs/spec-summary.md 000 §3 (alias t), with the names a screen needs. */
export const TRAMITE_VIEW_SQL = lista([
  columnas(tramite, 't', { solo: ['idTramite', 'numero', 'fechaReg', 'estadoTramite', 'idPrestador'] }),
  columnas(tramite, 't', { solo: [], extra: { nombreComercial: 'p.nombre_comercial' } }),
  columnas(tramite, 't', {
    solo: ['idServicio'],
    extra: { servicioNombre: 's.nombre', aseguradorNombre: 'e.nombre_corto' },
  }),
  columnas(tramite, 't', {
    solo: [
      'fechaDesde',
      'fechaHasta',
      'descripcion',
      'numSemana',
      'maxSemanas',
      'frecuenciaCarga',
      'tipoAsignacion',
      'tieneApr',
      'fechaIniAud',
      'fechaFinAud',
      'version',
      'fechaAct',
    ],
    extra: {
      numCargas: '(SELECT count(*)::int FROM carga c WHERE c.id_tramite = t.id_tramite AND c.estado = 1)',
      numPlanillas:
        '(SELECT count(*)::int FROM planilla pl WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1)',
    },
  }),
]);

const TABLAS = `tramite t
  JOIN prestador p ON p.id_prestador = t.id_prestador
  JOIN servicio s ON s.id_servicio = t.id_servicio
  JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora`;

/** The tables of the view, without the word FROM (a `paginada()` list's `from`). */
export const TRAMITE_TABLAS_SQL = sql.raw(TABLAS);
export const TRAMITE_FROM_SQL = sql.raw(`FROM ${TABLAS}`);
