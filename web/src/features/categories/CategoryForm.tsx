import { Button, Callout, Card, H1, Switch } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorIssues, errorMessage, type ApiError } from '../../app/errorMessages';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { TextField } from '../admin-shell/TextField';
import { showSuccess } from '../admin-shell/toaster';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from './categoriesApi';
import { initialValues, problemsFromIssues, toCategoryBody, validateCategory, type CategoryField, type CategoryFormValues } from './categoryForm';
import type { Category } from './types';
import './categories.css';

/**
 * The category form (§2.3, §5): name (required) and the default flag. A saved category shows the success banner
 * of §8 and the list again; the server's refusals land on their fields or above the form.
 */
export function CategoryForm({ title, category }: { title: string; category: Category | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createCategory, creation] = useCreateCategoryMutation();
  const [updateCategory, update] = useUpdateCategoryMutation();
  const [values, setValues] = useState<CategoryFormValues>(() => initialValues(category));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [serverProblems, setServerProblems] = useState(problemsFromIssues(undefined, []));

  const problems = validateCategory(values);
  const shownProblems = { ...serverProblems, ...(attempted ? problems : {}) };
  const message = (field: CategoryField) => (shownProblems[field] ? t(shownProblems[field]) : undefined);
  const saving = creation.isLoading || update.isLoading;

  function change<K extends CategoryField>(field: K, value: CategoryFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in serverProblems) setServerProblems(({ [field]: _dropped, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) return;
    const body = toCategoryBody(values);
    const answer = category ? await updateCategory({ id: category.id, body }) : await createCategory(body);
    if ('error' in answer) {
      const fieldProblems = problemsFromIssues(errorCode(answer.error), errorIssues(answer.error));
      setServerProblems(fieldProblems);
      if (Object.keys(fieldProblems).length === 0) setFailure(answer.error);
      return;
    }
    showSuccess(category ? t('categories.updated') : t('categories.created'));
    void navigate('/admin/categories');
  }

  return (
    <>
      <H1 className="page-title">{title}</H1>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="reference-form">
        {failure && (
          <Callout intent="danger" role="alert" className="form-callout">
            {errorMessage(t, failure)}
          </Callout>
        )}
        {Object.keys(shownProblems).length > 0 && (
          <Callout intent="danger" role="alert" className="form-callout">
            {t('categories.fixFields')}
          </Callout>
        )}
        <Card className="page-card">
          <TextField label={t('categories.name')} value={values.name} onValueChange={(value) => change('name', value)} error={message('name')} autoComplete="off" maxLength={100} required />
          <Switch label={t('categories.isDefault')} checked={values.isDefault} onChange={(event) => change('isDefault', event.currentTarget.checked)} />
        </Card>
        <div className="page-actions">
          <RouterAnchorButton to="/admin/categories" variant="outlined">
            {t('categories.cancel')}
          </RouterAnchorButton>
          <Button type="submit" intent="primary" icon="floppy-disk" loading={saving}>
            {t('categories.save')}
          </Button>
        </div>
      </form>
    </>
  );
}
