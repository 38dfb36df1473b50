import { Card, H1, Tab, Tabs } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorIssues } from '../../../shared/errorMessages';
import { FormActions } from '../../../shared/forms/FormActions';
import { FormCallouts } from '../../../shared/forms/FormCallouts';
import { useRecordForm } from '../../../shared/forms/useRecordForm';
import { TabTitle } from '../../../shared/forms/TabTitle';
import '../../../shared/forms/tabbedForm.css';
import { QuestionnaireField } from './QuestionnaireField';
import { useCreateServiceMutation, useUpdateServiceMutation } from './serviceAdminApi';
import { ServiceBookingTab } from './ServiceBookingTab';
import {
  initialValues,
  problemsFromIssues,
  problemsOfTab,
  tabIds,
  toServiceBody,
  validateService,
  type ServiceFormProblems,
  type TabId,
} from './serviceForm';
import { ServiceGeneralTab } from './ServiceGeneralTab';
import { ServicePagesTab } from './ServicePagesTab';
import './services-admin.css';
import type { Service } from './types';

const listPath = '/admin/services';

/**
 * The service form (§2.3, §3 Service, §5) of /admin/services/new and /{id}/edit: tabs General, Pages and email,
 * Booking steps and Questionnaire. The §5 checks run before sending and show on their fields, the tab of the first
 * problem opening; the questionnaire is checked as it is typed. Saving shows the §8 banner and the list again.
 */
export function ServiceForm({ title, service }: { title: string; service: Service | undefined }) {
  const { t } = useTranslation();
  const [createService, creation] = useCreateServiceMutation();
  const [updateService, update] = useUpdateServiceMutation();
  const [tab, setTab] = useState<TabId>('general');

  /** Opens the tab of the first problem, unless the tab shown has one. */
  function showProblemTab(found: ServiceFormProblems) {
    if (problemsOfTab(found, tab).length > 0) return;
    const first = tabIds.find((id) => problemsOfTab(found, id).length > 0);
    if (first) setTab(first);
  }

  const { values, shownProblems, failure, change, onSubmit } = useRecordForm({
    initialValues: () => initialValues(service),
    validate: validateService,
    problemsFromIssues,
    save: async (values) => {
      const body = toServiceBody(values);
      const answer = service ? await updateService({ id: service.id, body }) : await createService(body);
      if ('error' in answer) showProblemTab(problemsFromIssues(errorCode(answer.error), errorIssues(answer.error)));
      return answer;
    },
    savedMessage: service ? t('serviceForm.saved') : t('serviceForm.created'),
    listPath,
  });
  const saving = creation.isLoading || update.isLoading;
  const message = (field: keyof typeof values) => {
    const problem = shownProblems[field];
    return problem ? t(`serviceForm.problems.${problem}`) : undefined;
  };

  function submit(event: FormEvent) {
    showProblemTab(validateService(values));
    void onSubmit(event);
  }

  const tabTitle = (id: TabId) => {
    const count = problemsOfTab(shownProblems, id).length;
    return (
      <TabTitle
        label={t(`serviceForm.tabs.${id}`)}
        problemCount={count}
        problemsText={t('serviceForm.tabs.hasProblems', { count })}
      />
    );
  };
  const tabProps = { values, message, onChange: change };

  return (
    <>
      <H1 className="page-title">{title}</H1>
      <form onSubmit={submit} noValidate className="service-form">
        <FormCallouts
          failure={failure}
          hasProblems={Object.keys(shownProblems).length > 0}
          fixFieldsText={t('serviceForm.fixFields')}
        />
        <Card className="page-card">
          <Tabs
            id="service-form-tabs"
            className="calendar-form-tabs"
            selectedTabId={tab}
            onChange={(id) => setTab(tabIds.find((candidate) => candidate === id) ?? 'general')}
            renderActiveTabPanelOnly
          >
            <Tab
              id="general"
              title={tabTitle('general')}
              panel={<ServiceGeneralTab {...tabProps} savedCalendars={service?.calendars ?? []} />}
            />
            <Tab id="pages" title={tabTitle('pages')} panel={<ServicePagesTab {...tabProps} />} />
            <Tab id="booking" title={tabTitle('booking')} panel={<ServiceBookingTab {...tabProps} />} />
            <Tab
              id="questionnaire"
              title={tabTitle('questionnaire')}
              panel={
                <div className="calendar-form-panel">
                  <QuestionnaireField
                    value={values.form}
                    onChange={(value) => change('form', value)}
                    error={message('form')}
                  />
                </div>
              }
            />
          </Tabs>
        </Card>
        <FormActions
          listPath={listPath}
          cancelText={t('serviceForm.cancel')}
          saveText={t('serviceForm.save')}
          saving={saving}
        />
      </form>
    </>
  );
}
