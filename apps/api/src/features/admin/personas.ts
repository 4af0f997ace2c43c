import {
  fieldErrors,
  getPersonasByIdResponse,
  getPersonasResponse,
  idParams,
  idSchema,
  MSG,
  MSG_ADMIN,
  mensajeSchema,
  pageQuery,
  personaSchema,
  postPersonasResponse201,
  putPersonasByIdResponse,
  responses,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import {
  columnasExport,
  enviarExport,
  formatoExportSchema,
  respuestaExport,
} from '../../lib/tabla-export.ts';
import { checkRefs, empresaScope, one, Params, pagedList, STAMP_COLUMNS } from './sql.ts';

const NOMBRE_COMPLETO = (a: string) =>
  `concat_ws(' ', ${a}.primer_nombre, ${a}.segundo_nombre, ${a}.primer_apellido, ${a}.segundo_apellido)`;

export const PERSONA_SELECT = `pe.id_persona AS "idPersona", pe.id_tipo_iden AS "idTipoIden", ti.nombre AS "tipoIdenNombre",
  pe.documento, pe.id_estado_civil AS "idEstadoCivil", ec.nombre AS "estadoCivilNombre", pe.fecha_nac AS "fechaNac", pe.sexo,
  pe.telefono, pe.primer_nombre AS "primerNombre", pe.segundo_nombre AS "segundoNombre", pe.primer_apellido AS "primerApellido",
  pe.segundo_apellido AS "segundoApellido", pe.id_localidad AS "idLocalidad", lo.nombre AS "localidadNombre", pe.email,
  pe.direccion, pe.id_empresa AS "idEmpresa", pe.tipo_persona AS "tipoPersona", ${NOMBRE_COMPLETO('pe')} AS "nombreCompleto",
  ${STAMP_COLUMNS('pe')}`;
const PERSONA_FROM = `persona pe LEFT JOIN tipo_iden ti ON ti.id_tipo_iden = pe.id_tipo_iden
  LEFT JOIN estado_civil ec ON ec.id_estado_civil = pe.id_estado_civil LEFT JOIN localidad lo ON lo.id_localidad = pe.id_localidad`;

/** The persons list: search, sorts and order, shared by the page and its CSV download. */
const PERSONA_LIST = {
  select: PERSONA_SELECT,
  from: PERSONA_FROM,
  search: ['pe.documento', NOMBRE_COMPLETO('pe'), 'pe.email'],
  sorts: {
    nombreCompleto: `concat_ws(' ', pe.primer_apellido, pe.segundo_apellido, pe.primer_nombre)`,
    documento: 'pe.documento',
    email: 'pe.email',
    fechaReg: 'pe.fecha_reg',
  },
  defaultSort: 'nombreCompleto',
  tiebreak: 'pe.id_persona',
};

/** Id of the cédula identification type (tipo_iden codigo 'C'), for the person rule. */
async function idTipoIdenCedula(db: Queryable): Promise<number | null> {
  const rows = await db.query<{ id: number }>(`SELECT id_tipo_iden AS id FROM tipo_iden WHERE codigo = 'C'`);
  return rows[0]?.id ?? null;
}

export async function getPersona(db: Queryable, req: FastifyRequest, id: number) {
  const p = new Params();
  const scope = empresaScope(req.user, 'pe.id_empresa', p);
  return one<Record<string, unknown>>(
    db,
    `SELECT ${PERSONA_SELECT} FROM ${PERSONA_FROM} WHERE pe.id_persona = ${p.add(id)} AND ${scope}`,
    p.values,
  );
}

const personaBody = personaSchema({ idTipoIdenCedula: null });
type PersonaBody = z.output<typeof personaBody>;

/**
 * The full rule (cédula check digit included) on the raw body, before the route's schema runs, so
 * that every field's message comes back at once; then the references.
 */
async function validatePersona(db: Queryable, raw: unknown): Promise<void> {
  const res = personaSchema({ idTipoIdenCedula: await idTipoIdenCedula(db) }).safeParse(raw);
  if (!res.success) {
    const fields = fieldErrors(res.error);
    throw badRequest(Object.values(fields)[0], fields);
  }
  await checkRefs(db, [
    {
      field: 'idTipoIden',
      label: 'Tipo de identificación',
      table: 'tipo_iden',
      idColumn: 'id_tipo_iden',
      value: res.data.idTipoIden,
    },
    {
      field: 'idEstadoCivil',
      label: 'Estado civil',
      table: 'estado_civil',
      idColumn: 'id_estado_civil',
      value: res.data.idEstadoCivil,
    },
    {
      field: 'idLocalidad',
      label: 'Localidad',
      table: 'localidad',
      idColumn: 'id_localidad',
      value: res.data.idLocalidad,
    },
  ]);
}

const PERSONA_COLS = [
  'id_tipo_iden',
  'documento',
  'id_estado_civil',
  'fecha_nac',
  'sexo',
  'telefono',
  'primer_nombre',
  'segundo_nombre',
  'primer_apellido',
  'segundo_apellido',
  'id_localidad',
  'email',
  'direccion',
];
const personaValues = (b: PersonaBody) => [
  b.idTipoIden,
  b.documento,
  b.idEstadoCivil,
  b.fechaNac,
  b.sexo,
  b.telefono,
  b.primerNombre,
  b.segundoNombre,
  b.primerApellido,
  b.segundoApellido,
  b.idLocalidad,
  b.email,
  b.direccion,
];

/** Persons (docs/spec-summary.md 002 "Person form"); their doctor registrations are a declared resource (decision 88). */
export async function personaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['administración'];
  const read = { onRequest: [app.authenticate], preValidation: [app.requireFlag('moduloAdministracion')] };
  // The persons list's actions follow the session's option flags (docs/spec-summary.md 002 §6).
  const write = {
    onRequest: [app.authenticate],
    preValidation: [
      app.requireFlag('moduloAdministracion'),
      async (req: FastifyRequest) => {
        if (!req.user.opcionOperaciones) throw forbidden();
      },
    ],
  };
  const writePersona = {
    ...write,
    preValidation: [...write.preValidation, (req: FastifyRequest) => validatePersona(db, req.body)],
  };

  r.get(
    '/api/v1/personas',
    {
      ...read,
      schema: {
        response: responses({ 200: getPersonasResponse }),
        tags,
        summary: 'Personas',
        querystring: z.object({ ...pageQuery, idEmpresa: idSchema.optional() }),
      },
    },
    async (req) => {
      const { idEmpresa, ...query } = req.query;
      const p = new Params();
      const where = [empresaScope(req.user, 'pe.id_empresa', p)];
      if (idEmpresa) where.push(`pe.id_empresa = ${p.add(idEmpresa)}`);
      return pagedList(db, { ...PERSONA_LIST, where, params: p }, query);
    },
  );

  // The persons list's download (docs/spec-summary.md 002 §6: only with the session's opcionDescarga).
  const EXPORT_MAX = 50_000;
  type FilaPersona = Record<string, string | null>;
  const COLUMNAS_PERSONAS = columnasExport<FilaPersona>([
    { titulo: 'Documento', tipo: 'texto', valor: (x) => x.documento, ancho: 14 },
    { titulo: 'Nombre completo', tipo: 'texto', valor: (x) => x.nombreCompleto, ancho: 32 },
    { titulo: 'Correo electrónico', tipo: 'texto', valor: (x) => x.email, ancho: 28 },
    { titulo: 'Teléfono', tipo: 'texto', valor: (x) => x.telefono, ancho: 14 },
    { titulo: 'Localidad', tipo: 'texto', valor: (x) => x.localidadNombre },
    { titulo: 'Dirección', tipo: 'texto', valor: (x) => x.direccion, ancho: 30 },
    { titulo: 'Fecha de registro', tipo: 'fecha', valor: (x) => x.fechaReg },
  ]);
  r.get(
    '/api/v1/personas/exportar',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireFlag('moduloAdministracion'), app.requireFlag('opcionDescarga')],
      schema: {
        response: responses({ 200: respuestaExport() }),
        tags,
        summary:
          'Personas en CSV o, con formato=xlsx, en Excel (la búsqueda y el orden de la lista; requiere la opción Descarga)',
        querystring: z.object({
          q: pageQuery.q,
          sort: pageQuery.sort,
          idEmpresa: idSchema.optional(),
          formato: formatoExportSchema,
        }),
      },
    },
    async (req, reply) => {
      const { idEmpresa, q, sort } = req.query;
      const p = new Params();
      const where = [empresaScope(req.user, 'pe.id_empresa', p)];
      if (idEmpresa) where.push(`pe.id_empresa = ${p.add(idEmpresa)}`);
      const page = await pagedList<FilaPersona>(
        db,
        { ...PERSONA_LIST, where, params: p },
        // Search only for a user whose list offers it (opcionConsulta).
        { q: req.user.opcionConsulta ? q : undefined, sort, page: 1, pageSize: EXPORT_MAX },
      );
      return enviarExport(reply, {
        columnas: COLUMNAS_PERSONAS,
        filas: page.items,
        formato: req.query.formato,
        nombre: 'personas',
        hoja: 'Personas',
      });
    },
  );

  r.get(
    '/api/v1/personas/:id',
    {
      ...read,
      schema: {
        response: uncheckedResponses({ 200: getPersonasByIdResponse }),
        tags,
        summary: 'Una persona',
        params: idParams,
      },
    },
    async (req) => getPersona(db, req, req.params.id),
  );

  r.post(
    '/api/v1/personas',
    {
      ...writePersona,
      schema: {
        response: uncheckedResponses({ 201: postPersonasResponse201 }),
        tags,
        summary: 'Crear persona',
        body: personaBody,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const cols = [...PERSONA_COLS, 'id_empresa', 'tipo_persona', 'id_usuario_reg'];
      const values = [...personaValues(b), req.user.idEmpresa, 'N', req.user.idUsuario];
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO persona (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id_persona AS id`,
        values,
      );
      reply.code(201);
      return { mensaje: MSG_ADMIN.personaGuardada, item: await getPersona(db, req, row.id) };
    },
  );

  r.put(
    '/api/v1/personas/:id',
    {
      ...writePersona,
      schema: {
        response: uncheckedResponses({ 200: putPersonasByIdResponse }),
        tags,
        summary: 'Actualizar persona',
        params: idParams,
        body: personaBody,
      },
    },
    async (req) => {
      await getPersona(db, req, req.params.id);
      const b = req.body;
      const values = [...personaValues(b), req.user.idUsuario, req.params.id];
      await db.query(
        `UPDATE persona SET ${PERSONA_COLS.map((c, i) => `${c} = $${i + 1}`).join(', ')}, fecha_act = now(),
           id_usuario_act = $${values.length - 1} WHERE id_persona = $${values.length}`,
        values,
      );
      return { mensaje: MSG_ADMIN.personaGuardada, item: await getPersona(db, req, req.params.id) };
    },
  );

  r.delete(
    '/api/v1/personas/:id',
    {
      ...write,
      schema: {
        response: responses({ 200: mensajeSchema }),
        tags,
        summary: 'Eliminar persona',
        params: idParams,
      },
    },
    async (req) => {
      await getPersona(db, req, req.params.id);
      await db.query('DELETE FROM persona WHERE id_persona = $1', [req.params.id]);
      return { mensaje: MSG.registroEliminado };
    },
  );
}
