/** Checks shared by the sign-in and reset forms; each returns the translation key of the problem, if any. */
export function emailProblem(email: string): 'auth.emailMissing' | 'auth.emailInvalid' | undefined {
  const value = email.trim();
  if (value === '') return 'auth.emailMissing';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || value.length > 180) return 'auth.emailInvalid';
  return undefined;
}
