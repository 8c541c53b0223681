import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: a search as staff type reads once per pause, not per key. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
