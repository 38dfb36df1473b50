/**
 * The fields of `after` whose values differ from `before`: what an "…Updated" event records. Values are compared
 * by their JSON, so lists and nested objects count as changed only when their content differs.
 */
export function changedFields<Fields extends object>(before: Fields, after: Fields): Partial<Fields> {
  const changes: Partial<Fields> = {};
  for (const key of Object.keys(after) as (keyof Fields)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes;
}
