import { Callout, Card, H1, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../shared/forms/FormActions';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { tabIds, type CalendarFormMode, type CalendarFormValues } from './calendarForm';
import type { CalendarFormAction } from './calendarFormState';
import '../../shared/forms/tabbedForm.css';
import './calendars.css';
import { CalendarTabTitle } from './CalendarTabTitle';
import { EmailsTab } from './EmailsTab';
import { FieldsTab } from './FieldsTab';
import { GeneralTab } from './GeneralTab';
import { ScheduleTab } from './ScheduleTab';
import type { Calendar } from './types';
import { useCalendarChoices } from './useCalendarChoices';
import { listPath, useCalendarForm } from './useCalendarForm';

/**
 * The calendar form (§2.3, §3, §5) of /admin/calendars/new, /{id}/edit and /{id}/copy: tabs General, Fields,
 * Schedule and Emails. The §5 checks run before sending and show on their fields (the tab of the first problem
 * opens); the server's refusals land on their fields too. Saving shows the §8 banner and goes back to the list.
 * A copy has no ids (calendar or lane): saving it creates a new calendar.
 */
export function CalendarForm({
  mode,
  calendar,
  title,
}: {
  mode: CalendarFormMode;
  calendar: Calendar | undefined;
  title: string;
}) {
  const { t } = useTranslation();
  const { locationChoices, categoryChoices, templateChoices } = useCalendarChoices(calendar);
  const form = useCalendarForm(mode, calendar);
  const { values, message, dispatch, shownProblems } = form;
  const change = <K extends keyof CalendarFormValues>(field: K, value: CalendarFormValues[K]) =>
    dispatch({ type: 'change', field, value } as CalendarFormAction);

  return (
    <>
      <H1 className="page-title">{title}</H1>
      {mode === 'copy' && calendar && (
        <Callout intent="primary" icon="duplicate" className="form-callout">
          {t('calendarForm.copyNotice', { name: calendar.name })}
        </Callout>
      )}
      <form onSubmit={form.onSubmit} noValidate className="calendar-form">
        <FormCallouts
          failure={form.failure}
          hasProblems={Object.keys(shownProblems).length > 0}
          fixFieldsText={t('calendarForm.fixFields')}
        />
        <Card className="page-card">
          <Tabs
            id="calendar-form-tabs"
            className="calendar-form-tabs"
            selectedTabId={form.tab}
            onChange={(id) =>
              dispatch({ type: 'showTab', tab: tabIds.find((candidate) => candidate === id) ?? 'general' })
            }
            renderActiveTabPanelOnly
          >
            <Tab
              id="general"
              title={<CalendarTabTitle id="general" problems={shownProblems} />}
              panel={
                <GeneralTab
                  values={values}
                  message={message}
                  onChange={change}
                  locations={locationChoices}
                  categories={categoryChoices}
                />
              }
            />
            <Tab
              id="fields"
              title={<CalendarTabTitle id="fields" problems={shownProblems} />}
              panel={
                <FieldsTab
                  fields={values.fields}
                  message={message}
                  onChange={(fields) => dispatch({ type: 'changeFields', fields })}
                />
              }
            />
            <Tab
              id="schedule"
              title={<CalendarTabTitle id="schedule" problems={shownProblems} />}
              panel={
                <ScheduleTab
                  lanes={values.lanes}
                  message={message}
                  onChange={(lanes) => dispatch({ type: 'changeLanes', lanes })}
                  onRemove={(index) => dispatch({ type: 'removeLane', index })}
                />
              }
            />
            <Tab
              id="emails"
              title={<CalendarTabTitle id="emails" problems={shownProblems} />}
              panel={<EmailsTab values={values} message={message} onChange={change} templates={templateChoices} />}
            />
          </Tabs>
        </Card>
        <FormActions
          listPath={listPath}
          cancelText={t('calendarForm.cancel')}
          saveText={t('calendarForm.save')}
          saving={form.saving}
        />
      </form>
    </>
  );
}
