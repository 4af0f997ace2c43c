import { getTableColumns } from 'drizzle-orm';
import { integer, numeric, date as pgDate, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { planilla } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test/helpers.ts';
import {
  columna,
  columnas,
  compilar,
  compilarDrizzle,
  consulta,
  contiene,
  likePattern,
  lista,
  paginada,
  sql,
  todas,
  una,
} from './sql.ts';

/** A table of the test only (created as a temporary table inside each transaction). */
const prueba = pgTable('sql_prueba', {
  idPrueba: integer().primaryKey(),
  nombreLargo: text().notNull(),
  valorTotal: numeric({ precision: 12, scale: 2 }),
  fechaDesde: pgDate({ mode: 'string' }),
  fechaAct: timestamp({ withTimezone: true }),
  codigoRaro: text('cod_raro'),
});

const CREAR = sql`CREATE TEMP TABLE sql_prueba (id_prueba int PRIMARY KEY, nombre_largo text NOT NULL,
  valor_total numeric(12,2), fecha_desde date, fecha_act timestamptz, cod_raro text) ON COMMIT DROP`;

describe('columnas()', () => {
  it('writes alias.snake_case AS "property", bare when the names are equal', () => {
    expect(compilar(sql`SELECT ${columnas(prueba, 'x')} FROM sql_prueba x`).text).toBe(
      'SELECT x.id_prueba AS "idPrueba", x.nombre_largo AS "nombreLargo", x.valor_total AS "valorTotal", ' +
        'x.fecha_desde AS "fechaDesde", x.fecha_act AS "fechaAct", x.cod_raro AS "codigoRaro" FROM sql_prueba x',
    );
  });

  it('picks in the given order, omits, and adds computed columns', () => {
    const solo = columnas(prueba, 'x', {
      solo: ['nombreLargo', 'idPrueba'],
      extra: { n: 'count(*) OVER ()' },
    });
    expect(compilar(solo).text).toBe(
      'x.nombre_largo AS "nombreLargo", x.id_prueba AS "idPrueba", count(*) OVER () AS "n"',
    );
    const sin = columnas(prueba, 'x', { sin: ['fechaAct', 'codigoRaro', 'valorTotal', 'fechaDesde'] });
    expect(compilar(sin).text).toBe('x.id_prueba AS "idPrueba", x.nombre_largo AS "nombreLargo"');
    const conParam = columnas(prueba, 'x', { solo: ['idPrueba'], extra: { doble: sql`x.id_prueba * ${2}` } });
    expect(compilar(conParam)).toEqual({
      text: 'x.id_prueba AS "idPrueba", x.id_prueba * $1 AS "doble"',
      params: [2],
    });
  });

  it('compiles exactly as the PgDialect of Drizzle (text and values), falling back to it for columns', () => {
    const fecha = new Date('2026-01-02T03:04:05Z');
    const casos = [
      sql`SELECT ${columnas(prueba, 'x')} FROM sql_prueba x WHERE x.id_prueba = ${1} AND x.nombre_largo LIKE ${'%a%'}`,
      sql`SELECT 1 WHERE ${todas([sql`a = ${1}`, sql.raw('b IS NULL'), sql`c = ANY(${sql.param(['x', 'y'])}::text[])`])}`,
      sql`SELECT ${lista([sql.raw('a'), sql`${2}::int AS b`])} WHERE d IN ${[1, 2, 3]} AND e = ${null} AND f = ${fecha}`,
      sql`UPDATE t SET ${sql.identifier('col_a')} = ${true}${sql.empty()} WHERE ${undefined} id = ${7}`,
      sql`SELECT ${prueba.nombreLargo} FROM ${prueba} WHERE ${prueba.idPrueba} = ${3}`,
      sql`SELECT ${{ a: 1 }}::jsonb AS j`,
    ];
    for (const q of casos) expect(compilar(q)).toEqual(compilarDrizzle(q));
  });

  it('refuses a name that is not a column', () => {
    expect(() => columnas(prueba, 'x', { solo: ['nada' as never] })).toThrow(/not a column/);
  });

  it('columna() names one column for a SET or an ORDER BY; refuses a name that is not one', () => {
    expect(compilar(sql`SET ${columna(prueba, 'fechaDesde')} = ${1}`).text).toBe('SET "fecha_desde" = $1');
    expect(compilar(sql`${columna(prueba, 'codigoRaro')}`).text).toBe('"cod_raro"');
    expect(() => columna(prueba, 'nada' as never)).toThrow(/not a column/);
  });

  it('numbers the parameters of nested fragments in order', () => {
    const q = sql`SELECT 1 WHERE ${todas([sql`a = ${1}`, undefined, sql`b = ANY(${sql.param([2, 3])})`])} AND c = ${'x'}`;
    expect(compilar(q)).toEqual({
      text: 'SELECT 1 WHERE a = $1 AND b = ANY($2) AND c = $3',
      params: [1, [2, 3], 'x'],
    });
    expect(compilar(sql`SELECT ${todas([])}`).text).toBe('SELECT TRUE');
  });
});

const url = process.env.DATABASE_URL;
const motores: Array<['pglite' | 'postgres', () => Promise<Database>]> = [['pglite', () => openDatabase({})]];
if (url) motores.push(['postgres', () => openDatabase({ url })]);

describe.each(motores)('consulta() on %s', (_kind, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('runs on the database and on a transaction with the same values', async () => {
    const filas = await db.transaction(async (tx) => {
      await consulta(tx, CREAR);
      await consulta(
        tx,
        sql`INSERT INTO sql_prueba VALUES (${1}, ${'Ñandú'}, ${'1234.50'}, ${'2026-02-28'}, ${'2026-02-28T23:30:00Z'}, NULL),
          (${2}, ${'otro'}, NULL, NULL, NULL, ${'z'})`,
      );
      return consulta<{
        idPrueba: number;
        nombreLargo: string;
        valorTotal: string | null;
        fechaDesde: string | null;
        fechaAct: Date | null;
        codigoRaro: string | null;
      }>(tx, sql`SELECT ${columnas(prueba, 'x')} FROM sql_prueba x ORDER BY x.id_prueba`);
    });
    expect(filas[0]).toEqual({
      idPrueba: 1,
      nombreLargo: 'Ñandú',
      valorTotal: '1234.50',
      fechaDesde: '2026-02-28',
      fechaAct: new Date('2026-02-28T23:30:00Z'),
      codigoRaro: null,
    });
    expect(filas[1]).toMatchObject({ idPrueba: 2, valorTotal: null, fechaDesde: null, codigoRaro: 'z' });
  });

  it('passes arrays as one parameter with sql.param and = ANY', async () => {
    const filas = await consulta<{ n: number }>(
      db,
      sql`SELECT n FROM generate_series(1, 5) n WHERE n = ANY(${sql.param([2, 4])}::int[]) ORDER BY n`,
    );
    expect(filas.map((f) => f.n)).toEqual([2, 4]);
    const textos = await una<{ t: string[] }>(db, sql`SELECT ${sql.param(['a', 'b'])}::text[] AS t`);
    expect(textos?.t).toEqual(['a', 'b']);
  });

  it('expands a bare array into a parenthesised list (IN)', async () => {
    const filas = await consulta<{ n: number }>(
      db,
      sql`SELECT n FROM generate_series(1, 5) n WHERE n IN ${[1, 5]}`,
    );
    expect(filas.map((f) => f.n)).toEqual([1, 5]);
  });

  it('keeps values out of the text (no injection) and returns undefined for no row', async () => {
    const malo = "x'; DROP TABLE usuario; --";
    expect((await una<{ v: string }>(db, sql`SELECT ${malo}::text AS v`))?.v).toBe(malo);
    expect(await una(db, sql`SELECT 1 WHERE FALSE`)).toBeUndefined();
  });
});

describe('columnas() against the migrated schema', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('names every column of planilla as it exists in the database', async () => {
    const filas = await consulta<Record<string, unknown>>(
      t.database,
      sql`SELECT ${columnas(planilla, 'p')} FROM (SELECT 1) uno LEFT JOIN planilla p ON FALSE`,
    );
    expect(filas.length).toBe(1);
    expect(Object.keys(filas[0]).sort()).toEqual(Object.keys(getTableColumns(planilla)).sort());
  });

  it('paginada(): a page, the exact total, words searched, a page past the end, an unknown sort → 400', async () => {
    const lista = {
      select: sql.raw('n'),
      from: sql.raw('generate_series(1, 25) n'),
      where: [sql`n <> ${100}`],
      buscar: [sql.raw('n')],
      orden: { n: sql.raw('n') },
      ordenInicial: '-n',
      desempate: sql.raw('n'),
    };
    const p1 = await paginada<{ n: number }>(t.database, lista, { page: 1, pageSize: 10 });
    expect(p1).toEqual({
      items: [25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map((n) => ({ n })),
      total: 25,
      page: 1,
      pageSize: 10,
    });
    const unos = await paginada<{ n: number }>(t.database, lista, {
      q: ' 1 ',
      sort: 'n',
      page: 1,
      pageSize: 3,
    });
    expect(unos).toMatchObject({ items: [{ n: 1 }, { n: 10 }, { n: 11 }], total: 12 });
    expect(await paginada(t.database, lista, { page: 9, pageSize: 10 })).toMatchObject({
      items: [],
      total: 25,
    });
    await expect(paginada(t.database, lista, { sort: 'nada', page: 1, pageSize: 10 })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Orden no válido.',
    });
  });

  it('folds accents and case like foldText', async () => {
    const r = await una<{ si: boolean }>(
      t.database,
      sql`SELECT ${contiene(sql`'Ángel Núñez'`, likePattern('nun'))} AS si`,
    );
    expect(r?.si).toBe(true);
  });
});

