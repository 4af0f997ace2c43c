import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Queryable } from '../client.ts';

const dataDir = path.join(import.meta.dirname, 'data');

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
    flags: ['modulo_auditoria', 'menu_procesos', 'menu_reportes', 'menu_ayuda', 'opcion_consulta', 'opcion_descarga'],
  },
  {
    id: 16,
    nombre: 'REVISOR',
    flags: ['modulo_auditoria', 'menu_procesos', 'menu_reportes', 'menu_ayuda', 'opcion_consulta', 'opcion_operaciones', 'opcion_descarga'],
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

/** Reference catalogues and profiles: seeded on every empty database, demo or not. */
export async function seedReference(database: Queryable) {
  await insertRows(database, 'tipo_iden', ['codigo', 'nombre', 'longitud:int'], [
    ['C', 'CÉDULA', 10],
    ['R', 'RUC', 13],
    ['P', 'PASAPORTE', null],
  ]);
  await insertRows(database, 'estado_civil', ['nombre'], [
    ['SOLTERO(A)'],
    ['CASADO(A)'],
    ['DIVORCIADO(A)'],
    ['VIUDO(A)'],
    ['UNIÓN DE HECHO'],
  ]);
  await insertRows(database, 'localidad', ['codigo', 'nombre', 'provincia'], LOCALIDADES);
  await insertRows(database, 'forma_pago', ['nombre'], [
    ['TRANSFERENCIA BANCARIA'],
    ['TARJETA DE CRÉDITO'],
    ['DÉBITO AUTOMÁTICO'],
    ['EFECTIVO'],
  ]);
  await insertRows(database, 'plan', ['nombre', 'descripcion', 'valor:numeric', 'duracion_meses:int'], [
    ['BÁSICO', 'Hasta 5 usuarios y 2.000 atenciones al mes', '150.00', 12],
    ['PROFESIONAL', 'Hasta 25 usuarios y 20.000 atenciones al mes', '450.00', 12],
    ['CORPORATIVO', 'Usuarios y atenciones ilimitados, soporte prioritario', '1200.00', 12],
  ]);
  await insertRows(
    database,
    'especialidad',
    ['nombre'],
    ESPECIALIDADES.map((e) => [e]),
  );
  await insertRows(database, 'servicio', ['codigo', 'nombre'], [
    ['AMB', 'AMBULATORIO'],
    ['HOS', 'HOSPITALARIO'],
  ]);
  await insertRows(database, 'tipo_elem', ['codigo', 'nombre'], [
    ['P', 'PROCEDIMIENTO'],
    ['M', 'MEDICAMENTO'],
    ['I', 'INSUMO'],
    ['L', 'LABORATORIO'],
    ['X', 'IMAGEN'],
  ]);
  await insertRows(database, 'clas_elem', ['nombre', 'descripcion'], [
    ['TARIFARIO DE PRESTACIONES (TPSNS)', 'Tarifario de Prestaciones para el Sistema Nacional de Salud'],
    ['MEDICAMENTOS', 'Cuadro Nacional de Medicamentos Básicos'],
    ['DISPOSITIVOS MÉDICOS', 'Insumos y dispositivos médicos'],
  ]);
  await insertRows(database, 'tipo_examen', ['nombre'], [
    ['LABORATORIO CLÍNICO'],
    ['IMAGEN - RAYOS X'],
    ['IMAGEN - ECOGRAFÍA'],
    ['IMAGEN - TOMOGRAFÍA'],
    ['IMAGEN - RESONANCIA MAGNÉTICA'],
    ['ANATOMÍA PATOLÓGICA'],
  ]);
  await insertRows(database, 'medio_com', ['nombre'], [
    ['TELÉFONO FIJO'],
    ['TELÉFONO CELULAR'],
    ['CORREO ELECTRÓNICO'],
    ['WHATSAPP'],
    ['SITIO WEB'],
  ]);

  const clas = parse(fs.readFileSync(path.join(dataDir, 'cie10/clasificaciones.csv')), {
    delimiter: ';',
    columns: true,
    bom: true,
  }) as Array<{ codigo: string; nombre: string; nivel: string; padre: string }>;
  await insertRows(
    database,
    'clas_diag',
    ['codigo', 'nombre', 'nivel:int', 'padre'],
    clas.map((c) => [c.codigo, c.nombre, Number(c.nivel), c.padre || null]),
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
    diags.map((d) => [d.codigo, d.codigoPunto, d.nombre, d.capitulo, d.grupo]),
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
  for (const [perfilId, list] of Object.entries(CONSEJOS)) for (const t of list) tips.push([Number(perfilId), t]);
  await insertRows(database, 'consejo_perfil', ['id_perfil:int', 'consejo_texto'], tips);
}
