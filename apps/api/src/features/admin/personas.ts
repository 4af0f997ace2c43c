import { fieldErrors, idSchema, pageQuery, personaSchema, responses } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { CrudHooks, CrudResource } from '../../lib/crud.ts';
import { badRequest } from '../../lib/errors.ts';
import { sql, una } from '../../lib/sql.ts';
import {
  columnasExport,
  enviarExport,
  formatoExportSchema,
  respuestaExport,
} from '../../lib/tabla-export.ts';

/** Id of the cédula identification type (tipo_iden codigo 'C'), for the person rule. */
async function idTipoIdenCedula(db: Queryable): Promise<number | null> {
  return (
    (await una<{ id: number }>(db, sql`SELECT id_tipo_iden AS id FROM tipo_iden WHERE codigo = 'C'`))?.id ??
    null
  );
}

/**
 * What a person's declaration (packages/domain admin/personas-recursos.ts) does not say: the full rule,
 * the cédula's check digit included, runs on the raw body before the route's schema so that every field's
 * message comes back at once; a person created here is natural ('N').
 */
export function personaHooks(db: Queryable): CrudHooks {
  return {
    validate: async (req) => {
      const res = personaSchema({ idTipoIdenCedula: await idTipoIdenCedula(db) }).safeParse(req.body);
      if (res.success) return;
      const fields = fieldErrors(res.error);
      throw badRequest(Object.values(fields)[0], fields);
    },
    onCreate: () => ({ tipoPersona: 'N' }),
  };
}

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

/**
 * The persons list's download (docs/spec-summary.md 002 §6: only with the session's opcionDescarga): the
 * declared list's rows, search and order (`personas`, the engine's), in one page of up to 50,000.
 */
export function personaRoutes(app: FastifyInstance, personas: CrudResource) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/personas/exportar',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireFlag('moduloAdministracion'), app.requireFlag('opcionDescarga')],
      schema: {
        response: responses({ 200: respuestaExport() }),
        tags: ['administración'],
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
      const { idEmpresa, q, sort, formato } = req.query;
      const page = await personas.list(req, {
        // Search only for a user whose list offers it (opcionConsulta).
        q: req.user.opcionConsulta ? q : undefined,
        sort,
        page: 1,
        pageSize: EXPORT_MAX,
        idEmpresa,
      });
      return enviarExport(reply, {
        columnas: COLUMNAS_PERSONAS,
        filas: page.items as FilaPersona[],
        formato,
        nombre: 'personas',
        hoja: 'Personas',
      });
    },
  );
}
