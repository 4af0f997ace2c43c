import { hashClave } from '../../lib/clave.ts';
import { consulta, fila, type SQL, sql } from '../../lib/sql.ts';
import type { Queryable } from '../client.ts';
import { PERFILES } from './reference.ts';

export const DEMO_PASSWORD = 'Demo.2026';

export const DEMO_USERS = [
  {
    nombre: 'admin@demo.ec',
    idPerfil: 1,
    empresa: 'aseguradora',
    persona: ['ANDREA', 'SOFÍA', 'MORA', 'CEVALLOS', 'F'],
  },
  {
    nombre: 'prestador@demo.ec',
    idPerfil: 15,
    empresa: 'clinica',
    persona: ['CARLOS', 'ANDRÉS', 'VERA', 'LOOR', 'M'],
  },
  {
    nombre: 'revisor@demo.ec',
    idPerfil: 16,
    empresa: 'aseguradora',
    persona: ['MARÍA', 'JOSÉ', 'PAREDES', 'ÑAUPARI', 'F'],
  },
  {
    nombre: 'supervisor.am@demo.ec',
    idPerfil: 17,
    empresa: 'aseguradora',
    persona: ['LUIS', 'FERNANDO', 'CASTRO', 'ARIAS', 'M'],
  },
  {
    nombre: 'auditor.am@demo.ec',
    idPerfil: 18,
    empresa: 'aseguradora',
    persona: ['DIANA', 'CAROLINA', 'SALAZAR', 'RÍOS', 'F'],
  },
  {
    nombre: 'supervisor.gd@demo.ec',
    idPerfil: 19,
    empresa: 'aseguradora',
    persona: ['JORGE', 'IVÁN', 'MENDOZA', 'PINO', 'M'],
  },
  {
    nombre: 'gestor.gd@demo.ec',
    idPerfil: 20,
    empresa: 'aseguradora',
    persona: ['PAOLA', 'ELIZABETH', 'GUERRERO', 'VITERI', 'F'],
  },
  {
    nombre: 'prestador2@demo.ec',
    idPerfil: 15,
    empresa: 'hospital',
    persona: ['RAÚL', 'ESTEBAN', 'ZAMBRANO', 'MACÍAS', 'M'],
  },
] as const;

/** Builds a valid Ecuadorian cédula from its first nine digits. */
export function cedulaFrom(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return nine + String((10 - (sum % 10)) % 10);
}

/** The id a statement answers (`… AS id`). */
const id = async (database: Queryable, q: SQL) => (await fila<{ id: number }>(database, q)).id;

/** A user row: the given columns, then every flag of the profile on. */
function insertUsuario(valores: Record<string, unknown>, flags: readonly string[]): SQL {
  const cols = [...Object.keys(valores), ...flags];
  const vals = [...Object.values(valores), ...flags.map(() => true)];
  return sql`INSERT INTO usuario (${sql.join(
    cols.map((c) => sql.identifier(c)),
    sql.raw(', '),
  )}) VALUES (${sql.join(
    vals.map((v) => sql`${v}`),
    sql.raw(', '),
  )})`;
}

