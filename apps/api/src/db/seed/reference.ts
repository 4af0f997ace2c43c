import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { SEED_DATA_DIR } from '../../paths.ts';
import type { Queryable } from '../client.ts';
import { conTildes } from './cie10-tildes.ts';
import { seedVademecum } from './vademecum.ts';

const dataDir = SEED_DATA_DIR;

/** Insert many rows in one statement through unnest() (works the same on PGlite and PostgreSQL). */
export async function bulkInsert(
  database: Queryable,
  table: string,
  columns: { name: string; type: string }[],
  rows: unknown[][],
  chunk = 5000,
) {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const arrays = columns.map((_, c) => part.map((r) => r[c] ?? null));
    const cols = columns.map((c) => `"${c.name}"`).join(', ');
    const unnest = columns.map((c, n) => `$${n + 1}::${c.type}[]`).join(', ');
    await database.query(`INSERT INTO ${table} (${cols}) SELECT * FROM unnest(${unnest})`, arrays);
  }
}

async function insertRows(database: Queryable, table: string, cols: string[], rows: unknown[][]) {
  await bulkInsert(
    database,
    table,
    cols.map((c) => {
      const [name, type = 'text'] = c.split(':');
      return { name, type };
    }),
    rows,
  );
}

export const PERFILES: Array<{ id: number; nombre: string; flags: string[] }> = [
  {
    id: 1,
    nombre: 'ADMINISTRADOR',
    flags: [
      'modulo_administracion',
      'modulo_auditoria',
      'menu_parametros',
      'menu_procesos',
      'menu_reportes',
      'menu_ayuda',
      'opcion_consulta',
      'opcion_operaciones',
      'opcion_descarga',
      'opcion_menu',
    ],
  },
  {
    id: 15,
    nombre: 'PRESTADOR',
    flags: [
      'modulo_auditoria',
      'menu_procesos',
      'menu_reportes',
      'menu_ayuda',
      'opcion_consulta',
      'opcion_descarga',
    ],
  },
  {
    id: 16,
    nombre: 'REVISOR',
    flags: [
      'modulo_auditoria',
      'menu_procesos',
      'menu_reportes',
      'menu_ayuda',
      'opcion_consulta',
      'opcion_operaciones',
      'opcion_descarga',
    ],
  },
  {
    id: 17,
    nombre: 'SUPERVISOR AUDITORÍA MÉDICA',
    flags: [
      'modulo_auditoria',
      'menu_procesos',
      'menu_reportes',
      'menu_parametros',
      'menu_ayuda',
      'opcion_consulta',
      'opcion_operaciones',
      'opcion_descarga',
    ],
  },
  {
    id: 18,
    nombre: 'AUDITOR MÉDICO',
    flags: ['modulo_auditoria', 'menu_procesos', 'menu_ayuda', 'opcion_consulta', 'opcion_operaciones'],
  },
  {
    id: 19,
    nombre: 'SUPERVISOR GESTIÓN DOCUMENTAL',
    flags: [
      'modulo_auditoria',
      'menu_procesos',
      'menu_reportes',
      'menu_parametros',
      'menu_ayuda',
      'opcion_consulta',
      'opcion_operaciones',
      'opcion_descarga',
    ],
  },
  {
    id: 20,
    nombre: 'GESTOR DOCUMENTAL',
    flags: ['modulo_auditoria', 'menu_procesos', 'menu_ayuda', 'opcion_consulta', 'opcion_operaciones'],
  },
];

