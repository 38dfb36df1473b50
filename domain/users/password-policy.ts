/** §5: at least 9 characters with a digit, an upper-case and a lower-case letter and a special character; bcrypt reads at most 72 bytes, so longer is refused rather than cut. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 9) problems.push('at least 9 characters');
  if (!/[0-9]/.test(password)) problems.push('a digit');
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('a special character');
  if (new TextEncoder().encode(password).length > 72) problems.push('at most 72 bytes');
  return problems;
}
