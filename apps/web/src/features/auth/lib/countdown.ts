import { useEffect, useState } from 'react';

/** 300 → '5:00', 59 → '0:59' (the resend countdown shown as m:ss). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left of a `totalSeconds` countdown that started at `initialStart` (ms), ticking every
 * second; `restart(at)` starts it again (a new code was sent).
 */
export function useCountdown(
  initialStart: number,
  totalSeconds: number,
): { secondsLeft: number; restart(at: number): void } {
  const [{ start, now }, setState] = useState(() => ({ start: initialStart, now: Date.now() }));
  const endsAt = start + totalSeconds * 1000;
  const running = now < endsAt;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setState((s) => ({ ...s, now: Date.now() })), 1000);
    return () => clearInterval(timer);
  }, [running, endsAt]);
  return {
    secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)),
    restart: (at: number) => setState({ start: at, now: at }),
  };
}
