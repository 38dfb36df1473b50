/**
 * The differences between two JSON values (two versions of a record), leaf by leaf: each change names its place as
 * a JSON pointer (RFC 6901: `/appointment/clientData/0/room`) with the value before and after. Objects are compared
 * key by key, arrays index by index; a value of another type, or a scalar that differs, is one change.
 */
export interface JsonChange {
  /** JSON pointer to the value; '' is the whole document. */
  path: string;
  /** `added`: absent before (before is null); `removed`: absent after (after is null). */
  op: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
}

const escapeToken = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    const otherKeys = Object.keys(b).filter((key) => b[key] !== undefined);
    return keys.length === otherKeys.length && keys.every((key) => key in b && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** Every difference from `before` to `after`, in document order (keys of `before` first, then new keys). */
export function jsonDiff(before: unknown, after: unknown, path = ''): JsonChange[] {
  if (jsonEqual(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: JsonChange[] = [];
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const at = `${path}/${index}`;
      if (index >= after.length) changes.push({ path: at, op: 'removed', before: before[index], after: null });
      else if (index >= before.length) changes.push({ path: at, op: 'added', before: null, after: after[index] });
      else changes.push(...jsonDiff(before[index], after[index], at));
    }
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const at = `${path}/${escapeToken(key)}`;
      const [was, is] = [before[key], after[key]];
      if (was === undefined && is === undefined) return [];
      if (was === undefined) return [{ path: at, op: 'added' as const, before: null, after: is }];
      if (is === undefined) return [{ path: at, op: 'removed' as const, before: was, after: null }];
      return jsonDiff(was, is, at);
    });
  }
  return [{ path, op: 'changed', before: before ?? null, after: after ?? null }];
}