const CONSEJOS: Record<number, string[]> = {
  1: [
    'Revise cada mes que la suscripción de su empresa esté VIGENTE para no interrumpir el servicio.',
    'Al crear un usuario, sus permisos se copian del perfil elegido; luego puede ajustarlos uno a uno.',
    'Use la bitácora de sesiones para saber quién ingresó y desde dónde.',
  ],
  15: [
    'Antes de cargar un archivo de datos, verifique que las fechas estén dentro del período del trámite.',
    'Nombre cada documento con el número de la atención (por ejemplo 123.pdf) para que se asocie solo.',
    'Corrija los errores de una carga y vuelva a subirla: las novedades no impiden organizar las atenciones.',
  ],
  16: [
    'Puede asignar atenciones a auditores y gestores repartiendo una carga en partes iguales.',
    'Los controles de la pestaña Supervisión señalan duplicados y fechas fuera del período.',
  ],
  17: [
    'Reciba los trámites ENVIADOS apenas lleguen: el plazo de auditoría empieza al recibirlos.',
    'Antes de finalizar un trámite, confirme que todas las atenciones estén FINALIZADAS por AM y GD.',
    'Los controles 1 a 5 le muestran en segundos qué atenciones revisar primero.',
  ],
  18: [
    'Con el teclado puede pasar a la siguiente atención pendiente sin usar el ratón.',
    'Revise los diagnósticos CIE-10 junto al documento de respaldo antes de registrar la revisión.',
  ],
  19: [
    'Reparta las atenciones entre su equipo desde la pestaña Asignar Gestor Documental.',
    'La pestaña de atenciones sin documentos le indica qué falta pedir al prestador.',
  ],
  20: [
    'Abra la vista previa del documento junto a la atención: no necesita descargar el archivo.',
    'Registre la revisión apenas termine cada atención para que su supervisor vea el avance.',
  ],
};

/** Ecuador: a canton per row (code, canton, province) covering the 24 provinces. */
const LOCALIDADES: [string, string, string][] = [
  ['0101', 'CUENCA', 'AZUAY'],
  ['0102', 'GIRÓN', 'AZUAY'],
  ['0201', 'GUARANDA', 'BOLÍVAR'],
  ['0301', 'AZOGUES', 'CAÑAR'],
  ['0401', 'TULCÁN', 'CARCHI'],
  ['0501', 'LATACUNGA', 'COTOPAXI'],
  ['0601', 'RIOBAMBA', 'CHIMBORAZO'],
  ['0701', 'MACHALA', 'EL ORO'],
  ['0801', 'ESMERALDAS', 'ESMERALDAS'],
  ['0901', 'GUAYAQUIL', 'GUAYAS'],
  ['0907', 'DURÁN', 'GUAYAS'],
  ['0916', 'SAMBORONDÓN', 'GUAYAS'],
  ['0910', 'MILAGRO', 'GUAYAS'],
  ['1001', 'IBARRA', 'IMBABURA'],
  ['1004', 'OTAVALO', 'IMBABURA'],
  ['1101', 'LOJA', 'LOJA'],
  ['1201', 'BABAHOYO', 'LOS RÍOS'],
  ['1205', 'QUEVEDO', 'LOS RÍOS'],
  ['1301', 'PORTOVIEJO', 'MANABÍ'],
  ['1308', 'MANTA', 'MANABÍ'],
  ['1401', 'MACAS', 'MORONA SANTIAGO'],
  ['1501', 'TENA', 'NAPO'],
  ['1601', 'PUYO', 'PASTAZA'],
  ['1701', 'QUITO', 'PICHINCHA'],
  ['1703', 'CAYAMBE', 'PICHINCHA'],
  ['1705', 'RUMIÑAHUI', 'PICHINCHA'],
  ['1801', 'AMBATO', 'TUNGURAHUA'],
  ['1901', 'ZAMORA', 'ZAMORA CHINCHIPE'],
  ['2001', 'SAN CRISTÓBAL', 'GALÁPAGOS'],
  ['2101', 'NUEVA LOJA', 'SUCUMBÍOS'],
  ['2201', 'FRANCISCO DE ORELLANA', 'ORELLANA'],
  ['2301', 'SANTO DOMINGO', 'SANTO DOMINGO DE LOS TSÁCHILAS'],
  ['2401', 'SANTA ELENA', 'SANTA ELENA'],
  ['2402', 'LA LIBERTAD', 'SANTA ELENA'],
];

const ESPECIALIDADES = [
  'MEDICINA GENERAL',
  'MEDICINA INTERNA',
  'PEDIATRÍA',
  'GINECOLOGÍA Y OBSTETRICIA',
  'CIRUGÍA GENERAL',
  'TRAUMATOLOGÍA Y ORTOPEDIA',
  'CARDIOLOGÍA',
  'NEUMOLOGÍA',
  'GASTROENTEROLOGÍA',
  'NEUROLOGÍA',
  'DERMATOLOGÍA',
  'OFTALMOLOGÍA',
  'OTORRINOLARINGOLOGÍA',
  'UROLOGÍA',
  'PSIQUIATRÍA',
  'ANESTESIOLOGÍA',
  'IMAGENOLOGÍA',
  'LABORATORIO CLÍNICO',
  'MEDICINA FAMILIAR',
  'ODONTOLOGÍA',
];

