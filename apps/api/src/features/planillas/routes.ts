import {
  buscarQuerySchema,
  canDeleteProfile,
  canProcessAM,
  canProcessGD,
  canSetNivel,
  deletePlanillasByIdResponse,
  diaFinDeSemana,
  foldText,
  formatDate,
  getPlanillasBuscarResponse,
  getPlanillasByIdAuditoriaResponse,
  getPlanillasByIdOtrasResponse,
  getPlanillasByIdResponse,
  getPlanillasPendientesResponse,
  getPlanillasResponse,
  getPlanillasSiguientePendienteResponse,
  idParams,
  isSupervision,
  MSG_PLANILLA,
  nivelBodySchema,
  normalizarCie10,
  PERFIL,
  type PlanillaFila,
  type PlanillaUpdate,
  pageQuerySchema,
  pareceCodigoCie10,
  pendientesQuerySchema,
  permisosPlanilla,
  planillaFiltrosSchema,
  planillaListQuerySchema,
  planillaUpdateSchema,
  postPlanillasByIdRestaurarResponse,
  putCargasByIdNivelResponse,
  putPlanillasByIdNivelResponse,
  putPlanillasByIdResponse,
  responses,
  reviewType,
  type SessionUser,
  showsEstadoAud,
  showsEstadoDoc,
  siguientePendienteQuerySchema,
  type TipoRevision,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { IdListCache } from '../../lib/id-list-cache.ts';
import { col, foldedLike, likePattern } from '../../lib/sql.ts';
import {
  columnasExport,
  enviarExport,
  formatoExportSchema,
  respuestaExport,
} from '../../lib/tabla-export.ts';
import {
  getTramiteConRevisiones,
  getTramiteForUser,
  type TramiteRow,
  tramiteScope,
} from '../tramites/access.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getCargaForUser,
  getPlanillaForUser,
  type PlanillaRow,
  perfilNoAutorizado,
  recordChanges,
} from './access.ts';
import { diagnosticoRoutes } from './diagnosticos.ts';
import { listIds } from './list-ids.ts';
import { plantillaRoutes } from './plantillas.ts';
import {
  estadoRevisionSql,
  LIST_COLS,
  listConditions,
  orderSql,
  Params,
  prefixPattern,
  visibilitySql,
} from './queries.ts';
import { resumenPdfRoutes } from './resumen-pdf.ts';

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
const exportQuerySchema = planillaFiltrosSchema.extend({ formato: formatoExportSchema });

/** The record page's view of one attention: names of its diagnoses, counts and the user's permissions. */
async function detalle(q: Queryable, user: SessionUser, planilla: PlanillaRow, tramite: TramiteRow) {
  const [x] = await q.query<Record<string, unknown>>(
    `SELECT (SELECT d.nombre FROM diagnostico d WHERE d.codigo = p.diag1) AS "diagnostico01",
            (SELECT d.nombre FROM diagnostico d WHERE d.codigo = p.diag2) AS "diagnostico02",
            (SELECT d.nombre FROM diagnostico d WHERE d.codigo = p.diag3) AS "diagnostico03",
            (SELECT d.nombre FROM diagnostico d WHERE d.codigo = p.diag4) AS "diagnostico04",
            (SELECT d.nombre FROM diagnostico d WHERE d.codigo = p.diag5) AS "diagnostico05",
            (SELECT count(*)::int FROM planilla_det d WHERE d.id_planilla = p.id_planilla AND d.estado = 1) AS "numDetalles",
            (SELECT count(*)::int FROM archivo_pla a WHERE a.id_planilla = p.id_planilla) AS "numArchivos",
            (SELECT u.nombre FROM usuario u WHERE u.id_usuario = p.id_usuario_med) AS "usuarioMed",
            (SELECT u.nombre FROM usuario u WHERE u.id_usuario = p.id_usuario_doc) AS "usuarioDoc",
            (SELECT pl.nombre FROM plantilla pl WHERE pl.id_plantilla = p.id_plantilla) AS "plantillaNombre",
            (SELECT t.numero FROM tramite t WHERE t.id_tramite = p.id_tramite) AS "numeroTramite"
       FROM planilla p WHERE p.id_planilla = $1`,
    [planilla.idPlanilla],
  );
  return {
    ...planilla,
    ...x,
    estadoTramite: tramite.estadoTramite,
    tipoAsignacion: tramite.tipoAsignacion,
    finDeSemana: diaFinDeSemana(planilla.fechaDesde),
    permisos: permisosPlanilla(user, tramite, planilla),
  };
}

