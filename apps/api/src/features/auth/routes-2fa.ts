import {
  dosFactoresInicioSchema,
  MSG,
  mensajeSchema,
  responses,
  totpConfirmSchema,
  totpProofFields,
  totpProofSchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { consulta, fila, sql } from '../../lib/sql.ts';
import { authenticator, codeStep, proofError } from './totp.ts';

/** The signed-in user's TOTP second factor (inside `authRoutes`, routes.ts): start, confirm, turn off. */
export function dosFactoresRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  // TOTP second factor for the signed-in user only; the id in the page's route is never trusted. A new
  // secret waits in totp_pendiente until its first code: the active factor stays on meanwhile, and
  // replacing or removing an active factor takes its current code or the password (issue 11 item 9).
  r.post(
    '/api/v1/auth/2fa/iniciar',
    {
      schema: {
        tags,
        summary: 'Generar el secreto y el código QR de 2FA',
        response: responses({ 200: dosFactoresInicioSchema }),
        description: 'Con la autenticación en dos pasos activa, pide el código actual o la contraseña.',
        // Optional: only an active factor needs the proof (checked below).
        body: totpProofFields.nullish(),
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      if (req.user.totpActivo) {
        const err = await proofError(db, req.user.idUsuario, req.body ?? undefined);
        if (err) throw badRequest(err.message, { [err.field]: err.message });
      }
      const secreto = authenticator.generateSecret();
      await consulta(
        db,
        sql`UPDATE usuario SET totp_pendiente = ${secreto} WHERE id_usuario = ${req.user.idUsuario}`,
      );
      const otpauth = authenticator.keyuri(req.user.nombre, 'Auditoría Médica', secreto);
      const { default: QRCode } = await import('qrcode');
      return { secreto, otpauth, qr: await QRCode.toDataURL(otpauth) };
    },
  );

  r.post(
    '/api/v1/auth/2fa/confirmar',
    {
      schema: {
        tags,
        summary: 'Activar 2FA con el primer código',
        body: totpConfirmSchema,
        response: responses({ 200: mensajeSchema }),
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const u = await fila<{ pendiente: string | null }>(
        db,
        sql`SELECT totp_pendiente AS pendiente FROM usuario WHERE id_usuario = ${req.user.idUsuario}`,
      );
      const step = u.pendiente ? codeStep(req.body.codigo, u.pendiente) : null;
      // The new secret's first code is spent too: it cannot open a session afterwards.
      const done =
        step !== null &&
        (
          await consulta(
            db,
            sql`UPDATE usuario SET totp_secreto = totp_pendiente, totp_pendiente = NULL, totp_activo = true,
                                totp_ultimo_paso = ${step}
              WHERE id_usuario = ${req.user.idUsuario} AND totp_pendiente = ${u.pendiente} RETURNING 1`,
          )
        ).length > 0;
      if (!done) throw badRequest(MSG.codigo2faInvalido, { codigo: MSG.codigo2faInvalido });
      return { mensaje: MSG.dosFactoresActivado };
    },
  );

  r.post(
    '/api/v1/auth/2fa/desactivar',
    {
      schema: {
        tags,
        summary: 'Desactivar 2FA',
        response: responses({ 200: mensajeSchema }),
        description: 'Pide el código actual de la aplicación o la contraseña.',
        body: totpProofSchema,
      },
      onRequest: [app.authenticate],
    },
    async (req) => {
      const err = await proofError(db, req.user.idUsuario, req.body);
      if (err) throw badRequest(err.message, { [err.field]: err.message });
      await consulta(
        db,
        sql`UPDATE usuario SET totp_activo = false, totp_secreto = NULL, totp_pendiente = NULL, totp_ultimo_paso = NULL
          WHERE id_usuario = ${req.user.idUsuario}`,
      );
      return { mensaje: MSG.dosFactoresDesactivado };
    },
  );
}
