import { useEffect, useState } from 'react';

/**
 * `value`, but only once it has stopped changing for `delayMs`: search boxes ask the server after
 * a pause in typing instead of at every key (and an abandoned half-word is never asked).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return debounced;
}
