import { useEffect, useRef, useState } from 'react';

/** "4:05", "12:00", "1:02:03": the time left on a practice exam. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Seconds left until `deadline` (ms since the epoch) at `now`, never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The seconds left on a timed practice exam, ticking once a second; `onZero` runs once when it reaches zero.
 * Counted from a fixed deadline, not by decrements, so a throttled background tab is never given extra time.
 * A null deadline means no time limit: nothing ticks.
 */
export function useCountdown(deadline: number | null, onZero: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  const latestOnZero = useRef(onZero);
  useEffect(() => {
    latestOnZero.current = onZero;
  });

  useEffect(() => {
    fired.current = false;
    if (deadline === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline && !fired.current) {
        fired.current = true;
        latestOnZero.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return deadline === null ? null : secondsLeft(deadline, now);
}
