/**
 * Idempotency keys (issue 14 §2, decision 49): one mechanism for every write of the API. A client
 * sends `Idempotency-Key: <uuid>` with a POST or PUT; the same key from the same user within
 * IDEMPOTENCIA_MINUTOS gets the first answer again (status and body) and the write happens once.
 */
import { ERROR_CODE } from '../messages.ts';

/** The request header (Stripe's and the IETF draft's name). */
export const IDEMPOTENCIA_HEADER = 'idempotency-key';
/** Set on an answer replayed from a stored one. */
export const IDEMPOTENCIA_REPETIDA_HEADER = 'idempotent-replayed';
/** How long a key is remembered. */
export const IDEMPOTENCIA_MINUTOS = 15;
/** Longest key accepted (a UUID is 36). */
export const IDEMPOTENCIA_MAX_LARGO = 255;

/** Its refusals' codes (declared with every other in messages.ts `ERROR_CODE`). */
export const IDEMPOTENCIA_CODIGO = {
  /** The same key with another request (another body, path or method): 422. */
  distinta: ERROR_CODE.idempotenciaDistinta,
  /** The first request with this key is still running after the wait: 409. */
  enCurso: ERROR_CODE.idempotenciaEnCurso,
  /** Not a usable key: 400. */
  invalida: ERROR_CODE.idempotenciaInvalida,
} as const;

export const MSG_IDEMPOTENCIA = {
  distinta:
    'La clave de idempotencia ya se usó con otra solicitud distinta. Para una operación nueva envíe una clave nueva.',
  enCurso:
    'Una solicitud igual todavía se está procesando. Espere unos segundos y vuelva a consultar el resultado.',
  invalida: `La clave de idempotencia debe tener entre 1 y ${IDEMPOTENCIA_MAX_LARGO} caracteres visibles.`,
} as const;

/** Whether a header value can be a key: visible ASCII only, 1 to IDEMPOTENCIA_MAX_LARGO characters. */
export const claveIdempotenciaValida = (v: string) =>
  v.length >= 1 && v.length <= IDEMPOTENCIA_MAX_LARGO && /^[\x21-\x7e]+$/.test(v);
