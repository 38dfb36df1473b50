import {
  failedPasswordRules as failedRules,
  passwordRules,
  type PasswordRuleId,
} from '../../../../domain/users/password-policy';

/**
 * §5 password policy: the domain's one copy (the API checks the same rules). The screens check it before sending,
 * rule by rule, so they can say which rule fails, and map the API's password issues back onto the rules.
 */
export type { PasswordRuleId };
export const passwordRuleIds: readonly PasswordRuleId[] = passwordRules.map((rule) => rule.id);

export const failedPasswordRules = (password: string): PasswordRuleId[] => failedRules(password).map((rule) => rule.id);

/** The rule named by one of the API's password issue messages, if it is one. */
export function passwordRuleOfIssue(message: string): PasswordRuleId | undefined {
  return passwordRules.find((rule) => rule.message === message)?.id;
}