describe('one SQL idiom in the converted features', () => {
  it('no Params class and no hand-numbered placeholders there', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const raiz = path.join(import.meta.dirname, '../features');
    const archivos = [
      ...['routes', 'queries', 'exportar', 'diagnosticos', 'historial', 'buscar', 'por-diagnostico'].map(
        (f) => `planillas/${f}.ts`,
      ),
      ...['list-ids', 'access', 'ficha', 'controles-sql'].map((f) => `planillas/${f}.ts`),
      ...['pendientes', 'asignaciones', 'asignar', 'controles', 'aplicar'].map((f) => `revision/${f}.ts`),
      ...['queries', 'zip', 'acceso'].map((f) => `archivos/${f}.ts`),
      'tramites/access.ts',
      'tramites/lista.ts',
      'tramites/service.ts',
      'tramites/queries.ts',
      'tramites/insert.ts',
      ...['consultas', 'registro', 'respaldos', 'schema', 'bitacora'].map((f) => `sandbox/${f}.ts`),
      'herramientas/queries.ts',
      'fhir/bundle.ts',
      'preferencias/routes.ts',
      'observaciones-catalogo/routes.ts',
      'planillas/resumen-pdf.ts',
      '../plugins/auth.ts',
      '../plugins/idempotency.ts',
      'autorizaciones/queries.ts',
      'observaciones/lista.ts',
      'detalles/routes.ts',
      'sesiones/queries.ts',
      'registro/service.ts',
      ...['personas', 'empresas', 'suscripciones', 'aseguradores'].map((f) => `admin/${f}.ts`),
      'cargaamb/queries.ts',
      ...['routes', 'routes-login', 'routes-clave', 'routes-2fa', 'throttle', 'totp'].map(
        (f) => `auth/${f}.ts`,
      ),
    ];
    const malos = archivos.filter((f) => {
      const texto = fs.readFileSync(path.join(raiz, f), 'utf8');
      return /new Params\(|\$\$\{|\.query(<[^>]*>)?\(\s*['`]/.test(texto);
    });
    expect(malos).toEqual([]);
  });
});
