/** A last name as a lookup compares it: without surrounding spaces, accents or case ("  Côté " is "cote"). */
export const comparableName = (name: string): string =>
  name
    .trim()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLocaleLowerCase('en-CA');

/** Whether one of the booking's clients has the last name typed. */
export const hasLastName = (clients: readonly { lastName: string }[], typed: string): boolean => {
  const wanted = comparableName(typed);
  return wanted !== '' && clients.some((client) => comparableName(client.lastName) === wanted);
};
