import type { AppointmentDetails, ClientData } from './appointment';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of the details an edit changes (`before` may carry more, such as its place: only the fields of `after`
 * count), for the history (§3 History entry): contact fields by name, client fields as
 * `clientData.<field>` (once, whichever clients changed), and `clientData` itself when clients were added or removed.
 */
export function changedFields(before: AppointmentDetails, after: AppointmentDetails): string[] {
  const changes = new Set<string>();
  for (const key of Object.keys(after) as (keyof AppointmentDetails)[]) {
    if (key === 'clientData') continue;
    if (!same(before[key], after[key])) changes.add(key);
  }
  if (before.clientData.length !== after.clientData.length) changes.add('clientData');
  after.clientData.forEach((client, index) => {
    const previous: Partial<ClientData> = before.clientData[index] ?? {};
    const fields = new Set([...Object.keys(previous), ...Object.keys(client)]) as Set<keyof ClientData>;
    for (const field of fields) if (!same(previous[field], client[field])) changes.add(`clientData.${field}`);
  });
  return [...changes].sort();
}
