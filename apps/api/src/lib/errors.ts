import { ERROR_CODE, type ErrorCode, MSG } from '@app/domain';

/** An error that becomes `{ error: { code, message, fields? } }` with its status. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = () => new AppError(404, ERROR_CODE.noEncontrado, MSG.noEncontrado);
export const forbidden = () => new AppError(403, ERROR_CODE.noAutorizado, MSG.noAutorizado);
export const unauthorized = (message: string = MSG.sesionRequerida) =>
  new AppError(401, ERROR_CODE.noAutenticado, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ERROR_CODE.datosInvalidos, message, fields);
export const conflict = (message: string, code: ErrorCode = ERROR_CODE.conflicto) =>
  new AppError(409, code, message);

/** PostgreSQL unique violation (23505), optionally on a given constraint or column. */
export function isUniqueViolation(e: unknown, hint?: string): boolean {
  const err = e as { code?: string; constraint?: string; detail?: string; message?: string };
  if (err?.code !== '23505') return false;
  if (!hint) return true;
  return [err.constraint, err.detail, err.message].some((s) => typeof s === 'string' && s.includes(hint));
}
