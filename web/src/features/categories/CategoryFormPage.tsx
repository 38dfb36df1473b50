import { Callout, H1, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { useGetCategoryQuery } from './categoriesApi';
import { CategoryForm } from './CategoryForm';
import { parseId } from './parseId';

/** §2.3 /admin/categories/new and /admin/categories/{id}/edit. */
export function CategoryFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const rawId = useParams().id;
  const id = mode === 'edit' ? parseId(rawId) : undefined;
  const { data: category, error, isLoading } = useGetCategoryQuery(id ?? skipToken);
  const title = mode === 'new' ? t('categories.newTitle') : t('categories.editTitle');
  const back = (
    <RouterAnchorButton to="/admin/categories" icon="arrow-left" variant="outlined">
      {t('categories.backToList')}
    </RouterAnchorButton>
  );

  if (mode === 'new') return <CategoryForm key="new" title={title} category={undefined} />;
  const code = errorCode(error);
  if (id === undefined || code === 'CATEGORY_NOT_FOUND' || code === 'NOT_FOUND') {
    return <NonIdealState className="page-state" icon="search" title={t('errors.CATEGORY_NOT_FOUND')} action={back} />;
  }
  if (isLoading) return <PageSpinner />;
  if (error || !category) {
    return (
      <>
        <H1 className="page-title">{title}</H1>
        <Callout intent="danger" role="alert">
          {errorMessage(t, error)}
        </Callout>
        <div className="page-actions page-actions-start">{back}</div>
      </>
    );
  }
  return <CategoryForm key={category.id} title={title} category={category} />;
}
