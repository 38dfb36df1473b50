import { useSearchParams } from 'react-router-dom';

/**
 * The page's query string and a way to change some of its parameters (undefined removes one) without adding a
 * history entry: filters and choices that a reload or a shared link should restore.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return { params, update };
}
