import {
  canProcessAM,
  canProcessGD,
  diaFinDeSemana,
  formatDate,
  getPlanillasByIdResponse,
  idParams,
  MSG_PLANILLA,
  type PlanillaUpdate,
  permisosPlanilla,
  planillaUpdateSchema,
  putPlanillasByIdResponse,
  type SessionUser,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/client.ts';
import { planilla as planillaT } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { columna, columnas, consulta, sql, una } from '../../lib/sql.ts';
import type { TramiteRow } from '../tramites/access.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getPlanillaForUser,
  type PlanillaRow,
  perfilNoAutorizado,
  recordChanges,
} from './access.ts';

const tags = ['planillas'];

const nombreDiag = (n: number) => `(SELECT d.nombre FROM diagnostico d WHERE d.codigo = p.diag${n})`;

/** What the record page adds to an attention (alias p): names of its diagnoses, counts, users, template. */
const DETALLE_COLS = columnas(planillaT, 'p', {
  solo: [],
  extra: {
    diagnostico01: nombreDiag(1),
    diagnostico02: nombreDiag(2),
    diagnostico03: nombreDiag(3),
    diagnostico04: nombreDiag(4),
    diagnostico05: nombreDiag(5),
    numDetalles:
      '(SELECT count(*)::int FROM planilla_det d WHERE d.id_planilla = p.id_planilla AND d.estado = 1)',
    numArchivos: '(SELECT count(*)::int FROM archivo_pla a WHERE a.id_planilla = p.id_planilla)',
    usuarioMed: '(SELECT u.nombre FROM usuario u WHERE u.id_usuario = p.id_usuario_med)',
    usuarioDoc: '(SELECT u.nombre FROM usuario u WHERE u.id_usuario = p.id_usuario_doc)',
    plantillaNombre: '(SELECT pl.nombre FROM plantilla pl WHERE pl.id_plantilla = p.id_plantilla)',
    numeroTramite: '(SELECT t.numero FROM tramite t WHERE t.id_tramite = p.id_tramite)',
  },
});

/** The record page's view of one attention: names of its diagnoses, counts and the user's permissions. */
export async function detalle(q: Queryable, user: SessionUser, planilla: PlanillaRow, tramite: TramiteRow) {
  const x = await una<Record<string, unknown>>(
    q,
    sql`SELECT ${DETALLE_COLS} FROM planilla p WHERE p.id_planilla = ${planilla.idPlanilla}`,
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

export const DIAGS = ['diag1', 'diag2', 'diag3', 'diag4', 'diag5'] as const;
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

/** One attention: its record page (read) and its save (AM or GD processing). */
export async function fichaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

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
            await consulta<{ codigo: string }>(
              tx,
              sql`SELECT codigo FROM diagnostico WHERE codigo = ANY(${sql.param(codes)}::text[])`,
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

        // Column names from the schema's keys (cambios), values as parameters.
        const sets = Object.keys(after).map(
          (k) => sql`${columna(planillaT, k as keyof typeof planillaT._.columns)} = ${after[k]}`,
        );
        await consulta(
          tx,
          sql`UPDATE planilla SET ${sql.join(sets, sql.raw(', '))}, version = version + 1, fecha_act = now(),
                id_usuario_act = ${req.user.idUsuario}
            WHERE id_planilla = ${req.params.id}`,
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
}
