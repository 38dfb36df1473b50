import { Button, Callout, Card, H1 } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorIssues, errorMessage, type ApiError } from '../../app/errorMessages';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { TextField } from '../admin-shell/TextField';
import { showSuccess } from '../admin-shell/toaster';
import '../categories/categories.css';
import { initialValues, problemsFromIssues, templatePlaceholders, toTemplateBody, validateTemplate, type TemplateField, type TemplateFormProblems, type TemplateFormValues } from './templateForm';
import './templates.css';
import { useCreateTemplateMutation, useUpdateTemplateMutation } from './templatesApi';
import { TextAreaField } from './TextAreaField';
import type { Template } from './types';

/**
 * The e-mail template form (§2.3, §3, §5): name and sender e-mail, then sender name, subject and body in English
 * and French, side by side on a wide screen and one under the other on a phone. Every field is required.
 */
export function TemplateForm({ title, template }: { title: string; template: Template | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [createTemplate, creation] = useCreateTemplateMutation();
  const [updateTemplate, update] = useUpdateTemplateMutation();
  const [values, setValues] = useState<TemplateFormValues>(() => initialValues(template, i18n.getFixedT('en'), i18n.getFixedT('fr')));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [serverProblems, setServerProblems] = useState<TemplateFormProblems>({});

  const problems = validateTemplate(values);
  const shownProblems = { ...serverProblems, ...(attempted ? problems : {}) };
  const saving = creation.isLoading || update.isLoading;

  function change(field: TemplateField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in serverProblems) setServerProblems(({ [field]: _dropped, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) return;
    const body = toTemplateBody(values);
    const answer = template ? await updateTemplate({ id: template.id, body }) : await createTemplate(body);
    if ('error' in answer) {
      const fieldProblems = problemsFromIssues(errorCode(answer.error), errorIssues(answer.error));
      setServerProblems(fieldProblems);
      if (Object.keys(fieldProblems).length === 0) setFailure(answer.error);
      return;
    }
    showSuccess(template ? t('templates.updated') : t('templates.created'));
    void navigate('/admin/templates');
  }

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
        {failure && (
          <Callout intent="danger" role="alert" className="form-callout">
            {errorMessage(t, failure)}
          </Callout>
        )}
        {Object.keys(shownProblems).length > 0 && (
          <Callout intent="danger" role="alert" className="form-callout">
            {t('templates.fixFields')}
          </Callout>
        )}
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
          </div>
          <div className="form-row">
            <TextAreaField {...field('body', 20_000)} rows={12} />
            <TextAreaField {...field('bodyFr', 20_000, true)} rows={12} />
          </div>
        </Card>
        <div className="page-actions">
          <RouterAnchorButton to="/admin/templates" variant="outlined">
            {t('templates.cancel')}
          </RouterAnchorButton>
          <Button type="submit" intent="primary" icon="floppy-disk" loading={saving}>
            {t('templates.save')}
          </Button>
        </div>
      </form>
    </>
  );
}
