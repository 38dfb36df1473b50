import { useEffect, useRef } from 'react';
import type { HeldLock } from './wizardState';

/**
 * Releases a lock the visitor walks away from: when the wizard unmounts (another page of the app) or the page is
 * closed or reloaded (a keepalive request, which outlives the page).
 */
export function useLockRelease(lock: HeldLock | null) {
  const current = useRef(lock);
  current.current = lock;
  useEffect(() => {
    const release = () => {
      const token = current.current?.token;
      if (!token) return;
      current.current = null;
      void fetch(`/api/public/locks/${encodeURIComponent(token)}`, { method: 'DELETE', keepalive: true }).catch(
        () => undefined,
      );
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, []);
}
