import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { RecordFormLoader } from '../../shared/forms/RecordFormLoader';
import { useEditId } from '../../shared/routing/useEditId';
import { useGetCategoryQuery } from './categoriesApi';
import { CategoryForm } from './CategoryForm';

/** §2.3 /admin/categories/new and /admin/categories/{id}/edit. */
export function CategoryFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const id = useEditId(mode);
  const { data, error, isLoading } = useGetCategoryQuery(id ?? skipToken);
  const title = mode === 'new' ? t('categories.newTitle') : t('categories.editTitle');

  if (mode === 'new') return <CategoryForm key="new" title={title} category={undefined} />;
  return (
    <RecordFormLoader
      title={title}
      id={id}
      record={data}
      error={error}
      isLoading={isLoading}
      notFoundCode="CATEGORY_NOT_FOUND"
      listPath="/admin/categories"
      backText={t('categories.backToList')}
    >
      {(category) => <CategoryForm key={category.id} title={title} category={category} />}
    </RecordFormLoader>
  );
}
