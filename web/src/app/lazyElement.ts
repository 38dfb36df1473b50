import type { ReactNode } from 'react';

/**
 * A route whose element comes from a module loaded on demand: the admin area (its shell, login pages and screens)
 * stays out of the public pages' bundle, and each admin screen loads when first visited.
 */
export function lazyElement<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactNode,
): { lazy: () => Promise<{ element: ReactNode }> } {
  return { lazy: async () => ({ element: render(await load()) }) };
}
