import { Icon } from '@blueprintjs/core';

/** A form tab's name, with an error icon (and, for screen readers, `problemsText`) while the tab has problems. */
export function TabTitle({
  label,
  problemCount,
  problemsText,
}: {
  label: string;
  problemCount: number;
  problemsText: string;
}) {
  return (
    <span className="calendar-tab-title">
      {label}
      {problemCount > 0 && (
        <>
          <Icon icon="error" intent="danger" size={14} />
          <span className="visually-hidden">{problemsText}</span>
        </>
      )}
    </span>
  );
}
