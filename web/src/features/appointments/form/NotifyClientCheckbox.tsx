import { Checkbox, Classes } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Issue 19: staff's "notify the client by e-mail" of a move or a delete. On by default when the appointment has an
 * e-mail; off and disabled without one. `checked` is what goes in the request.
 */
export function NotifyClientCheckbox({
  hasEmail,
  checked,
  onChange,
  loading = false,
}: {
  hasEmail: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Whether the appointment has an e-mail is not known yet. */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="appt-notify">
      <Checkbox
        className="appt-checkbox"
        label={t('appointments.notify.label')}
        checked={hasEmail && checked}
        disabled={!hasEmail || loading}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {!hasEmail && !loading && <p className={Classes.TEXT_MUTED}>{t('appointments.notify.noEmail')}</p>}
    </div>
  );
}

/** The choice of a dialog: unset, it follows whether there is an e-mail; `reset` forgets it for the next question. */
export function useNotifyChoice(hasEmail: boolean) {
  const [choice, setChoice] = useState<boolean | null>(null);
  const reset = useCallback(() => setChoice(null), []);
  return { checked: hasEmail && (choice ?? true), setChecked: setChoice, reset };
}
