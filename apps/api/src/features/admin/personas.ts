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
import { persona } from '../../db/schema/index.ts';
import { empresasAdministradasSql } from '../../lib/admin-scope.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, lista, paginada, type SQL, sql, una } from '../../lib/sql.ts';
import {
  columnasExport,
  enviarExport,
  formatoExportSchema,
  respuestaExport,
} from '../../lib/tabla-export.ts';

const r_ = sql.raw;
const NOMBRE_COMPLETO = `concat_ws(' ', pe.primer_nombre, pe.segundo_nombre, pe.primer_apellido, pe.segundo_apellido)`;

const PERSONA_SELECT = lista([
  columnas(persona, 'pe', { solo: ['idPersona', 'idTipoIden'], extra: { tipoIdenNombre: 'ti.nombre' } }),
  columnas(persona, 'pe', {
    solo: ['documento', 'idEstadoCivil'],
    extra: { estadoCivilNombre: 'ec.nombre' },
  }),
  columnas(persona, 'pe', {
    solo: [
      'fechaNac',
      'sexo',
      'telefono',
      'primerNombre',
      'segundoNombre',
      'primerApellido',
      'segundoApellido',
      'idLocalidad',
    ],
    extra: { localidadNombre: 'lo.nombre' },
  }),
  columnas(persona, 'pe', {
    solo: ['email', 'direccion', 'idEmpresa', 'tipoPersona'],
    extra: { nombreCompleto: NOMBRE_COMPLETO },
  }),
  columnas(persona, 'pe', { solo: ['fechaReg', 'fechaAct', 'idUsuarioReg', 'idUsuarioAct'] }),
]);
const PERSONA_FROM = r_(`persona pe LEFT JOIN tipo_iden ti ON ti.id_tipo_iden = pe.id_tipo_iden
  LEFT JOIN estado_civil ec ON ec.id_estado_civil = pe.id_estado_civil LEFT JOIN localidad lo ON lo.id_localidad = pe.id_localidad`);

/** The persons list: search, sorts and order, shared by the page and its CSV download. */
const PERSONA_LIST = {
  select: PERSONA_SELECT,
  from: PERSONA_FROM,
  buscar: [r_('pe.documento'), r_(NOMBRE_COMPLETO), r_('pe.email')],
  orden: {
    nombreCompleto: r_(`concat_ws(' ', pe.primer_apellido, pe.segundo_apellido, pe.primer_nombre)`),
    documento: r_('pe.documento'),
    email: r_('pe.email'),
    fechaReg: r_('pe.fecha_reg'),
  },
  ordenInicial: 'nombreCompleto',
  desempate: r_('pe.id_persona'),
};

/** The persons of the companies the user administers (and of one of them). */
const personasVisibles = (req: FastifyRequest, idEmpresa?: number) => [
  empresasAdministradasSql(req.user, r_('pe.id_empresa')),
  idEmpresa ? sql`pe.id_empresa = ${idEmpresa}` : undefined,
];

/** Id of the cédula identification type (tipo_iden codigo 'C'), for the person rule. */
async function idTipoIdenCedula(db: Queryable): Promise<number | null> {
  return (
    (await una<{ id: number }>(db, sql`SELECT id_tipo_iden AS id FROM tipo_iden WHERE codigo = 'C'`))?.id ??
    null
  );
}

export async function getPersona(db: Queryable, req: FastifyRequest, id: number) {
  const row = await una<Record<string, unknown>>(
    db,
    sql`SELECT ${PERSONA_SELECT} FROM ${PERSONA_FROM} WHERE pe.id_persona = ${id} AND ${empresasAdministradasSql(req.user, r_('pe.id_empresa'))}`,
  );
  if (!row) throw notFound();
  return row;
}

/** The catalogues a person refers to: each given id must exist, else 400 under its field. */
const REFERENCIAS = [
  { field: 'idTipoIden', label: 'Tipo de identificación', table: 'tipo_iden', idColumn: 'id_tipo_iden' },
  { field: 'idEstadoCivil', label: 'Estado civil', table: 'estado_civil', idColumn: 'id_estado_civil' },
  { field: 'idLocalidad', label: 'Localidad', table: 'localidad', idColumn: 'id_localidad' },
] as const;

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
  const fields: Record<string, string> = {};
  for (const ref of REFERENCIAS) {
    const value = res.data[ref.field];
    if (value === null || value === undefined) continue;
    const existe = await una(db, sql`SELECT 1 FROM ${r_(ref.table)} WHERE ${r_(ref.idColumn)} = ${value}`);
    if (!existe) fields[ref.field] = `${ref.label}: el registro seleccionado no existe.`;
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

/** The columns a person's form writes, with their values. */
const personaValores = (b: PersonaBody): [string, unknown][] => [
  ['id_tipo_iden', b.idTipoIden],
  ['documento', b.documento],
  ['id_estado_civil', b.idEstadoCivil],
  ['fecha_nac', b.fechaNac],
  ['sexo', b.sexo],
  ['telefono', b.telefono],
  ['primer_nombre', b.primerNombre],
  ['segundo_nombre', b.segundoNombre],
  ['primer_apellido', b.primerApellido],
  ['segundo_apellido', b.segundoApellido],
  ['id_localidad', b.idLocalidad],
  ['email', b.email],
  ['direccion', b.direccion],
];

const comas = (partes: SQL[]) => sql.join(partes, r_(', '));

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
      return paginada(db, { ...PERSONA_LIST, where: personasVisibles(req, idEmpresa) }, query);
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
      const page = await paginada<FilaPersona>(
        db,
        { ...PERSONA_LIST, where: personasVisibles(req, idEmpresa) },
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
      const valores: [string, unknown][] = [
        ...personaValores(b),
        ['id_empresa', req.user.idEmpresa],
        ['tipo_persona', 'N'],
        ['id_usuario_reg', req.user.idUsuario],
      ];
      const row = await fila<{ id: number }>(
        db,
        sql`INSERT INTO persona (${r_(valores.map(([c]) => c).join(', '))})
             VALUES (${comas(valores.map(([, v]) => sql`${v}`))}) RETURNING id_persona AS id`,
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
      const asignaciones = comas(personaValores(b).map(([c, v]) => sql`${r_(c)} = ${v}`));
      await consulta(
        db,
        sql`UPDATE persona SET ${asignaciones}, fecha_act = now(), id_usuario_act = ${req.user.idUsuario}
             WHERE id_persona = ${req.params.id}`,
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
      await consulta(db, sql`DELETE FROM persona WHERE id_persona = ${req.params.id}`);
      return { mensaje: MSG.registroEliminado };
    },
  );
}
