import { useTranslation } from 'react-i18next';
import { TabTitle } from '../../shared/forms/TabTitle';
import { problemsOfTab, type CalendarFormProblems, type TabId } from './calendarForm';

/** A calendar form tab's name, marked while the tab has problems. */
export function CalendarTabTitle({ id, problems }: { id: TabId; problems: CalendarFormProblems }) {
  const { t } = useTranslation();
  const count = problemsOfTab(problems, id).length;
  return (
    <TabTitle
      label={t(`calendarForm.tabs.${id}`)}
      problemCount={count}
      problemsText={t('calendarForm.tabs.hasProblems', { count })}
    />
  );
}
