import {
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/** `useMutation`'s result (each of its states, so `isError` still narrows `error`) whose `mutateAsync` may skip. */
export type Envio<TData, TError, TVariables, TContext> =
  UseMutationResult<TData, TError, TVariables, TContext> extends infer R
    ? R extends unknown
      ? Omit<R, 'mutateAsync'> & {
          mutateAsync: (
            variables: TVariables,
            options?: MutateOptions<TData, TError, TVariables, TContext>,
          ) => Promise<TData | undefined>;
        }
      : never
    : never;

/**
 * `useMutation` for a write button or form (issue 14 §2, decision 49): while its request runs, further
 * `mutate` / `mutateAsync` calls are ignored, so a double click, Enter plus a click, or a keyboard
 * shortcut pressed twice sends one request. The guard is a ref, set synchronously by the first call:
 * `isPending` only turns true after TanStack's next notification, which a second click can beat (and
 * an antd form runs `onFinish` after an asynchronous validation, so two clicks give two `onFinish`).
 * Use `isPending` for the button's `loading` / `disabled`, as with `useMutation`.
 *
 * The API client gives each submit its Idempotency-Key (lib/api.ts), so even a second request that
 * slipped through would write nothing twice; this hook keeps the screen from reacting twice.
 *
 * `mutateAsync` of an ignored call resolves to `undefined`.
 */
export function useEnvio<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): Envio<TData, TError, TVariables, TContext> {
  const enCurso = useRef(false);
  const m = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    onSettled: (...args) => {
      enCurso.current = false;
      return options.onSettled?.(...args);
    },
  });
  const { mutate: mutateRaw, mutateAsync: mutateAsyncRaw } = m;
  const mutate = useCallback(
    (variables: TVariables, opts?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (enCurso.current) return;
      enCurso.current = true;
      mutateRaw(variables, opts);
    },
    [mutateRaw],
  );
  const mutateAsync = useCallback(
    async (variables: TVariables, opts?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (enCurso.current) return undefined;
      enCurso.current = true;
      return mutateAsyncRaw(variables, opts);
    },
    [mutateAsyncRaw],
  );
  return { ...m, mutate, mutateAsync, isPending: m.isPending || enCurso.current } as never;
}
