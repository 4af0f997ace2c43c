import { useEffect, useState } from 'react';

/** The value once it has not changed for `ms` milliseconds (the line window's 300 ms searches). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
