import { useParams } from 'react-router-dom';
import { parseId } from './parseId';

/** The id of an edit address (`/admin/<list>/{id}/edit`); undefined on a New address or for a malformed id. */
export function useEditId(mode: 'new' | 'edit'): number | undefined {
  const rawId = useParams().id;
  return mode === 'edit' ? parseId(rawId) : undefined;
}