const DIAGS = ['diag1', 'diag2', 'diag3', 'diag4', 'diag5'] as const;
const CONTROLS = ['controlDiag1', 'controlDiag2', 'controlDiag3', 'controlDiag4', 'controlDiag5'] as const;
/** Fields that only AM processing may change (docs/spec-summary.md 000 §6: AM edits diagnoses). */
const AM_ONLY = new Set<string>([...DIAGS, ...CONTROLS]);

/** The fields a save changes: required ones always, optional ones when present (null clears). */
function cambios(b: PlanillaUpdate): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {
    cedula: b.cedula,
    nombre: b.nombre,
    diag1: b.diag1,
    diag2: b.diag2,
    fechaDesde: b.fechaDesde,
    fechaHasta: b.fechaHasta,
  };
  for (const k of ['diag3', 'diag4', 'diag5', ...CONTROLS, 'codigoVal', 'horaDesde', 'horaHasta'] as const) {
    const v = b[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export async function planillaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  await app.register(diagnosticoRoutes);
  await app.register(plantillaRoutes);
  const listas = new IdListCache();
  await app.register(resumenPdfRoutes);

  r.get(
    '/api/v1/planillas',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getPlanillasResponse }),
        tags,
        summary:
          'Atenciones de un trámite (vistas TODAS, PENDIENTES, REVISADAS, ANULADAS, FILTROS), filtradas y paginadas',
        querystring: planillaListQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteConRevisiones(db, req.user, q.idTramite);
      const params = new Params();
      const w = listConditions(req.user, tramite, q, params).join(' AND ');
      // The ordered ids of the list (cached while what it depends on is unchanged): the total is
      // their number and any page, first or last, is a primary-key lookup of its rows.
      const ids = await listIds(db, listas, req.user, tramite, q, w, params.values, orderSql(q.sort));
      const n = ids.length;
      const pagina = Array.from(ids.subarray((q.page - 1) * q.pageSize, q.page * q.pageSize));
      let rows: PlanillaFila[] = [];
      if (pagina.length > 0) {
        const found = await db.query<PlanillaFila>(
          `SELECT ${LIST_COLS} FROM planilla p LEFT JOIN diagnostico dg ON dg.codigo = p.diag1
            WHERE p.id_planilla = ANY($1::int[])`,
          [pagina],
        );
        const porId = new Map(found.map((f) => [f.idPlanilla, f]));
        rows = pagina.map((id) => porId.get(id)).filter((f): f is PlanillaFila => f !== undefined);
      }
      const verEstadoAud = showsEstadoAud(req.user.idPerfil, tramite.estadoTramite);
      const verEstadoDoc = showsEstadoDoc(req.user.idPerfil, tramite.estadoTramite);
      const items = rows.map((row) => ({
        ...row,
        estadoAud: verEstadoAud ? row.estadoAud : null,
        estadoDoc: verEstadoDoc ? row.estadoDoc : null,
      }));
      return {
        items,
        total: n,
        page: q.page,
        pageSize: q.pageSize,
        estadoTramite: tramite.estadoTramite,
        verEstadoAud,
        verEstadoDoc,
      };
    },
  );

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
      const params = new Params();
      const w = listConditions(req.user, tramite, q, params).join(' AND ');
      type Fila = FilaExport;
      // Keyset batches over (numero, id_planilla): bounded memory, each batch an index range scan.
      const batch = (after: Fila | null) => {
        const vals = [...params.values];
        let cond = '';
        if (after) {
          vals.push(after.numero, after.idPlanilla);
          cond = ` AND (p.numero, p.id_planilla) > ($${vals.length - 1}, $${vals.length})`;
        }
        vals.push(EXPORT_BATCH);
        return db.query<Fila>(
          `SELECT p.id_planilla AS "idPlanilla", p.numero, p.fecha_desde AS "fechaDesde", p.cedula, p.nombre,
                  p.cedula_medico AS "cedulaMedico", p.nivel
             FROM planilla p WHERE ${w}${cond} ORDER BY p.numero, p.id_planilla LIMIT $${vals.length}`,
          vals,
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

  r.get(
    '/api/v1/planillas/siguiente-pendiente',
    {
      ...auth,
      schema: {
        response: responses({ 200: getPlanillasSiguientePendienteResponse }),
        tags,
        summary:
          'La siguiente (o anterior, con anterior=1) atención pendiente de revisión del trámite y la carga',
        querystring: siguientePendienteQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteForUser(db, req.user, q.idTramite);
      const tipo = tipoPedido(req.user, q.tipo);
      const id = await siguientePendiente(db, req.user, tramite, tipo, q.idCarga, q.despuesDe, q.anterior);
      if (!id) {
        throw new AppError(404, 'SIN_PENDIENTES', MSG_PLANILLA.sinPendientesTitulo, {
          detalle: MSG_PLANILLA.sinPendientes,
        });
      }
      return id;
    },
  );

  r.get(
    '/api/v1/planillas/pendientes',
    {
      ...auth,
      schema: {
        response: responses({ 200: getPlanillasPendientesResponse }),
        tags,
        summary: 'Cuántas atenciones del trámite (y la carga) esperan todavía la revisión del usuario',
        querystring: pendientesQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteForUser(db, req.user, q.idTramite);
      const tipo = tipoPedido(req.user, q.tipo);
      return { pendientes: await contarPendientes(db, req.user, tramite, tipo, q.idCarga) };
    },
  );

  r.get(
    '/api/v1/planillas/buscar',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getPlanillasBuscarResponse }),
        tags,
        summary: 'Búsqueda de atenciones por códigos, nombres, diagnósticos o rango de total',
        querystring: buscarQuerySchema,
      },
    },
    async (req) => {
      const q = req.query;
      const tramite = await getTramiteForUser(db, req.user, q.idTramite);
      const params = new Params();
      const w = [`p.id_tramite = ${params.add(tramite.idTramite)}`, 'p.estado = 1'];
      const vis = visibilitySql(req.user, tramite, params);
      if (vis) w.push(vis);
      if (q.soloPendientes) w.push(estadoRevisionSql(req.user.idPerfil, ['PENDIENTE'], params));
      if (q.tipo === 'total') {
        if (q.desde !== undefined) w.push(`p.total >= ${params.add(q.desde)}`);
        if (q.hasta !== undefined) w.push(`p.total <= ${params.add(q.hasta)}`);
      } else if (q.tipo && q.valor) {
        if (q.tipo === 'codigos') {
          // A service code as typed, or its beginning.
          w.push(`EXISTS (SELECT 1 FROM planilla_det d WHERE d.id_planilla = p.id_planilla AND d.estado = 1
                           AND d.codigo LIKE ${params.add(prefixPattern(q.valor.toUpperCase()))})`);
        } else if (q.tipo === 'nombres') {
          w.push(foldedLike('p.nombre', params.add(likePattern(foldText(q.valor)))));
        } else {
          // The catalogue is matched first (trigram index), then the attentions by code: no per-row unaccent.
          const codigos = pareceCodigoCie10(q.valor)
            ? await db.query<{ codigo: string }>('SELECT codigo FROM diagnostico WHERE codigo LIKE $1', [
                prefixPattern(normalizarCie10(q.valor)),
              ])
            : await db.query<{ codigo: string }>(
                'SELECT codigo FROM diagnostico WHERE f_unaccent(lower(nombre)) LIKE $1 LIMIT 5000',
                [likePattern(foldText(q.valor))],
              );
          const cod = params.add(codigos.map((c) => c.codigo));
          w.push(`(${DIAGS.map((d) => `p.${d} = ANY(${cod}::text[])`).join(' OR ')})`);
        }
      }
      const where = w.join(' AND ');
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM planilla p WHERE ${where}`,
        params.values,
      );
      const pl = params.add(q.pageSize);
      const po = params.add((q.page - 1) * q.pageSize);
      const items = await db.query(
        `SELECT p.id_planilla AS "idPlanilla", p.numero, p.cedula, p.nombre,
                concat_ws(', ', p.diag1, p.diag2, p.diag3, p.diag4, p.diag5) AS diagnosticos,
                p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", p.total,
                p.estado_aud AS "estadoAud", p.estado_doc AS "estadoDoc"
           FROM planilla p WHERE ${where} ORDER BY p.numero, p.id_planilla LIMIT ${pl} OFFSET ${po}`,
        params.values,
      );
      return { items, total: n, page: q.page, pageSize: q.pageSize };
    },
  );

  r.get(
    '/api/v1/planillas/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getPlanillasByIdResponse }),
        tags,
        summary: 'Una atención (página de registro y popup)',
        params: idParams,
      },
    },
    async (req) => {
      const { planilla, tramite } = await getPlanillaForUser(db, req.user, req.params.id);
      return detalle(db, req.user, planilla, tramite);
    },
  );

  r.put(
    '/api/v1/planillas/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: putPlanillasByIdResponse }),
        tags,
        summary: 'Guardar una atención (procesamiento AM o GD)',
        params: idParams,
        body: planillaUpdateSchema,
      },
    },
    async (req) => {
      const b = req.body;
      await db.transaction(async (tx) => {
        const { planilla: p, tramite } = await getPlanillaForUser(tx, req.user, req.params.id, {
          lock: 'share',
        });
        const am = canProcessAM(req.user, p);
        if (!am && !canProcessGD(req.user, p)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        assertVersion(p, b.version);
        const after = cambios(b);
        const before = p as unknown as Record<string, string | number | null>;
        if (!am && Object.keys(after).some((k) => AM_ONLY.has(k) && after[k] !== before[k]))
          throw perfilNoAutorizado();

        const fields: Record<string, string> = {};
        const codes = DIAGS.map((d) => after[d]).filter((v): v is string => typeof v === 'string');
        const found = new Set(
          (
            await tx.query<{ codigo: string }>(
              'SELECT codigo FROM diagnostico WHERE codigo = ANY($1::text[])',
              [codes],
            )
          ).map((x) => x.codigo),
        );
        for (const d of DIAGS) {
          const v = after[d];
          if (typeof v === 'string' && !found.has(v)) fields[d] = MSG_PLANILLA.diagnosticoNoEncontrado;
        }
        const periodo = MSG_PLANILLA.fechaFueraPeriodo(
          formatDate(p.fechaDesdeCarga),
          formatDate(p.fechaHastaCarga),
        );
        if (b.fechaDesde < p.fechaDesdeCarga || b.fechaDesde > p.fechaHastaCarga) fields.fechaDesde = periodo;
        if (b.fechaHasta < p.fechaDesdeCarga || b.fechaHasta > p.fechaHastaCarga) fields.fechaHasta = periodo;
        if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);

        const vals: unknown[] = [req.params.id, req.user.idUsuario];
        const sets = Object.keys(after).map((k) => {
          vals.push(after[k]);
          return `${col(k)} = $${vals.length}`;
        });
        await tx.query(
          `UPDATE planilla SET ${[...sets, 'version = version + 1', 'fecha_act = now()', 'id_usuario_act = $2'].join(', ')}
            WHERE id_planilla = $1`,
          vals,
        );
        await recordChanges(tx, before, after, {
          idPlanilla: p.idPlanilla,
          idUsuario: req.user.idUsuario,
          operacion: 'ACTUALIZAR',
        });
      });
      const { planilla, tramite } = await getPlanillaForUser(db, req.user, req.params.id);
      return {
        mensaje: MSG_PLANILLA.planillaActualizada,
        item: await detalle(db, req.user, planilla, tramite),
      };
    },
  );

  /** Soft delete (ANULADAS) and restore: 16 or the supervisors, never in a FINALIZADO procedure. */
  const setEstado = (estado: 0 | 1) => async (req: { params: { id: number }; user: SessionUser }) => {
    const version = await db.transaction(async (tx) => {
      const { planilla: p, tramite } = await getPlanillaForUser(tx, req.user, req.params.id, {
        lock: 'share',
      });
      if (!canDeleteProfile(req.user.idPerfil)) throw forbidden();
      if (tramite.estadoTramite === 'FINALIZADO')
        throw conflict(MSG_PLANILLA.tramiteFinalizado, 'ESTADO_INVALIDO');
      if (p.estado === estado)
        throw conflict(estado === 0 ? MSG_PLANILLA.yaAnulada : MSG_PLANILLA.noAnulada, 'ESTADO_INVALIDO');
      const [u] = await tx.query<{ version: number }>(
        `UPDATE planilla SET estado = $2, version = version + 1, fecha_act = now(), id_usuario_act = $3
          WHERE id_planilla = $1 RETURNING version`,
        [p.idPlanilla, estado, req.user.idUsuario],
      );
      await recordChanges(
        tx,
        { estado: p.estado },
        { estado },
        {
          idPlanilla: p.idPlanilla,
          idUsuario: req.user.idUsuario,
          operacion: estado === 0 ? 'ANULAR' : 'RESTAURAR',
        },
      );
      return u.version;
    });
    return {
      mensaje: estado === 0 ? MSG_PLANILLA.planillaEliminada : MSG_PLANILLA.planillaRestaurada,
      item: { idPlanilla: req.params.id, estado, version },
    };
  };

  r.delete(
    '/api/v1/planillas/:id',
    {
      ...auth,
      schema: {
        response: responses({ 200: deletePlanillasByIdResponse }),
        tags,
        summary: 'Anular una atención (pasa a ANULADAS)',
        params: idParams,
      },
    },
    async (req) => setEstado(0)(req),
  );
  r.post(
    '/api/v1/planillas/:id/restaurar',
    {
      ...auth,
      schema: {
        response: responses({ 200: postPlanillasByIdRestaurarResponse }),
        tags,
        summary: 'Restaurar una atención anulada',
        params: idParams,
      },
    },
    async (req) => setEstado(1)(req),
  );

  r.put(
    '/api/v1/planillas/:id/nivel',
    {
      ...auth,
      schema: {
        response: responses({ 200: putPlanillasByIdNivelResponse }),
        tags,
        summary: 'Nivel de la atención (1 o 2)',
        params: idParams,
        body: nivelBodySchema,
      },
    },
    async (req) => {
      const version = await db.transaction(async (tx) => {
        const { planilla: p, tramite } = await getPlanillaForUser(tx, req.user, req.params.id, {
          lock: 'share',
        });
        if (!canSetNivel(req.user, p)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        assertVersion(p, req.body.version);
        const [u] = await tx.query<{ version: number }>(
          `UPDATE planilla SET nivel = $2, version = version + 1, fecha_act = now(), id_usuario_act = $3
            WHERE id_planilla = $1 RETURNING version`,
          [p.idPlanilla, req.body.nivel, req.user.idUsuario],
        );
        await recordChanges(
          tx,
          { nivel: p.nivel },
          { nivel: req.body.nivel },
          { idPlanilla: p.idPlanilla, idUsuario: req.user.idUsuario, operacion: 'NIVEL' },
        );
        return u.version;
      });
      return {
        mensaje: MSG_PLANILLA.nivelActualizado(req.body.nivel),
        item: { idPlanilla: req.params.id, nivel: req.body.nivel, version },
      };
    },
  );

  r.put(
    '/api/v1/cargas/:id/nivel',
    {
      ...auth,
      schema: {
        response: responses({ 200: putCargasByIdNivelResponse }),
        tags,
        summary: 'Marcar el nivel de todas las atenciones de una carga',
        params: idParams,
        body: nivelBodySchema,
      },
    },
    async (req) => {
      const nivel = req.body.nivel;
      const n = await db.transaction(async (tx) => {
        const { carga, tramite } = await getCargaForUser(tx, req.user, req.params.id, { lock: 'share' });
        if (!isSupervision(req.user.idPerfil)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        const [c] = await tx.query<{ n: number }>(
          `WITH cambio AS (
             UPDATE planilla p SET nivel = $2, version = p.version + 1, fecha_act = now(), id_usuario_act = $3
              WHERE p.id_carga = $1 AND p.estado = 1 AND p.nivel <> $2
             RETURNING p.id_planilla, p.nivel
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_usuario, operacion, campo, antes, despues)
             SELECT id_planilla, $3, 'NIVEL', 'nivel', CASE WHEN $2 = 1 THEN '2' ELSE '1' END, $2::text FROM cambio
           )
           SELECT count(*)::int AS n FROM cambio`,
          [carga.idCarga, nivel, req.user.idUsuario],
        );
        return c.n;
      });
      return { mensaje: MSG_PLANILLA.nivelesActualizados(nivel), actualizadas: n };
    },
  );

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

/**
 * The next (or previous) pending attention for review type `tipo`, in list order (numero, id),
 * after `despuesDe`, wrapping around. An operative (18/20) only gets the attentions assigned to it:
 * the ones it can review.
 */
/** The review type asked for, else the one of the user's profile; 400 when neither says (the reviewer, 16). */
function tipoPedido(user: SessionUser, tipo: TipoRevision | undefined): TipoRevision {
  const t = tipo ?? reviewType(user.idPerfil);
  if (!t) throw badRequest(MSG_PLANILLA.tipoRevisionRequerido, { tipo: MSG_PLANILLA.tipoRevisionRequerido });
  return t;
}

/** The active attentions of a procedure (and load) still pending for this user's review of this type. */
function pendientesWhere(
  user: SessionUser,
  tramite: TramiteRow,
  tipo: TipoRevision,
  idCarga: number | undefined,
  params: Params,
): string[] {
  const w = [`p.id_tramite = ${params.add(tramite.idTramite)}`, 'p.estado = 1'];
  w.push(tipo === 'M' ? `p.estado_aud = 'PENDIENTE'` : `p.estado_doc = 'PENDIENTE'`);
  if (idCarga) w.push(`p.id_carga = ${params.add(idCarga)}`);
  const vis = visibilitySql(user, tramite, params);
  if (vis) w.push(vis);
  if (tipo === 'M' && user.idPerfil === PERFIL.AUDITOR_AM)
    w.push(`p.id_usuario_med = ${params.add(user.idUsuario)}`);
  if (tipo === 'D' && user.idPerfil === PERFIL.GESTOR_GD)
    w.push(`p.id_usuario_doc = ${params.add(user.idUsuario)}`);
  return w;
}

/** How many attentions `siguientePendiente` can still reach. */
export async function contarPendientes(
  q: Queryable,
  user: SessionUser,
  tramite: TramiteRow,
  tipo: TipoRevision,
  idCarga: number | undefined,
): Promise<number> {
  const params = new Params();
  const w = pendientesWhere(user, tramite, tipo, idCarga, params);
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM planilla p WHERE ${w.join(' AND ')}`,
    params.values,
  );
  return n;
}

