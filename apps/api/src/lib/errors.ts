import { MSG } from '@app/domain';

/** An error that becomes `{ error: { code, message, fields? } }` with its status. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = () => new AppError(404, 'NO_ENCONTRADO', MSG.noEncontrado);
export const forbidden = () => new AppError(403, 'NO_AUTORIZADO', MSG.noAutorizado);
export const unauthorized = (message: string = MSG.sesionRequerida) =>
  new AppError(401, 'NO_AUTENTICADO', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'DATOS_INVALIDOS', message, fields);
export const conflict = (message: string, code = 'CONFLICTO') => new AppError(409, code, message);
