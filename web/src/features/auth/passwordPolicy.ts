/**
 * §5 password policy, as the API checks it: at least 9 characters with a digit, an upper-case letter, a
 * lower-case letter and a special (non-alphanumeric) character; at most 72 bytes (bcrypt reads no further).
 * The screens check it before sending, rule by rule, so they can say which rule fails.
 */
export const passwordRuleIds = ['length', 'digit', 'upper', 'lower', 'special', 'maxBytes'] as const;
export type PasswordRuleId = (typeof passwordRuleIds)[number];

const checks: Record<PasswordRuleId, (password: string) => boolean> = {
  length: (password) => password.length >= 9,
  digit: (password) => /[0-9]/.test(password),
  upper: (password) => /[A-Z]/.test(password),
  lower: (password) => /[a-z]/.test(password),
  special: (password) => /[^A-Za-z0-9]/.test(password),
  maxBytes: (password) => new TextEncoder().encode(password).length <= 72,
};

export function failedPasswordRules(password: string): PasswordRuleId[] {
  return passwordRuleIds.filter((rule) => !checks[rule](password));
}

/** The rule named by one of the API's password issue messages (api/users/schemas.ts), if it is one. */
const ruleByIssueMessage: Record<string, PasswordRuleId> = {
  'At least 9 characters': 'length',
  'At least one digit': 'digit',
  'At least one upper-case letter': 'upper',
  'At least one lower-case letter': 'lower',
  'At least one special character': 'special',
  'At most 72 bytes': 'maxBytes',
};

export function passwordRuleOfIssue(message: string): PasswordRuleId | undefined {
  return ruleByIssueMessage[message];
}