/**
 * Coded elements in the style of the TPSNS (Tarifario de Prestaciones para el Sistema Nacional de
 * Salud), the medicines' list and medical devices: [codigo, nombre, tipo (P M I L X), clasificación, valor].
 */
export const ELEMENTOS: [string, string, 'P' | 'M' | 'I' | 'L' | 'X', 'TPSNS' | 'MED' | 'DM', string][] = [
  ['99201', 'CONSULTA EXTERNA PACIENTE NUEVO, NIVEL 1', 'P', 'TPSNS', '12.40'],
  ['99202', 'CONSULTA EXTERNA PACIENTE NUEVO, NIVEL 2', 'P', 'TPSNS', '18.60'],
  ['99203', 'CONSULTA EXTERNA PACIENTE NUEVO, NIVEL 3', 'P', 'TPSNS', '25.50'],
  ['99212', 'CONSULTA EXTERNA PACIENTE SUBSECUENTE, NIVEL 2', 'P', 'TPSNS', '15.20'],
  ['99213', 'CONSULTA EXTERNA PACIENTE SUBSECUENTE, NIVEL 3', 'P', 'TPSNS', '20.30'],
  ['99281', 'ATENCIÓN EN EMERGENCIA, NIVEL 1', 'P', 'TPSNS', '16.00'],
  ['99283', 'ATENCIÓN EN EMERGENCIA, NIVEL 3', 'P', 'TPSNS', '38.40'],
  ['99221', 'VISITA HOSPITALARIA INICIAL', 'P', 'TPSNS', '45.90'],
  ['99231', 'VISITA HOSPITALARIA SUBSECUENTE', 'P', 'TPSNS', '22.70'],
  ['12001', 'SUTURA SIMPLE DE HERIDA SUPERFICIAL HASTA 2,5 CM', 'P', 'TPSNS', '48.75'],
  ['10060', 'DRENAJE DE ABSCESO SIMPLE', 'P', 'TPSNS', '62.10'],
  ['93000', 'ELECTROCARDIOGRAMA DE RUTINA CON INTERPRETACIÓN', 'P', 'TPSNS', '21.35'],
  ['96372', 'INYECCIÓN INTRAMUSCULAR O SUBCUTÁNEA', 'P', 'TPSNS', '6.80'],
  ['94640', 'NEBULIZACIÓN, TRATAMIENTO POR INHALACIÓN', 'P', 'TPSNS', '9.40'],
  ['44950', 'APENDICECTOMÍA', 'P', 'TPSNS', '520.00'],
  ['59400', 'ATENCIÓN DE PARTO NORMAL', 'P', 'TPSNS', '410.00'],
  ['85025', 'BIOMETRÍA HEMÁTICA COMPLETA', 'L', 'TPSNS', '7.90'],
  ['82947', 'GLUCOSA EN SANGRE', 'L', 'TPSNS', '3.10'],
  ['80061', 'PERFIL LIPÍDICO', 'L', 'TPSNS', '14.60'],
  ['81001', 'ELEMENTAL Y MICROSCÓPICO DE ORINA', 'L', 'TPSNS', '4.20'],
  ['84443', 'HORMONA ESTIMULANTE DE TIROIDES (TSH)', 'L', 'TPSNS', '12.80'],
  ['82565', 'CREATININA EN SANGRE', 'L', 'TPSNS', '3.40'],
  ['86803', 'ANTICUERPOS CONTRA HEPATITIS C', 'L', 'TPSNS', '18.90'],
  ['87086', 'UROCULTIVO CON RECUENTO DE COLONIAS', 'L', 'TPSNS', '15.70'],
  ['71020', 'RADIOGRAFÍA DE TÓRAX, DOS PROYECCIONES', 'X', 'TPSNS', '24.60'],
  ['73610', 'RADIOGRAFÍA DE TOBILLO, TRES PROYECCIONES', 'X', 'TPSNS', '22.40'],
  ['76700', 'ECOGRAFÍA DE ABDOMEN COMPLETO', 'X', 'TPSNS', '45.00'],
  ['76805', 'ECOGRAFÍA OBSTÉTRICA', 'X', 'TPSNS', '42.30'],
  ['74150', 'TOMOGRAFÍA DE ABDOMEN SIN CONTRASTE', 'X', 'TPSNS', '165.00'],
  ['N02BE01', 'PARACETAMOL 500 MG TABLETA', 'M', 'MED', '0.04'],
  ['J01CA04', 'AMOXICILINA 500 MG CÁPSULA', 'M', 'MED', '0.12'],
  ['M01AE01', 'IBUPROFENO 400 MG TABLETA', 'M', 'MED', '0.06'],
  ['A02BC01', 'OMEPRAZOL 20 MG CÁPSULA', 'M', 'MED', '0.08'],
  ['R06AE07', 'CETIRIZINA 10 MG TABLETA', 'M', 'MED', '0.05'],
  ['A03FA01', 'METOCLOPRAMIDA 10 MG/2 ML SOLUCIÓN INYECTABLE', 'M', 'MED', '0.35'],
  ['B05BB01', 'CLORURO DE SODIO 0,9 % SOLUCIÓN INYECTABLE 1000 ML', 'M', 'MED', '1.45'],
  ['J01DD04', 'CEFTRIAXONA 1 G POLVO PARA SOLUCIÓN INYECTABLE', 'M', 'MED', '1.90'],
  ['DM-0001', 'JERINGA DESCARTABLE 5 ML CON AGUJA', 'I', 'DM', '0.12'],
  ['DM-0002', 'CATÉTER INTRAVENOSO PERIFÉRICO 20G', 'I', 'DM', '0.85'],
  ['DM-0003', 'EQUIPO DE VENOCLISIS', 'I', 'DM', '0.95'],
  ['DM-0004', 'GUANTES DE EXAMINACIÓN DE NITRILO (PAR)', 'I', 'DM', '0.18'],
  ['DM-0005', 'GASA ESTÉRIL 10 X 10 CM (PAQUETE)', 'I', 'DM', '0.40'],
  ['DM-0006', 'SUTURA DE NAILON 3-0 CON AGUJA', 'I', 'DM', '2.30'],
];

