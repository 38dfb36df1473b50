/**
 * A read shared by the callers who ask while it cannot yet have started for them: a caller joins the read that
 * starts after the one running now has ended, never the one running, so every caller gets a result read after it
 * asked (a visitor sees the effect of their own lock). Under load, one read serves every request of a round trip.
 */
export function coalescedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const running = read();
    current = running;
    const clear = () => {
      if (current === running) current = null;
    };
    running.then(clear, clear);
    return running;
  };
  return () => {
    if (!current) return start();
    if (!next) {
      next = current
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          next = null;
          return start();
        });
    }
    return next;
  };
}