/** Demo companies, subscription and one user per profile (only when SEED_DEMO is on). */
export async function seedDemo(database: Queryable) {
  const loc = (nombre: string) =>
    id(database, sql`SELECT id_localidad AS id FROM localidad WHERE nombre = ${nombre}`);
  const gye = await loc('GUAYAQUIL');
  const uio = await loc('QUITO');

  const empresa = ([corto, documento, razon, direccion, localidad, suscriptor, suscriptora]: [
    string,
    string,
    string,
    string,
    number,
    boolean,
    number | null,
  ]) =>
    id(
      database,
      sql`INSERT INTO empresa (nombre_corto, documento, razon_social, nombre, direccion, id_localidad, suscriptor, id_empresa_suscriptora)
         VALUES (${corto}, ${documento}, ${razon}, ${razon}, ${direccion}, ${localidad}, ${suscriptor}, ${suscriptora})
         RETURNING id_empresa AS id`,
    );
  const aseg = await empresa([
    'ASEGURADORA PACÍFICO',
    '0992345678001',
    'ASEGURADORA DEL PACÍFICO S.A.',
    'AV. 9 DE OCTUBRE 1234 Y MALECÓN, GUAYAQUIL',
    gye,
    true,
    null,
  ]);
  const clinica = await empresa([
    'CLÍNICA SANTA MARÍA',
    '1791234567001',
    'CLÍNICA SANTA MARÍA CLISAMA CÍA. LTDA.',
    'AV. AMAZONAS N34-120 Y NACIONES UNIDAS, QUITO',
    uio,
    false,
    aseg,
  ]);
  const hospital = await empresa([
    'HOSPITAL DEL VALLE',
    '0991122334001',
    'HOSPITAL DEL VALLE HOSVALLE S.A.',
    'AV. SAMBORONDÓN KM 2.5, GUAYAQUIL',
    gye,
    false,
    aseg,
  ]);
  const empresas = { aseguradora: aseg, clinica, hospital } as const;

  await consulta(
    database,
    sql`INSERT INTO asegurador (nombre, tipo, id_empresa)
        VALUES ('ASEGURADORA DEL PACÍFICO S.A.', 'MEDICINA PREPAGADA', ${aseg})`,
  );
  await consulta(
    database,
    sql`INSERT INTO prestador (id_empresa, razon_social, nombre_comercial, ruc) VALUES
     (${clinica}, 'CLÍNICA SANTA MARÍA CLISAMA CÍA. LTDA.', 'CLÍNICA SANTA MARÍA', '1791234567001'),
     (${hospital}, 'HOSPITAL DEL VALLE HOSVALLE S.A.', 'HOSPITAL DEL VALLE', '0991122334001')`,
  );

  const plan = await id(database, sql`SELECT id_plan AS id FROM plan WHERE nombre = 'PROFESIONAL'`);
  const fp = await id(
    database,
    sql`SELECT id_forma_pago AS id FROM forma_pago WHERE nombre = 'TRANSFERENCIA BANCARIA'`,
  );
  const year = new Date().getUTCFullYear();
  const susc = await id(
    database,
    sql`INSERT INTO suscripcion (id_plan, id_forma_pago, id_empresa, numero, estado, fecha_desde, fecha_hasta)
     VALUES (${plan}, ${fp}, ${aseg}, 'SUS-2026-0001', 'VIGENTE', ${`${year}-01-01`}, ${`${year}-12-31`})
     RETURNING id_suscripcion AS id`,
  );

  const cedulaTipo = await id(database, sql`SELECT id_tipo_iden AS id FROM tipo_iden WHERE codigo = 'C'`);
  const civil = await id(database, sql`SELECT min(id_estado_civil) AS id FROM estado_civil`);
  const clave = await hashClave(DEMO_PASSWORD);

  let n = 0;
  for (const u of DEMO_USERS) {
    n++;
    const [pn, sn, pa, sa, sexo] = u.persona;
    const idEmpresa = empresas[u.empresa];
    const persona = await id(
      database,
      sql`INSERT INTO persona (id_tipo_iden, documento, id_estado_civil, fecha_nac, sexo, telefono, primer_nombre, segundo_nombre,
         primer_apellido, segundo_apellido, id_localidad, email, direccion, id_empresa)
       VALUES (${cedulaTipo}, ${cedulaFrom(`09${String(1234560 + n * 7)}`)}, ${civil}, ${`${1975 + n}-0${(n % 9) + 1}-1${n % 9}`},
               ${sexo}, ${`09${String(81234560 + n)}`}, ${pn}, ${sn}, ${pa}, ${sa}, ${idEmpresa === clinica ? uio : gye},
               ${u.nombre}, 'CDLA. KENNEDY NORTE, MZ. 10 V. 5', ${idEmpresa})
       RETURNING id_persona AS id`,
    );
    const perfil = PERFILES.find((p) => p.id === u.idPerfil)!;
    await consulta(
      database,
      insertUsuario(
        {
          id_empresa: idEmpresa,
          id_perfil: u.idPerfil,
          id_suscripcion: susc,
          id_persona: persona,
          nombre: u.nombre,
          clave,
        },
        perfil.flags,
      ),
    );
  }
  await consulta(
    database,
    sql`UPDATE suscripcion SET id_usuario = (SELECT id_usuario FROM usuario WHERE nombre = 'admin@demo.ec')
         WHERE id_suscripcion = ${susc}`,
  );
  await seedPlataforma(database, clave);
  await seedPriceLists(database);
}

/** The demo platform operator (issue 11 item 3). */
export const DEMO_PLATAFORMA = 'plataforma@demo.ec';

/**
 * The platform operator of the demo: the only user who writes the system-wide catalogues (CIE-10,
 * plans, services, profiles, ...). Its own company, without a subscription, so it sees no tenant's
 * data; `usuario.plataforma` is set only here or by SQL, never through the API.
 */
async function seedPlataforma(database: Queryable, clave: string) {
  const empresa = await id(
    database,
    sql`INSERT INTO empresa (nombre_corto, documento, razon_social, nombre, suscriptor)
     VALUES ('PLATAFORMA', '1790000000001', 'OPERADOR DE LA PLATAFORMA', 'OPERADOR DE LA PLATAFORMA', true)
     RETURNING id_empresa AS id`,
  );
  const perfil = PERFILES.find((p) => p.id === 1)!;
  await consulta(
    database,
    insertUsuario(
      { id_empresa: empresa, id_perfil: 1, nombre: DEMO_PLATAFORMA, clave, plataforma: true },
      perfil.flags,
    ),
  );
}

/**
 * Each demo provider's price list (the clinic at the reference value, the hospital 10 % above) and a
 * few of their own codes mapped to elements (equivalences), so that loads can be validated.
 */
async function seedPriceLists(database: Queryable) {
  await consulta(
    database,
    sql`INSERT INTO tarifa_pres (id_prestador, id_elemento, valor)
     SELECT p.id_prestador, e.id_elemento, CASE WHEN p.ruc = '1791234567001' THEN e.valor ELSE round(e.valor * 1.10, 2) END
       FROM prestador p CROSS JOIN elemento e WHERE e.valor IS NOT NULL`,
  );
  await consulta(
    database,
    sql`INSERT INTO elem_pres (id_prestador, id_elemento, codigo, nombre)
     SELECT p.id_prestador, e.id_elemento, v.codigo, e.nombre
       FROM (VALUES ('1791234567001', 'CSM-CONS-03', '99203'), ('1791234567001', 'CSM-LAB-BH', '85025'),
                    ('0991122334001', 'HV-RX-TORAX', '71020'), ('0991122334001', 'HV-EMERG-3', '99283')) v(ruc, codigo, ref)
       JOIN prestador p ON p.ruc = v.ruc JOIN elemento e ON e.codigo = v.ref`,
  );
}