export async function siguientePendiente(
  q: Queryable,
  user: SessionUser,
  tramite: TramiteRow,
  tipo: TipoRevision,
  idCarga: number | undefined,
  despuesDe: number | undefined,
  anterior = false,
): Promise<{ idPlanilla: number; numero: string } | null> {
  const params = new Params();
  const w = pendientesWhere(user, tramite, tipo, idCarga, params);
  const dir = anterior ? 'DESC' : 'ASC';
  const order = `ORDER BY p.numero ${dir}, p.id_planilla ${dir} LIMIT 1`;
  const sel = `SELECT p.id_planilla AS "idPlanilla", p.numero FROM planilla p WHERE`;
  type Row = { idPlanilla: number; numero: string };
  if (despuesDe) {
    const [pivot] = await q.query<{ numero: string }>(
      'SELECT numero FROM planilla WHERE id_planilla = $1 AND id_tramite = $2',
      [despuesDe, tramite.idTramite],
    );
    if (pivot) {
      const vals = [...params.values, pivot.numero, despuesDe];
      const a = `$${vals.length - 1}`;
      const b = `$${vals.length}`;
      const [next] = await q.query<Row>(
        `${sel} ${w.join(' AND ')} AND (p.numero, p.id_planilla) ${anterior ? '<' : '>'} (${a}, ${b}) ${order}`,
        vals,
      );
      if (next) return next;
      w.push(`p.id_planilla <> ${params.add(despuesDe)}`);
    }
  }
  const [first] = await q.query<Row>(`${sel} ${w.join(' AND ')} ${order}`, params.values);
  return first ?? null;
}