/** Reference catalogues and profiles: seeded on every empty database, demo or not. */
export async function seedReference(database: Queryable) {
  await insertRows(
    database,
    'tipo_iden',
    ['codigo', 'nombre', 'longitud:int'],
    [
      ['C', 'CÉDULA', 10],
      ['R', 'RUC', 13],
      ['P', 'PASAPORTE', null],
    ],
  );
  await insertRows(
    database,
    'estado_civil',
    ['nombre'],
    [['SOLTERO(A)'], ['CASADO(A)'], ['DIVORCIADO(A)'], ['VIUDO(A)'], ['UNIÓN DE HECHO']],
  );
  await insertRows(database, 'localidad', ['codigo', 'nombre', 'provincia'], LOCALIDADES);
  await insertRows(
    database,
    'forma_pago',
    ['nombre'],
    [['TRANSFERENCIA BANCARIA'], ['TARJETA DE CRÉDITO'], ['DÉBITO AUTOMÁTICO'], ['EFECTIVO']],
  );
  await insertRows(
    database,
    'plan',
    ['nombre', 'descripcion', 'valor:numeric', 'duracion_meses:int'],
    [
      ['BÁSICO', 'Hasta 5 usuarios y 2.000 atenciones al mes', '150.00', 12],
      ['PROFESIONAL', 'Hasta 25 usuarios y 20.000 atenciones al mes', '450.00', 12],
      ['CORPORATIVO', 'Usuarios y atenciones ilimitados, soporte prioritario', '1200.00', 12],
    ],
  );
  await insertRows(
    database,
    'especialidad',
    ['nombre'],
    ESPECIALIDADES.map((e) => [e]),
  );
  await insertRows(
    database,
    'servicio',
    ['codigo', 'nombre'],
    [
      ['AMB', 'AMBULATORIO'],
      ['HOS', 'HOSPITALARIO'],
    ],
  );
  await insertRows(
    database,
    'tipo_elem',
    ['codigo', 'nombre'],
    [
      ['P', 'PROCEDIMIENTO'],
      ['M', 'MEDICAMENTO'],
      ['I', 'INSUMO'],
      ['L', 'LABORATORIO'],
      ['X', 'IMAGEN'],
    ],
  );
  await insertRows(
    database,
    'clas_elem',
    ['nombre', 'descripcion'],
    [
      ['TARIFARIO DE PRESTACIONES (TPSNS)', 'Tarifario de Prestaciones para el Sistema Nacional de Salud'],
      ['MEDICAMENTOS', 'Cuadro Nacional de Medicamentos Básicos'],
      ['DISPOSITIVOS MÉDICOS', 'Insumos y dispositivos médicos'],
    ],
  );
  const tipos = await database.query<{ id: number; codigo: string }>(
    'SELECT id_tipo_elem AS id, codigo FROM tipo_elem',
  );
  const clases = await database.query<{ id: number; nombre: string }>(
    'SELECT id_clas_elem AS id, nombre FROM clas_elem',
  );
  const claseId = (c: string) =>
    clases.find((x) =>
      x.nombre.startsWith(c === 'TPSNS' ? 'TARIFARIO' : c === 'MED' ? 'MEDICAMENTOS' : 'DISPOSITIVOS'),
    )!.id;
  await insertRows(
    database,
    'elemento',
    ['codigo', 'nombre', 'id_tipo_elem:int', 'id_clas_elem:int', 'valor:numeric'],
    ELEMENTOS.map(([codigo, nombre, tipo, clase, valor]) => [
      codigo,
      nombre,
      tipos.find((t) => t.codigo === tipo)!.id,
      claseId(clase),
      valor,
    ]),
  );
  // The vademécum (issue 14 §4): 443 presentations of the essential medicines lists, after the eight above.
  await seedVademecum(database);
  await insertRows(
    database,
    'tipo_examen',
    ['nombre'],
    [
      ['LABORATORIO CLÍNICO'],
      ['IMAGEN - RAYOS X'],
      ['IMAGEN - ECOGRAFÍA'],
      ['IMAGEN - TOMOGRAFÍA'],
      ['IMAGEN - RESONANCIA MAGNÉTICA'],
      ['ANATOMÍA PATOLÓGICA'],
    ],
  );
  await insertRows(
    database,
    'medio_com',
    ['nombre'],
    [['TELÉFONO FIJO'], ['TELÉFONO CELULAR'], ['CORREO ELECTRÓNICO'], ['WHATSAPP'], ['SITIO WEB']],
  );

  const clas = parse(fs.readFileSync(path.join(dataDir, 'cie10/clasificaciones.csv')), {
    delimiter: ';',
    columns: true,
    bom: true,
  }) as Array<{ codigo: string; nombre: string; nivel: string; padre: string }>;
  await insertRows(
    database,
    'clas_diag',
    ['codigo', 'nombre', 'nivel:int', 'padre'],
    clas.map((c) => [c.codigo, conTildes(c.nombre), Number(c.nivel), c.padre || null]),
  );
  const diags = parse(fs.readFileSync(path.join(dataDir, 'cie10/diagnosticos.csv')), {
    delimiter: ';',
    columns: true,
    bom: true,
  }) as Array<{ codigo: string; codigoPunto: string; nombre: string; capitulo: string; grupo: string }>;
  await insertRows(
    database,
    'diagnostico',
    ['codigo', 'codigo_punto', 'nombre', 'capitulo', 'grupo'],
    diags.map((d) => [d.codigo, d.codigoPunto, conTildes(d.nombre), d.capitulo, d.grupo]),
  );
  await database.query(
    'UPDATE diagnostico d SET id_clas_diag = c.id_clas_diag FROM clas_diag c WHERE c.codigo = d.grupo',
  );

  for (const p of PERFILES) {
    const cols = ['id_perfil', 'nombre', ...p.flags];
    const vals = [p.id, p.nombre, ...p.flags.map(() => true)];
    await database.query(
      `INSERT INTO perfil (${cols.join(', ')}) OVERRIDING SYSTEM VALUE VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      vals,
    );
  }
  const tips: unknown[][] = [];
  for (const [perfilId, list] of Object.entries(CONSEJOS))
    for (const t of list) tips.push([Number(perfilId), t]);
  await insertRows(database, 'consejo_perfil', ['id_perfil:int', 'consejo_texto'], tips);
}
