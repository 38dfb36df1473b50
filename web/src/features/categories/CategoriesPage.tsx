import { Button, H1, HTMLTable, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ConfirmDeleteAlert } from '../../shared/forms/ConfirmDeleteAlert';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { ListState } from '../../shared/states/ListState';
import { useConfirmedDelete } from '../../shared/forms/useConfirmedDelete';
import { isAdmin, isRoot, useCurrentUser } from '../../shared/currentUser';
import { useDeleteCategoryMutation, useGetCategoriesQuery } from './categoriesApi';
import type { Category } from './types';

function CategoryRow({
  category,
  canEdit,
  canDelete,
  onDelete,
}: {
  category: Category;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (category: Category) => void;
}) {
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
            <RouterAnchorButton
              to={`/admin/categories/${category.id}/edit`}
              icon="edit"
              size="small"
              variant="outlined"
              aria-label={t('categories.editNamed', { name: category.name })}
            >
              {t('categories.edit')}
            </RouterAnchorButton>
          )}
          {canDelete && (
            <Button
              icon="trash"
              size="small"
              variant="outlined"
              intent="danger"
              aria-label={t('categories.deleteNamed', { name: category.name })}
              onClick={() => onDelete(category)}
            >
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
  const query = useGetCategoriesQuery();
  const { data } = query;
  const [deleteCategory, deletion] = useDeleteCategoryMutation();
  const confirmation = useConfirmedDelete<Category>(deleteCategory, t('categories.deleted'));
  const categories = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [data, language],
  );

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
      <FailureCallout failure={confirmation.failure} />
      <ListState query={query} isEmpty={categories.length === 0} emptyIcon="tag" emptyTitle={t('categories.empty')}>
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
              <CategoryRow
                key={category.id}
                category={category}
                canEdit={canEdit}
                canDelete={canDelete}
                onDelete={confirmation.ask}
              />
            ))}
          </tbody>
        </HTMLTable>
      </ListState>
      <ConfirmDeleteAlert
        deletion={confirmation}
        loading={deletion.isLoading}
        confirmText={t('categories.delete')}
        cancelText={t('categories.cancel')}
      >
        {t('categories.confirmDelete', { name: confirmation.pending?.name ?? '' })}
      </ConfirmDeleteAlert>
    </>
  );
}
