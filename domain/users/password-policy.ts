/**
 * §5's password policy, the one copy the API, the seed and the web form all use: at least 9 characters with a digit,
 * an upper-case letter, a lower-case letter and a special (non-alphanumeric) character. Bcrypt reads at most 72
 * bytes, so a longer password is refused rather than silently cut.
 */
export const passwordRules = [
  { id: 'length', message: 'At least 9 characters', test: (password: string) => password.length >= 9 },
  { id: 'digit', message: 'At least one digit', test: (password: string) => /[0-9]/.test(password) },
  { id: 'upper', message: 'At least one upper-case letter', test: (password: string) => /[A-Z]/.test(password) },
  { id: 'lower', message: 'At least one lower-case letter', test: (password: string) => /[a-z]/.test(password) },
  {
    id: 'special',
    message: 'At least one special character',
    test: (password: string) => /[^A-Za-z0-9]/.test(password),
  },
  {
    id: 'maxBytes',
    message: 'At most 72 bytes',
    test: (password: string) => new TextEncoder().encode(password).length <= 72,
  },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]['id'];

export function failedPasswordRules(password: string): (typeof passwordRules)[number][] {
  return passwordRules.filter((rule) => !rule.test(password));
}
