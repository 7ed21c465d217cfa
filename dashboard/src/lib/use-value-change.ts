import { useEffect, useRef } from 'react';

/** Calls `onChange(before, after)` after a render in which `value` changed (not on the first render). */
export function useValueChange<T>(value: T, onChange: (before: T, after: T) => void): void {
  const previous = useRef(value);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    const before = previous.current;
    previous.current = value;
    onChange(before, value);
  });
}
