/** The id of an edit address (`/admin/<list>/{id}/edit`): a positive 32-bit integer, else undefined. */
export function parseId(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : undefined;
}
