import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A calendar offered for choosing (a user's access, a service's calendars): its name, and tags when it is a group session or disabled. */
export function CalendarChoiceLabel({
  calendar,
}: {
  calendar: { name: string; groupSession: boolean; enabled: boolean };
}) {
  const { t } = useTranslation();
  return (
    <>
      {calendar.name}
      {calendar.groupSession && <Tag minimal>{t('calendars.choiceGroupSession')}</Tag>}
      {!calendar.enabled && <Tag minimal>{t('calendars.choiceDisabled')}</Tag>}
    </>
  );
}
