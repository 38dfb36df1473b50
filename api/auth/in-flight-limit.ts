import { TooManyAttempts } from '../../commands/auth/sign-in';

/**
 * At most `max` pieces of work per key (a client address) at once in this process; more are refused straight away
 * (429 RATE_LIMITED, Retry-After 1) instead of waiting, so one address cannot fill the password threads' queue.
 */
export function inFlightLimit(max: number) {
  const running = new Map<string, number>();
  return async function limited<T>(key: string, work: () => Promise<T>): Promise<T> {
    const count = running.get(key) ?? 0;
    if (count >= max) throw new TooManyAttempts(1);
    running.set(key, count + 1);
    try {
      return await work();
    } finally {
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    }
  };
}
