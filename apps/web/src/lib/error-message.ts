import { ApiError } from './api.ts';

/** The server's Spanish message when it sent one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'ERROR' ? error.message : fallback;
}
