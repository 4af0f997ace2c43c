import type { ErrorCode, ErrorResponse } from '@app/domain';
import { IDEMPOTENCIA_CODIGO } from '@app/domain/common/idempotencia';
import { MSG } from '@app/domain/messages';
import { clearSession, readSession } from './session.ts';

export type ApiErrorBody = { error: ErrorResponse['error'] };

/**
 * An API failure's code: one the API declares (messages.ts `ERROR_CODE`), or the client's own — 'RED' when
 * the server was not reached, 'ERROR' when its answer carried no envelope.
 */
export type CodigoError = ErrorCode | 'RED' | 'ERROR';

/** An API failure with the server's Spanish message (or the spec's fallbacks). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: CodigoError,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Item-level messages of a refused batch (the rows of a rejected file) and how many there are. */
    public readonly detalles: string[] = [],
    public readonly totalDetalles: number = detalles.length,
  ) {
    super(message);
  }
}

function fallbackMessage(status: number): string {
  if (status === 403) return MSG.noAutorizado403;
  if (status === 404) return MSG.noEncontrado404;
  return MSG.errorPeticion;
}

/** A random UUID v4, also where `crypto.randomUUID` is missing (a plain-http LAN address is no secure context). */
export function nuevaClave(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** What makes two writes the same submit: method, URL and body (files by name, size and date). */
function firmaEnvio(method: string, url: URL, body: unknown): string {
  let b: string;
  if (body instanceof FormData) {
    b = JSON.stringify(
      Array.from(body.entries(), ([k, v]) =>
        typeof v === 'string' ? [k, v] : [k, v.name, v.size, (v as File).lastModified ?? 0],
      ),
    );
  } else b = body === undefined ? '' : JSON.stringify(body);
  return `${method} ${url.pathname}${url.search} ${b}`;
}

/**
 * Idempotency keys of the writes in flight (decision 49): an identical write sent while the first is
 * still running (a double click, Enter and a click) is the same submit, so it carries the same key and
 * the server answers both with one result and one row.
 */
const enVuelo = new Map<string, { clave: string; n: number }>();

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Network failures and 'still running' answers of a keyed write are retried with the same key. */
const REINTENTOS_MS = [800, 2500];
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fetch against /api with the session token; a 401 ends the session and goes to /Login.
 *
 * Every POST, PUT and PATCH carries an `Idempotency-Key` (decision 49): a fresh UUID per submit, the
 * same for an identical write already in flight, kept across this function's own retries of a lost
 * connection or of a 409 'still running', so a retried submit never writes twice. `idempotencyKey`
 * passes a key the caller keeps (for instance across a user's retry of the same form).
 */
export async function api<T>(
  path: string,
  opts: {
    method?: string;
    body?: unknown;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
    raw?: boolean;
    idempotencyKey?: string;
  } = {},
): Promise<T> {
  const url = new URL(path.startsWith('/api') ? path : `/api/v1${path}`, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = {};
  const token = readSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const method = (opts.method ?? (body ? 'POST' : 'GET')).toUpperCase();
  const keyed = WRITE_METHODS.has(method) && !!token;
  const firma = keyed ? firmaEnvio(method, url, opts.body) : '';
  if (keyed) {
    const previo = opts.idempotencyKey ? undefined : enVuelo.get(firma);
    const clave = opts.idempotencyKey ?? previo?.clave ?? nuevaClave();
    enVuelo.set(firma, { clave, n: (previo?.n ?? 0) + 1 });
    headers['idempotency-key'] = clave;
  }
  const soltar = () => {
    const e = keyed ? enVuelo.get(firma) : undefined;
    if (!e) return;
    if (e.n <= 1) enVuelo.delete(firma);
    else e.n--;
  };
  let res!: Response;
  try {
    for (let intento = 0; ; intento++) {
      try {
        res = await fetch(url, { method, headers, body, signal: opts.signal });
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
        if (keyed && intento < REINTENTOS_MS.length) {
          await esperar(REINTENTOS_MS[intento]);
          continue;
        }
        throw new ApiError(0, 'RED', MSG.errorRed);
      }
      if (keyed && res.status === 409 && intento < REINTENTOS_MS.length) {
        const code = await res
          .clone()
          .json()
          .then((j: ApiErrorBody) => j?.error?.code)
          .catch(() => undefined);
        if (code === IDEMPOTENCIA_CODIGO.enCurso) {
          await esperar(REINTENTOS_MS[intento]);
          continue;
        }
      }
      break;
    }
  } finally {
    soltar();
  }
  if (res.status === 401 && token && !path.includes('/auth/login')) {
    clearSession();
    if (!window.location.pathname.startsWith('/Login')) window.location.assign('/Login');
  }
  if (!res.ok) {
    let parsed: ApiErrorBody | undefined;
    try {
      parsed = (await res.json()) as ApiErrorBody;
    } catch {
      /* not JSON */
    }
    throw new ApiError(
      res.status,
      parsed?.error?.code ?? 'ERROR',
      parsed?.error?.message ?? fallbackMessage(res.status),
      parsed?.error?.fields,
      parsed?.error?.detalles,
      parsed?.error?.totalDetalles,
    );
  }
  if (opts.raw) return res as unknown as T;
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
