import { Alert, Button, Callout, H1, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { useAdminLanguage } from '../admin-shell/adminLanguage';
import { showSuccess } from '../admin-shell/toaster';
import { isAdmin, isRoot, useCurrentUser } from '../auth/currentUser';
import { useDeleteCategoryMutation, useGetCategoriesQuery } from './categoriesApi';
import type { Category } from './types';

function CategoryRow({ category, canEdit, canDelete, onDelete }: { category: Category; canEdit: boolean; canDelete: boolean; onDelete: (category: Category) => void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" data-label={t('categories.columns.name')}>
        {category.name}
      </th>
      <td data-label={t('categories.columns.isDefault')}>
        <Tag minimal intent={category.isDefault ? 'primary' : 'none'}>
          {category.isDefault ? t('categories.yes') : t('categories.no')}
        </Tag>
      </td>
      {(canEdit || canDelete) && (
        <td className="table-actions">
          {canEdit && (
            <RouterAnchorButton to={`/admin/categories/${category.id}/edit`} icon="edit" size="small" variant="outlined" aria-label={t('categories.editNamed', { name: category.name })}>
              {t('categories.edit')}
            </RouterAnchorButton>
          )}
          {canDelete && (
            <Button icon="trash" size="small" variant="outlined" intent="danger" aria-label={t('categories.deleteNamed', { name: category.name })} onClick={() => onDelete(category)}>
              {t('categories.delete')}
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}

/**
 * §2.3 /admin/categories: every category, Add New Category and Edit for administrators, Delete (with a
 * confirmation) for a System Administrator only (§6). A category still used by a calendar cannot be deleted (§8).
 */
export function CategoriesPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const viewer = useCurrentUser();
  const canEdit = isAdmin(viewer);
  const canDelete = isRoot(viewer);
  const { data, error, isLoading, isFetching, refetch } = useGetCategoriesQuery();
  const [deleteCategory, deletion] = useDeleteCategoryMutation();
  // The category asked about stays set while the dialog closes, so that its text does not change meanwhile.
  const [pending, setPending] = useState<Category | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const categories = useMemo(() => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)), [data, language]);

  function ask(category: Category) {
    setPending(category);
    setConfirming(true);
  }

  async function confirmDelete(category: Category) {
    setFailure(undefined);
    const answer = await deleteCategory(category.id);
    setConfirming(false);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('categories.deleted'));
  }

  let content;
  if (isLoading) content = <PageSpinner />;
  else if (error) {
    content = (
      <Callout intent="danger" role="alert">
        <p>{errorMessage(t, error)}</p>
        <Button icon="refresh" loading={isFetching} onClick={() => void refetch()}>
          {t('admin.tryAgain')}
        </Button>
      </Callout>
    );
  } else if (categories.length === 0) content = <NonIdealState className="page-state" icon="tag" title={t('categories.empty')} />;
  else {
    content = (
      <HTMLTable className="admin-table responsive-table">
        <thead>
          <tr>
            <th scope="col">{t('categories.columns.name')}</th>
            <th scope="col">{t('categories.columns.isDefault')}</th>
            {(canEdit || canDelete) && (
              <th scope="col">
                <span className="visually-hidden">{t('categories.columns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => (
            <CategoryRow key={category.id} category={category} canEdit={canEdit} canDelete={canDelete} onDelete={ask} />
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.categories')}</H1>
        {canEdit && (
          <RouterAnchorButton to="/admin/categories/new" intent="primary" icon="add">
            {t('categories.add')}
          </RouterAnchorButton>
        )}
      </div>
      {failure && (
        <Callout intent="danger" role="alert" className="form-callout">
          {errorMessage(t, failure)}
        </Callout>
      )}
      {content}
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText={t('categories.delete')}
        cancelButtonText={t('categories.cancel')}
        loading={deletion.isLoading}
        canEscapeKeyCancel={!deletion.isLoading}
        onConfirm={() => {
          if (pending) void confirmDelete(pending);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('categories.confirmDelete', { name: pending?.name ?? '' })}</p>
      </Alert>
    </>
  );
}
