import { Card, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../shared/forms/FormActions';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { TextField } from '../../shared/fields/TextField';
import { useRecordForm } from '../../shared/forms/useRecordForm';
import '../../shared/forms/referenceForms.css';
import {
  initialValues,
  problemsFromIssues,
  templatePlaceholders,
  toTemplateBody,
  validateTemplate,
  type TemplateField,
} from './templateForm';
import './templates.css';
import { useCreateTemplateMutation, useUpdateTemplateMutation } from './templatesApi';
import { TextAreaField } from '../../shared/fields/TextAreaField';
import type { Template } from './types';

/**
 * The e-mail template form (§2.3, §3, §5): name and sender e-mail, then sender name, subject and body in English
 * and French, side by side on a wide screen and one under the other on a phone. Every field is required.
 */
export function TemplateForm({ title, template }: { title: string; template: Template | undefined }) {
  const { t, i18n } = useTranslation();
  const [createTemplate, creation] = useCreateTemplateMutation();
  const [updateTemplate, update] = useUpdateTemplateMutation();
  const { values, shownProblems, failure, change, onSubmit } = useRecordForm({
    initialValues: () => initialValues(template, i18n.getFixedT('en'), i18n.getFixedT('fr')),
    validate: validateTemplate,
    problemsFromIssues,
    save: (values) => {
      const body = toTemplateBody(values);
      return template ? updateTemplate({ id: template.id, body }) : createTemplate(body);
    },
    savedMessage: template ? t('templates.updated') : t('templates.created'),
    listPath: '/admin/templates',
  });
  const saving = creation.isLoading || update.isLoading;

  const field = (name: TemplateField, maxLength: number, french = false) => ({
    label: t(`templates.${name}`),
    value: values[name],
    onValueChange: (value: string) => change(name, value),
    error: shownProblems[name] ? t(shownProblems[name]) : undefined,
    maxLength,
    required: true,
    ...(french ? { lang: 'fr' } : {}),
  });

  return (
    <>
      <H1 className="page-title">{title}</H1>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="reference-form template-form">
        <FormCallouts
          failure={failure}
          hasProblems={Object.keys(shownProblems).length > 0}
          fixFieldsText={t('templates.fixFields')}
        />
        <Card className="page-card">
          <div className="form-row">
            <TextField {...field('name', 150)} autoComplete="off" />
            <TextField {...field('fromEmail', 180)} type="email" autoComplete="off" />
          </div>
          <div className="form-row">
            <TextField {...field('fromName', 150)} autoComplete="off" />
            <TextField {...field('fromNameFr', 150, true)} autoComplete="off" />
          </div>
          <div className="form-row">
            <TextField {...field('subject', 200)} autoComplete="off" />
            <TextField {...field('subjectFr', 200, true)} autoComplete="off" />
          </div>
          <div className="template-placeholders">
            <p>{t('templates.placeholdersHint')}</p>
            <ul>
              {templatePlaceholders.map((placeholder) => (
                <li key={placeholder}>
                  <code>{`{{${placeholder}}}`}</code>
                </li>
              ))}
            </ul>
            <p>{t('templates.manageLinkHint', { placeholder: '{{manageLink}}' })}</p>
          </div>
          <div className="form-row">
            <TextAreaField {...field('body', 20_000)} rows={12} />
            <TextAreaField {...field('bodyFr', 20_000, true)} rows={12} />
          </div>
        </Card>
        <FormActions
          listPath="/admin/templates"
          cancelText={t('templates.cancel')}
          saveText={t('templates.save')}
          saving={saving}
        />
      </form>
    </>
  );
}
