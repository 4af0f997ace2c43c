import type { ErrorResponse } from '@app/domain';
import { MSG } from '@app/domain/messages';
import { clearSession, readSession } from './session.ts';

export type ApiErrorBody = { error: ErrorResponse['error'] };

/** An API failure with the server's Spanish message (or the spec's fallbacks). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
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

/** Fetch against /api with the session token; a 401 ends the session and goes to /Login. */
export async function api<T>(
  path: string,
  opts: {
    method?: string;
    body?: unknown;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
    raw?: boolean;
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
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'RED', MSG.errorRed);
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
