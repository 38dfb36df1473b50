import { Card, H1, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../shared/forms/FormActions';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { TextField } from '../../shared/fields/TextField';
import { useRecordForm } from '../../shared/forms/useRecordForm';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from './categoriesApi';
import {
  initialValues,
  problemsFromIssues,
  toCategoryBody,
  validateCategory,
  type CategoryField,
} from './categoryForm';
import type { Category } from './types';
import '../../shared/forms/referenceForms.css';

/**
 * The category form (§2.3, §5): name (required) and the default flag. A saved category shows the success banner
 * of §8 and the list again; the server's refusals land on their fields or above the form.
 */
export function CategoryForm({ title, category }: { title: string; category: Category | undefined }) {
  const { t } = useTranslation();
  const [createCategory, creation] = useCreateCategoryMutation();
  const [updateCategory, update] = useUpdateCategoryMutation();
  const { values, shownProblems, failure, change, onSubmit } = useRecordForm({
    initialValues: () => initialValues(category),
    validate: validateCategory,
    problemsFromIssues,
    save: (values) => {
      const body = toCategoryBody(values);
      return category ? updateCategory({ id: category.id, body }) : createCategory(body);
    },
    savedMessage: category ? t('categories.updated') : t('categories.created'),
    listPath: '/admin/categories',
  });
  const message = (field: CategoryField) => (shownProblems[field] ? t(shownProblems[field]) : undefined);
  const saving = creation.isLoading || update.isLoading;

  return (
    <>
      <H1 className="page-title">{title}</H1>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="reference-form">
        <FormCallouts
          failure={failure}
          hasProblems={Object.keys(shownProblems).length > 0}
          fixFieldsText={t('categories.fixFields')}
        />
        <Card className="page-card">
          <TextField
            label={t('categories.name')}
            value={values.name}
            onValueChange={(value) => change('name', value)}
            error={message('name')}
            autoComplete="off"
            maxLength={100}
            required
          />
          <Switch
            label={t('categories.isDefault')}
            checked={values.isDefault}
            onChange={(event) => change('isDefault', event.currentTarget.checked)}
          />
        </Card>
        <FormActions
          listPath="/admin/categories"
          cancelText={t('categories.cancel')}
          saveText={t('categories.save')}
          saving={saving}
        />
      </form>
    </>
  );
}
