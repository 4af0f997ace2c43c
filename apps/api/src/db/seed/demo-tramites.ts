import { COLUMNAS_DATOS } from '@app/domain/cargas/columns';
import { periodoSemana } from '@app/domain/cargas/rules';
import { organizarCarga } from '../../features/cargas/organize.ts';
import { FILA_COLUMNAS_SQL } from '../../features/cargas/sql.ts';
import { insertTramite } from '../../features/tramites/insert.ts';
import { columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import type { Queryable } from '../client.ts';
import { usuario as usuarioT } from '../schema/index.ts';
import { cedulaFrom } from './demo.ts';
import { ELEMENTOS } from './reference.ts';

/*
 * Demo procedures for `npm start` (not for the test template, whose tests count procedures): a
 * month of attentions in each state a team meets on its first day — one to upload (REGISTRADO), one
 * sent and waiting to be received (ENVIADO), one under review with assigned auditors (EN PROCESO) and
 * one closed (FINALIZADO). Loads are written as raw rows and organised by the same set-based
 * statements as a real load, so the attentions, line items and duplicates are what the product
 * itself would make of them.
 */

const NOMBRES = ['MARÍA', 'JOSÉ', 'LUIS', 'ANA', 'CARLOS', 'ROSA', 'PEDRO', 'GABRIELA', 'DIEGO', 'LUCÍA'];
const APELLIDOS = [
  'PÉREZ',
  'GONZÁLEZ',
  'ZAMBRANO',
  'VERA',
  'MACÍAS',
  'MOREIRA',
  'CEDEÑO',
  'LOOR',
  'CASTILLO',
];
const MEDICOS: [string, string][] = [
  [cedulaFrom('091765432'), 'DR. ANDRÉS SALAZAR MORA'],
  [cedulaFrom('170998877'), 'DRA. PAOLA ESPINOZA RUIZ'],
  [cedulaFrom('130554433'), 'DR. JORGE INTRIAGO BRAVO'],
];
const DIAGNOSTICOS = ['J069', 'J029', 'K297', 'N390', 'M545', 'E119', 'J181', 'Z000'];
const SERVICIOS = ['99203', '99213', '99212', '93000', '99283', '12001'];

type Fila = Record<(typeof COLUMNAS_DATOS)[number], string | null>;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** Business days of [desde, hasta] (attentions on a weekday, as most real loads). */
function diasHabiles(desde: string, hasta: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${desde}T00:00:00Z`); t <= Date.parse(`${hasta}T00:00:00Z`); t += DAY) {
    const dow = new Date(t).getUTCDay();
    if (dow !== 0 && dow !== 6) out.push(iso(t));
  }
  return out;
}

/** `planillas` attentions of one or two line items over the business days of the period. */
function filas(
  idTramite: number,
  desde: string,
  hasta: string,
  planillas: number,
  primera: number,
  precio: (codigo: string) => string,
): Fila[] {
  const dias = diasHabiles(desde, hasta);
  const rows: Fila[] = [];
  for (let i = 0; i < planillas; i++) {
    const n = primera + i;
    const dia = dias[i % dias.length];
    const [cedMed, medico] = MEDICOS[i % MEDICOS.length];
    const paciente = `${APELLIDOS[i % APELLIDOS.length]} ${APELLIDOS[(i * 7 + 3) % APELLIDOS.length]} ${NOMBRES[(i * 3) % NOMBRES.length]}`;
    const base = {
      idTramite: String(idTramite),
      noPlanilla: String(n),
      cedula1: cedulaFrom(String(90_000_000 + ((i * 7919) % 9_000_000)).padStart(9, '0')),
      cedula2: cedMed,
      nombre: paciente,
      fIngreso: dia,
      fSalida: dia,
      diagPri: DIAGNOSTICOS[i % DIAGNOSTICOS.length],
      diagSec: i % 4 === 0 ? DIAGNOSTICOS[(i + 3) % DIAGNOSTICOS.length] : null,
      lMuerto: 'N',
      fTarifario: '1',
      vPaciente: '0',
      noModificador: null,
      nombreMedIns: medico,
      fechaAtencion: dia,
    };
    const items = i % 3 === 0 ? 2 : 1;
    for (let k = 0; k < items; k++) {
      const codigo = SERVICIOS[(i + k * 2) % SERVICIOS.length];
      rows.push({ ...base, noServicio: codigo, cantidad: '1', vSem: precio(codigo), tipo: 'P' } as Fila);
    }
  }
  return rows;
}

/** The rows plus a copy of the first attention under another number: the same patient, dates and services. */
function conDuplicada(rows: Fila[], numero: string): Fila[] {
  const copia = rows
    .filter((r) => r.noPlanilla === rows[0].noPlanilla)
    .map((r) => ({ ...r, noPlanilla: numero }));
  return [...rows, ...copia];
}

/** The demo insurer's subscription and company, read from its administrator (alias u). */
const SUSCRIPCION_EMPRESA = columnas(usuarioT, 'u', { solo: ['idSuscripcion', 'idEmpresa'] });
/** The raw row's columns (carga_fila) and the JSON record's fields they come from. */
const FILAS_DESTINO = sql.raw(FILA_COLUMNAS_SQL.join(', '));
const FILAS_ORIGEN = sql.raw(COLUMNAS_DATOS.map((c) => `x."${c}"`).join(', '));
const FILAS_TIPOS = sql.raw(COLUMNAS_DATOS.map((c) => `"${c}" text`).join(', '));

export async function seedDemoTramites(q: Queryable, hoy = new Date()) {
  const usuario = async (nombre: string) =>
    (await fila<{ id: number }>(q, sql`SELECT id_usuario AS id FROM usuario WHERE nombre = ${nombre}`)).id;
  const admin = await fila<{ idSuscripcion: number; idEmpresa: number }>(
    q,
    sql`SELECT ${SUSCRIPCION_EMPRESA} FROM usuario u WHERE u.nombre = 'admin@demo.ec'`,
  );
  const prestador = await usuario('prestador@demo.ec');
  const prestador2 = await usuario('prestador2@demo.ec');
  const supervisorAm = await usuario('supervisor.am@demo.ec');
  const supervisorGd = await usuario('supervisor.gd@demo.ec');
  const auditorAm = await usuario('auditor.am@demo.ec');
  const gestorGd = await usuario('gestor.gd@demo.ec');
  const prest = async (ruc: string) =>
    (await fila<{ id: number }>(q, sql`SELECT id_prestador AS id FROM prestador WHERE ruc = ${ruc}`)).id;
  const clinica = await prest('1791234567001');
  const hospital = await prest('0991122334001');
  const servicio = async (nombre: string) =>
    (
      await una<{ id: number }>(
        q,
        sql`SELECT id_servicio AS id FROM servicio WHERE upper(nombre) LIKE ${`${nombre}%`} ORDER BY id_servicio LIMIT 1`,
      )
    )?.id ?? (await fila<{ id: number }>(q, sql`SELECT min(id_servicio) AS id FROM servicio`)).id;
  const ambulatorio = await servicio('AMBULATORIO');
  const hospitalario = await servicio('HOSPITALARIO');
  const valor = new Map(ELEMENTOS.map(([codigo, , , , v]) => [codigo, v]));
  const precioClinica = (c: string) => valor.get(c) ?? '0';
  const precioHospital = (c: string) => (Math.round(Number(valor.get(c) ?? 0) * 110) / 100).toFixed(2);

  // The last full month and the one before it, in Guayaquil.
  const local = new Date(hoy.getTime() - 5 * 3_600_000);
  const mes = (offset: number) => {
    const y = local.getUTCFullYear();
    const m = local.getUTCMonth() - offset;
    return { desde: iso(Date.UTC(y, m, 1)), hasta: iso(Date.UTC(y, m + 1, 0)) };
  };
  const anterior = mes(1);
  const previo = mes(2);

  const bitacora = (idTramite: number, idUsuario: number, observacion: string) =>
    consulta(
      q,
      sql`INSERT INTO bitacora_tra (id_tramite, id_usuario, tipo, observacion)
          VALUES (${idTramite}, ${idUsuario}, 'ESTADO', ${observacion})`,
    );

  async function tramite(p: {
    prestador: number;
    idServicio: number;
    usuario: number;
    desde: string;
    hasta: string;
    descripcion: string;
    frecuencia: 'S' | 'M';
    estado: string;
    numSemana?: number;
  }) {
    const maxSemanas =
      p.frecuencia === 'S' ? Math.ceil((Date.parse(p.hasta) - Date.parse(p.desde) + DAY) / (7 * DAY)) : 0;
    const id = await insertTramite(q, {
      idSuscripcion: admin.idSuscripcion,
      idEmpresaAseguradora: admin.idEmpresa,
      idPrestador: p.prestador,
      idServicio: p.idServicio,
      fechaDesde: p.desde,
      fechaHasta: p.hasta,
      descripcion: p.descripcion,
      frecuenciaCarga: p.frecuencia,
      maxSemanas,
      numSemana: p.numSemana,
      estado: p.estado,
      idUsuario: p.usuario,
    });
    await bitacora(id, p.usuario, 'Trámite registrado (REGISTRADO).');
    return id;
  }

  async function carga(p: {
    idTramite: number;
    idPrestador: number;
    usuario: number;
    desde: string;
    hasta: string;
    tipo: 'S' | 'M';
    numSemana?: number;
    rows: Fila[];
  }) {
    const nombreArchivo = `atenciones_${p.desde}_${p.hasta}.csv`;
    const { id } = await fila<{ id: number }>(
      q,
      sql`INSERT INTO carga (id_tramite, id_usuario, tipo_carga, num_semana, fecha_desde, fecha_hasta, numero_registros,
                          numero_reg_val, tamanio_archivo, nombre_archivo, formato, estado_proceso, progreso)
       VALUES (${p.idTramite}, ${p.usuario}, ${p.tipo}, ${p.numSemana ?? null}, ${p.desde}, ${p.hasta}, ${p.rows.length},
               ${p.rows.length}, ${p.rows.length * 160}, ${nombreArchivo}, 'csv', 'COMPLETADA', 100)
       RETURNING id_carga AS id`,
    );
    await consulta(
      q,
      sql`INSERT INTO carga_fila (id_carga, fila, ${FILAS_DESTINO})
       SELECT ${id}, x.fila, ${FILAS_ORIGEN}
         FROM json_to_recordset(${JSON.stringify(p.rows.map((r, i) => ({ ...r, fila: i + 1 })))}::json) AS x(fila int, ${FILAS_TIPOS})`,
    );
    await organizarCarga(q, {
      idCarga: id,
      idTramite: p.idTramite,
      idPrestador: p.idPrestador,
      idUsuario: p.usuario,
    });
    await consulta(q, sql`UPDATE carga SET tiene_planillas = 1 WHERE id_carga = ${id}`);
    await bitacora(
      p.idTramite,
      p.usuario,
      `Carga ${id} (${nombreArchivo}): ${p.rows.length} registros, sin errores.`,
    );
    return id;
  }

  // 1. Clinic, this month's attentions still to upload.
  await tramite({
    prestador: clinica,
    idServicio: ambulatorio,
    usuario: prestador,
    ...mes(0),
    descripcion: 'ATENCIONES AMBULATORIAS DEL MES EN CURSO',
    frecuencia: 'M',
    estado: 'REGISTRADO',
  });

  // 2. Clinic, last month: sent, waiting for the AM supervisor to receive it.
  const enviado = await tramite({
    prestador: clinica,
    idServicio: ambulatorio,
    usuario: prestador,
    ...anterior,
    descripcion: 'CONSULTA EXTERNA Y EMERGENCIA DEL MES ANTERIOR',
    frecuencia: 'M',
    estado: 'ENVIADO',
  });
  await carga({
    idTramite: enviado,
    idPrestador: clinica,
    usuario: prestador,
    ...anterior,
    tipo: 'M',
    rows: conDuplicada(filas(enviado, anterior.desde, anterior.hasta, 40, 5001, precioClinica), '5041'),
  });
  await bitacora(enviado, prestador, 'Trámite enviado (ENVIADO).');

  // 3. Clinic, weekly procedure two months ago: under review, assigned to the auditor and the operative.
  const enProceso = await tramite({
    prestador: clinica,
    idServicio: ambulatorio,
    usuario: prestador,
    desde: previo.desde,
    hasta: iso(Date.parse(`${previo.desde}T00:00:00Z`) + 13 * DAY),
    descripcion: 'ATENCIONES SEMANALES: PRIMERA QUINCENA',
    frecuencia: 'S',
    estado: 'EN PROCESO',
    numSemana: 2,
  });
  let primera = 1001;
  for (const n of [1, 2]) {
    const periodo = periodoSemana(
      { fechaDesde: previo.desde, fechaHasta: iso(Date.parse(`${previo.desde}T00:00:00Z`) + 13 * DAY) },
      n,
    );
    if (!periodo) continue;
    await carga({
      idTramite: enProceso,
      idPrestador: clinica,
      usuario: prestador,
      desde: periodo.fechaDesde,
      hasta: periodo.fechaHasta,
      tipo: 'S',
      numSemana: n,
      rows: filas(enProceso, periodo.fechaDesde, periodo.fechaHasta, 30, primera, precioClinica),
    });
    primera += 30;
  }
  await consulta(
    q,
    sql`UPDATE tramite SET fecha_ini_aud = now() - interval '3 days' WHERE id_tramite = ${enProceso}`,
  );
  await consulta(
    q,
    sql`UPDATE planilla SET id_usuario_med = ${auditorAm}, id_usuario_doc = ${gestorGd} WHERE id_tramite = ${enProceso}`,
  );
  // The auditor has started: the first eight attentions are reviewed by AM, the first four by GD too.
  await consulta(
    q,
    sql`UPDATE planilla SET estado_aud = 'REVISADA', fecha_aud = now() - interval '1 day'
      WHERE id_planilla IN (SELECT id_planilla FROM planilla WHERE id_tramite = ${enProceso} ORDER BY numero LIMIT 8)`,
  );
  await consulta(
    q,
    sql`UPDATE planilla SET estado_doc = 'REVISADA', fecha_doc = now() - interval '1 day'
      WHERE id_planilla IN (SELECT id_planilla FROM planilla WHERE id_tramite = ${enProceso} ORDER BY numero LIMIT 4)`,
  );
  await bitacora(enProceso, prestador, 'Trámite enviado (ENVIADO).');
  await bitacora(enProceso, supervisorAm, 'Trámite recibido (RECIBIDO).');
  await bitacora(enProceso, supervisorAm, 'Planillas asignadas a auditor.am@demo.ec y gestor.gd@demo.ec.');
  await bitacora(enProceso, supervisorAm, 'Trámite en proceso (EN PROCESO).');

  // 4. Hospital, two months ago: reviewed and closed.
  const finalizado = await tramite({
    prestador: hospital,
    idServicio: hospitalario,
    usuario: prestador2,
    ...previo,
    descripcion: 'HOSPITALIZACIÓN Y EMERGENCIA',
    frecuencia: 'M',
    estado: 'FINALIZADO',
  });
  await carga({
    idTramite: finalizado,
    idPrestador: hospital,
    usuario: prestador2,
    ...previo,
    tipo: 'M',
    rows: filas(finalizado, previo.desde, previo.hasta, 15, 9001, precioHospital),
  });
  await consulta(
    q,
    sql`UPDATE planilla SET estado_aud = 'FINALIZADA', estado_doc = 'FINALIZADA', id_usuario_med = ${auditorAm},
            id_usuario_doc = ${gestorGd}, fecha_aud = now() - interval '20 days', fecha_doc = now() - interval '19 days'
      WHERE id_tramite = ${finalizado}`,
  );
  await consulta(
    q,
    sql`UPDATE tramite SET fecha_ini_aud = now() - interval '25 days', fecha_fin_aud = now() - interval '18 days'
      WHERE id_tramite = ${finalizado}`,
  );
  await bitacora(finalizado, supervisorGd, 'Trámite finalizado (FINALIZADO).');

  // 5. The insurer's standard observations and answers, so the first observation an auditor raises and the
  // first answer a provider gives have something to choose from (docs/spec-summary.md 001 §3 'Observation catalogue').
  for (const [tipo, descripcion] of OBSERVACIONES_DEMO)
    await consulta(
      q,
      sql`INSERT INTO observacion (id_empresa, descripcion, tipo, id_usuario_reg)
          VALUES (${admin.idEmpresa}, ${descripcion}, ${tipo}, ${supervisorAm})`,
    );
  for (const descripcion of RESPUESTAS_DEMO)
    await consulta(
      q,
      sql`INSERT INTO respuesta (id_empresa, descripcion, id_usuario_reg)
          VALUES (${admin.idEmpresa}, ${descripcion}, ${supervisorAm})`,
    );
}

const OBSERVACIONES_DEMO: readonly (readonly ['M' | 'D' | 'C', string])[] = [
  ['M', 'PROCEDIMIENTO NO JUSTIFICADO POR EL DIAGNÓSTICO'],
  ['M', 'CANTIDAD SUPERIOR A LA PERTINENTE'],
  ['M', 'MEDICAMENTO NO CORRESPONDE AL DIAGNÓSTICO'],
  ['D', 'FALTA EL INFORME MÉDICO'],
  ['D', 'FALTA LA RECETA O EL PEDIDO DEL EXAMEN'],
  ['D', 'DOCUMENTO ILEGIBLE'],
  ['C', 'DATOS DEL PACIENTE NO COINCIDEN'],
];
const RESPUESTAS_DEMO = [
  'SE ADJUNTA EL SUSTENTO SOLICITADO',
  'EL PROCEDIMIENTO CONSTA EN EL INFORME MÉDICO',
  'SE ACEPTA LA OBSERVACIÓN',
];
