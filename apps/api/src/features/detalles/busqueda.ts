import { type ElementoBusqueda, foldText } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { elemento, elemPres as elemPresT, tarifaPres } from '../../db/schema/index.ts';
import { columnas, consulta, contiene, fila, likePattern, lista, prefixPattern, sql } from '../../lib/sql.ts';

/* The statements of the line window's searches and of the provider-code equivalences (routes-busqueda.ts). */

/** A found element with the provider's agreed value (aliases e, c class, tp tariff). */
const ELEMENTO = columnas(elemento, 'e', {
  solo: ['idElemento', 'codigo', 'nombre'],
  extra: { clasElemNombre: 'c.nombre', valor: 'e.valor::text', tarifaConv: 'tp.valor::text' },
});

/** A row of the agreed tariff (aliases tp, ta tariff book, e element). */
export const TARIFA = columnas(tarifaPres, 'tp', {
  solo: ['idTarifaPres'],
  extra: {
    idTarifa: 'tp.id_tarifario',
    tarifarioNombre: 'ta.descripcion',
    idElemento: 'e.id_elemento',
    elementoCodigo: 'e.codigo',
    elementoNombre: 'e.nombre',
    valor: 'tp.valor::text',
  },
});

/** A provider's code with its element and agreed value (aliases t, pr provider, e, tp, ta). */
export const EQUIVALENCIA = lista([
  columnas(elemPresT, 't', {
    solo: ['idElemPres', 'idPrestador'],
    extra: { prestadorNombre: 'pr.nombre_comercial' },
  }),
  columnas(elemPresT, 't', {
    solo: ['codigo', 'nombre', 'idElemento'],
    extra: {
      elementoCodigo: 'e.codigo',
      elementoNombre: 'e.nombre',
      tarifaConv: 'tp.valor::text',
      tarifarioNombre: 'ta.descripcion',
    },
  }),
]);

/** Elements matching a text by code prefix or words of the name, with the provider's agreed value. */
export async function buscarElementos(
  q: Queryable,
  idPrestador: number,
  text: string | undefined,
  page: number,
  pageSize: number,
) {
  const cond = text
    ? sql`(e.codigo LIKE ${prefixPattern(text.toUpperCase())} OR ${contiene(sql.raw('e.nombre'), likePattern(foldText(text)))})`
    : sql.raw('TRUE');
  const { n } = await fila<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM elemento e WHERE ${cond}`);
  const items = await consulta<ElementoBusqueda>(
    q,
    sql`SELECT ${ELEMENTO}
       FROM elemento e LEFT JOIN clas_elem c ON c.id_clas_elem = e.id_clas_elem
       LEFT JOIN tarifa_pres tp ON tp.id_prestador = ${idPrestador} AND tp.id_elemento = e.id_elemento
      WHERE ${cond} ORDER BY e.nombre, e.codigo LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return { items, total: n, page, pageSize };
}
