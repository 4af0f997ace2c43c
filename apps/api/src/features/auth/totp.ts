import { MSG, type TotpProof } from '@app/domain';
import { authenticator as otp } from 'otplib';
import type { Queryable } from '../../db/client.ts';
import { claveCorrecta } from '../../lib/clave.ts';
import { consulta, sql, una } from '../../lib/sql.ts';

// A code is accepted in its 30-second step and the one before or after (RFC 6238 §5.2): a code typed
// as the step turns, or checked after the password hash, still counts.
export const authenticator = otp.clone({ window: 1 });
const STEP_SECONDS = 30;

/** The time step a valid code of `secret` belongs to, or null. */
export function codeStep(code: string, secret: string, now = Date.now()): number | null {
  const delta = authenticator.checkDelta(code, secret);
  return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

/**
 * Checks a code of the user's active secret and spends it: a code, or any code of an earlier step,
 * is never accepted twice (ASVS 2.8.4). The step is recorded atomically, so two requests racing with
 * one code cannot both pass.
 */
export async function spendTotpCode(
  db: Queryable,
  idUsuario: number,
  secret: string | null,
  code: string,
): Promise<'ok' | 'invalido' | 'usado'> {
  const step = secret ? codeStep(code, secret) : null;
  if (step === null) return 'invalido';
  const rows = await consulta(
    db,
    sql`UPDATE usuario SET totp_ultimo_paso = ${step}
      WHERE id_usuario = ${idUsuario} AND (totp_ultimo_paso IS NULL OR totp_ultimo_paso < ${step}) RETURNING 1`,
  );
  return rows[0] ? 'ok' : 'usado';
}

/**
 * Proof that the signed-in user still holds the account before its second factor is replaced or
 * removed: the active factor's current code or the password. Returns the Spanish error, or null.
 */
export async function proofError(
  db: Queryable,
  idUsuario: number,
  proof: TotpProof | undefined,
): Promise<{ field: 'codigo' | 'clave'; message: string } | null> {
  const u = await una<{ clave: string; secreto: string | null; activo: boolean }>(
    db,
    sql`SELECT clave, totp_secreto AS secreto, totp_activo AS activo FROM usuario WHERE id_usuario = ${idUsuario}`,
  );
  if (!u) return { field: 'codigo', message: MSG.codigo2faInvalido };
  if (proof?.codigo !== undefined) {
    const r = u.activo ? await spendTotpCode(db, idUsuario, u.secreto, proof.codigo) : 'invalido';
    if (r === 'ok') return null;
    return { field: 'codigo', message: r === 'usado' ? MSG.codigo2faUsado : MSG.codigo2faInvalido };
  }
  if (proof?.clave !== undefined) {
    const ok = await claveCorrecta(u.clave, proof.clave.trim());
    return ok ? null : { field: 'clave', message: MSG.claveActualIncorrecta };
  }
  return { field: 'codigo', message: MSG.codigo2faOClaveRequerido };
}
