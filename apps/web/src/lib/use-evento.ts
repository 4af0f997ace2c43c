import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes and that always runs the latest `fn` (the 'event handler'
 * pattern): a handler passed to a memoized child does not make it render again.
 */
export function useEvento<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
