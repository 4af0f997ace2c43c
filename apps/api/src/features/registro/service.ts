import {
  ESTADO_VIGENTE,
  MSG,
  MSG_ADMIN,
  PERFIL,
  type registroSchema,
  type renovacionSchema,
  USER_FLAGS,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { formaPago, plan } from '../../db/schema/index.ts';
import { AppError, badRequest, isUniqueViolation } from '../../lib/errors.ts';
import { col, columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import { writeSuscripcionAud } from '../admin/suscripciones.ts';

/** The registration's and renewal's reads and writes behind routes.ts; writes run in the caller's transaction. */

export type Plan = {
  idPlan: number;
  nombre: string;
  descripcion: string | null;
  valor: string;
  duracionMeses: number;
};

const PLAN = sql`SELECT ${columnas(plan, 'p', {
  solo: ['idPlan', 'nombre', 'descripcion', 'valor', 'duracionMeses'],
})} FROM plan p`;

export async function getPlan(q: Queryable, idPlan: number): Promise<Plan> {
  const elegido = await una<Plan>(q, sql`${PLAN} WHERE p.id_plan = ${idPlan}`);
  if (!elegido)
    throw badRequest(MSG_ADMIN.referenciaNoExiste('Plan'), { idPlan: MSG_ADMIN.referenciaNoExiste('Plan') });
  return elegido;
}

export async function checkFormaPago(q: Queryable, idFormaPago: number) {
  if (!(await una(q, sql`SELECT 1 FROM forma_pago WHERE id_forma_pago = ${idFormaPago}`)))
    throw badRequest(MSG_ADMIN.referenciaNoExiste('Forma de pago'), {
      idFormaPago: MSG_ADMIN.referenciaNoExiste('Forma de pago'),
    });
}

/** A step failed on a unique index: the Spanish message of the field that collided. */
function uniqueError(e: unknown, field: string, message: string): never {
  if (isUniqueViolation(e)) throw new AppError(409, 'DUPLICADO', message, { [field]: message });
  throw e;
}

/** The plans and payment methods a visitor chooses from. */
export const planes = (q: Queryable) => consulta<Plan>(q, sql`${PLAN} ORDER BY p.valor, p.nombre`);
const FORMA_PAGO = columnas(formaPago, 'f', { solo: ['idFormaPago', 'nombre'] });
export const formasPago = (q: Queryable) =>
  consulta(q, sql`SELECT ${FORMA_PAGO} FROM forma_pago f ORDER BY f.nombre`);

/**
 * Creates the company, its VIGENTE subscription (desde–hasta) and audit row, the person and the
 * administrator user (password already hashed); a duplicate RUC or e-mail answers 409.
 */
export async function registrarSuscriptor(
  tx: Queryable,
  b: z.infer<typeof registroSchema>,
  hash: string,
  desde: string,
  hasta: string,
) {
  const empresa = await fila<{ id: number }>(
    tx,
    sql`INSERT INTO empresa (nombre_corto, documento, razon_social, nombre, suscriptor)
         VALUES (${b.nombreCorto}, ${b.ruc}, ${b.razonSocial}, ${b.razonSocial}, true)
         RETURNING id_empresa AS id`,
  ).catch((e) => uniqueError(e, 'ruc', MSG_ADMIN.rucDuplicado(b.ruc)));
  const susc = await fila<{ id: number }>(
    tx,
    sql`INSERT INTO suscripcion (id_plan, id_forma_pago, id_empresa, numero, estado, fecha_desde, fecha_hasta)
       VALUES (${b.idPlan}, ${b.idFormaPago}, ${empresa.id}, 'SUS', ${ESTADO_VIGENTE}, ${desde}, ${hasta})
       RETURNING id_suscripcion AS id`,
  );
  const tipo = await una<{ id: number }>(
    tx,
    sql`SELECT id_tipo_iden AS id FROM tipo_iden WHERE codigo = 'C'`,
  );
  const persona = await fila<{ id: number }>(
    tx,
    sql`INSERT INTO persona (id_tipo_iden, documento, primer_nombre, segundo_nombre, primer_apellido, segundo_apellido, email, id_empresa)
       VALUES (${tipo?.id ?? null}, ${b.cedula}, ${b.primerNombre}, ${b.segundoNombre}, ${b.primerApellido},
               ${b.segundoApellido}, ${b.email}, ${empresa.id})
       RETURNING id_persona AS id`,
  );
  // The administrator's flags are profile 1's.
  const flagCols = USER_FLAGS.map(col);
  const usuario = await fila<{ id: number }>(
    tx,
    sql`INSERT INTO usuario (id_empresa, id_perfil, id_suscripcion, id_persona, nombre, clave, ${sql.raw(flagCols.join(', '))})
         SELECT ${empresa.id}, p.id_perfil, ${susc.id}, ${persona.id}, ${b.email}, ${hash}, ${sql.raw(flagCols.map((c) => `p.${c}`).join(', '))}
           FROM perfil p WHERE p.id_perfil = ${PERFIL.ADMINISTRADOR}
         RETURNING id_usuario AS id`,
  ).catch((e) => uniqueError(e, 'email', MSG.correoRegistrado(b.email)));
  await consulta(
    tx,
    sql`UPDATE suscripcion SET id_usuario = ${usuario.id}, id_usuario_reg = ${usuario.id},
         numero = 'SUS-' || to_char(fecha_desde, 'YYYY') || '-' || lpad(id_suscripcion::text, 6, '0')
        WHERE id_suscripcion = ${susc.id}`,
  );
  await consulta(tx, sql`UPDATE empresa SET id_usuario_reg = ${usuario.id} WHERE id_empresa = ${empresa.id}`);
  await consulta(tx, sql`UPDATE persona SET id_usuario_reg = ${usuario.id} WHERE id_persona = ${persona.id}`);
  await writeSuscripcionAud(tx, susc.id, 'REGISTRO', usuario.id);
  return { idEmpresa: empresa.id, idSuscripcion: susc.id, idUsuario: usuario.id };
}

/** Extends the current subscription to `fin` with the plan and payment method chosen; the audit row keeps `inicio`. */
export async function renovarSuscripcion(
  tx: Queryable,
  idUsuario: number,
  idSuscripcion: number,
  b: z.infer<typeof renovacionSchema>,
  periodo: { inicio: string; fin: string; hoy: string },
) {
  const { inicio, fin, hoy } = periodo;
  await consulta(
    tx,
    sql`UPDATE suscripcion SET id_plan = ${b.idPlan}, id_forma_pago = ${b.idFormaPago}, fecha_hasta = ${fin},
         fecha_desde = CASE WHEN fecha_hasta < ${hoy}::date THEN ${hoy}::date ELSE fecha_desde END,
         fecha_act = now(), id_usuario_act = ${idUsuario} WHERE id_suscripcion = ${idSuscripcion}`,
  );
  await writeSuscripcionAud(tx, idSuscripcion, 'RENOVACION', idUsuario);
  // The audit row records the period just bought.
  await consulta(
    tx,
    sql`UPDATE suscripcion_aud SET fecha_desde = ${inicio} WHERE id_suscripcion_aud =
         (SELECT max(id_suscripcion_aud) FROM suscripcion_aud WHERE id_suscripcion = ${idSuscripcion})`,
  );
}
