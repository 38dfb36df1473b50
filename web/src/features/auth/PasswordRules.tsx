import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { passwordRuleIds, type PasswordRuleId } from './passwordPolicy';

/**
 * The password rules as a checklist under the new-password field: each rule ticks as it is met; after a refused
 * attempt the unmet ones turn red. The byte limit only shows when it is exceeded.
 */
export function PasswordRules({
  id,
  failed,
  attempted,
}: {
  id: string;
  failed: readonly PasswordRuleId[];
  attempted: boolean;
}) {
  const { t } = useTranslation();
  const shown = passwordRuleIds.filter((rule) => rule !== 'maxBytes' || failed.includes(rule));
  return (
    <div id={id} className="password-rules">
      <span>{t('password.rulesIntro')}</span>
      <ul>
        {shown.map((rule) => {
          const met = !failed.includes(rule);
          const state = met ? 'met' : attempted ? 'failed' : 'pending';
          return (
            <li key={rule} className={`password-rule password-rule-${state}`}>
              <Icon
                icon={met ? 'tick-circle' : attempted ? 'error' : 'circle'}
                intent={met ? 'success' : attempted ? 'danger' : 'none'}
                size={14}
              />
              <span>{t(`password.rules.${rule}`)}</span>
              <span className="visually-hidden">{met ? t('password.ruleMet') : t('password.ruleNotMet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
