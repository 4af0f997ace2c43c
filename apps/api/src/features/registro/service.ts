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
import { AppError, badRequest } from '../../lib/errors.ts';
import { col } from '../../lib/sql.ts';
import { isUniqueViolation } from '../admin/sql.ts';
import { writeSuscripcionAud } from '../admin/suscripciones.ts';

/** The registration's and renewal's reads and writes behind routes.ts; writes run in the caller's transaction. */

export type Plan = {
  idPlan: number;
  nombre: string;
  descripcion: string | null;
  valor: string;
  duracionMeses: number;
};

export async function getPlan(q: Queryable, idPlan: number): Promise<Plan> {
  const [plan] = await q.query<Plan>(
    `SELECT id_plan AS "idPlan", nombre, descripcion, valor, duracion_meses AS "duracionMeses" FROM plan WHERE id_plan = $1`,
    [idPlan],
  );
  if (!plan)
    throw badRequest(MSG_ADMIN.referenciaNoExiste('Plan'), { idPlan: MSG_ADMIN.referenciaNoExiste('Plan') });
  return plan;
}

export async function checkFormaPago(q: Queryable, idFormaPago: number) {
  const rows = await q.query('SELECT 1 FROM forma_pago WHERE id_forma_pago = $1', [idFormaPago]);
  if (!rows[0])
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
export const planes = (q: Queryable) =>
  q.query<Plan>(
    `SELECT id_plan AS "idPlan", nombre, descripcion, valor, duracion_meses AS "duracionMeses" FROM plan ORDER BY valor, nombre`,
  );
export const formasPago = (q: Queryable) =>
  q.query(`SELECT id_forma_pago AS "idFormaPago", nombre FROM forma_pago ORDER BY nombre`);

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
  const [empresa] = await tx
    .query<{ id: number }>(
      `INSERT INTO empresa (nombre_corto, documento, razon_social, nombre, suscriptor) VALUES ($1, $2, $3, $3, true)
         RETURNING id_empresa AS id`,
      [b.nombreCorto, b.ruc, b.razonSocial],
    )
    .catch((e) => uniqueError(e, 'ruc', MSG_ADMIN.rucDuplicado(b.ruc)));
  const [susc] = await tx.query<{ id: number }>(
    `INSERT INTO suscripcion (id_plan, id_forma_pago, id_empresa, numero, estado, fecha_desde, fecha_hasta)
       VALUES ($1, $2, $3, 'SUS', $4, $5, $6)
       RETURNING id_suscripcion AS id`,
    [b.idPlan, b.idFormaPago, empresa.id, ESTADO_VIGENTE, desde, hasta],
  );
  const [tipo] = await tx.query<{ id: number }>(
    `SELECT id_tipo_iden AS id FROM tipo_iden WHERE codigo = 'C'`,
  );
  const [persona] = await tx.query<{ id: number }>(
    `INSERT INTO persona (id_tipo_iden, documento, primer_nombre, segundo_nombre, primer_apellido, segundo_apellido, email, id_empresa)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id_persona AS id`,
    [
      tipo?.id ?? null,
      b.cedula,
      b.primerNombre,
      b.segundoNombre,
      b.primerApellido,
      b.segundoApellido,
      b.email,
      empresa.id,
    ],
  );
  // The administrator's flags are profile 1's.
  const flagCols = USER_FLAGS.map(col);
  const [usuario] = await tx
    .query<{ id: number }>(
      `INSERT INTO usuario (id_empresa, id_perfil, id_suscripcion, id_persona, nombre, clave, ${flagCols.join(', ')})
         SELECT $1, p.id_perfil, $2, $3, $4, $5, ${flagCols.map((c) => `p.${c}`).join(', ')} FROM perfil p WHERE p.id_perfil = $6
         RETURNING id_usuario AS id`,
      [empresa.id, susc.id, persona.id, b.email, hash, PERFIL.ADMINISTRADOR],
    )
    .catch((e) => uniqueError(e, 'email', MSG.correoRegistrado(b.email)));
  await tx.query(
    `UPDATE suscripcion SET id_usuario = $1, id_usuario_reg = $1,
         numero = 'SUS-' || to_char(fecha_desde, 'YYYY') || '-' || lpad(id_suscripcion::text, 6, '0')
        WHERE id_suscripcion = $2`,
    [usuario.id, susc.id],
  );
  await tx.query('UPDATE empresa SET id_usuario_reg = $1 WHERE id_empresa = $2', [usuario.id, empresa.id]);
  await tx.query('UPDATE persona SET id_usuario_reg = $1 WHERE id_persona = $2', [usuario.id, persona.id]);
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
  await tx.query(
    `UPDATE suscripcion SET id_plan = $1, id_forma_pago = $2, fecha_hasta = $3,
         fecha_desde = CASE WHEN fecha_hasta < $4::date THEN $4::date ELSE fecha_desde END,
         fecha_act = now(), id_usuario_act = $5 WHERE id_suscripcion = $6`,
    [b.idPlan, b.idFormaPago, fin, hoy, idUsuario, idSuscripcion],
  );
  await writeSuscripcionAud(tx, idSuscripcion, 'RENOVACION', idUsuario);
  // The audit row records the period just bought.
  await tx.query(
    `UPDATE suscripcion_aud SET fecha_desde = $1 WHERE id_suscripcion_aud =
         (SELECT max(id_suscripcion_aud) FROM suscripcion_aud WHERE id_suscripcion = $2)`,
    [inicio, idSuscripcion],
  );
}
