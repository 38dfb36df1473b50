import type { Location } from 'react-router-dom';

/** Where a signed-out visitor wanted to go, carried to /admin/login in the router's location state. */
export interface ReturnState {
  from: string;
}

export function returnState(location: Location): ReturnState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** The signed-in page to go to after signing in: the one asked for, when it is one; /admin otherwise. */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !/^\/admin(\/|\?|#|$)/.test(from)) return '/admin';
  if (/^\/admin\/(login|password-reset)/.test(from)) return '/admin';
  return from;
}
