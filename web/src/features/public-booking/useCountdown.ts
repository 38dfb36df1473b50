import { useEffect, useState } from 'react';

const secondsLeft = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/** §4.1: the seconds left until `deadline` (ms of the browser clock), checked each second. */
export function useCountdown(deadline: number): number {
  const [left, setLeft] = useState(() => secondsLeft(deadline));
  useEffect(() => {
    setLeft(secondsLeft(deadline));
    const timer = window.setInterval(() => setLeft(secondsLeft(deadline)), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return left;
}

/** mm:ss ("04:59"). */
export const minutesSeconds = (seconds: number): string =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
