import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../shared/forms/FormActions';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { EmailsCard } from './EmailsCard';
import { LanesCard } from './LanesCard';
import { RequestTypeCard } from './RequestTypeCard';
import { useRequestChoices } from './useRequestChoices';
import { listPath, useRequestForm } from './useRequestForm';
import '../../shared/forms/tabbedForm.css';
import './requestForms.css';

/**
 * §2.3 /admin/request-forms/new: a request for a new calendar or for dates on an existing one (§3, §5). The §5
 * checks run in the browser before sending, each on its field; a saved request goes to the list under the §8
 * banner, shown 3 s (§9).
 */
export function RequestFormPage() {
  const { t } = useTranslation();
  const form = useRequestForm();
  const choices = useRequestChoices();
  return (
    <>
      <H1 className="page-title">{t('requestForms.newTitle')}</H1>
      <form onSubmit={form.onSubmit} noValidate className="rf-form reference-form">
        <FormCallouts
          failure={form.failure}
          hasProblems={Object.keys(form.shownProblems).length > 0}
          fixFieldsText={t('requestForms.fixFields')}
        />
        <RequestTypeCard form={form} choices={choices} />
        <LanesCard form={form} />
        <EmailsCard form={form} templates={choices.templateChoices} />
        <FormActions
          listPath={listPath}
          cancelText={t('requestForms.cancel')}
          saveText={t('requestForms.submit')}
          saving={form.saving}
        />
      </form>
    </>
  );
}
