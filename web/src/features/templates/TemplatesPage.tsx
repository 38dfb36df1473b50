import { Button, H1, HTMLTable } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ConfirmDeleteAlert } from '../../shared/forms/ConfirmDeleteAlert';
import { FailureCallout } from '../../shared/forms/FailureCallout';
import { ListState } from '../../shared/states/ListState';
import { useConfirmedDelete } from '../../shared/forms/useConfirmedDelete';
import '../../shared/forms/referenceForms.css';
import { useDeleteTemplateMutation, useGetTemplatesQuery } from './templatesApi';
import type { TemplateSummary } from './types';

function TemplateRow({
  template,
  onDelete,
}: {
  template: TemplateSummary;
  onDelete: (template: TemplateSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" data-label={t('templates.columns.name')}>
        {template.name}
      </th>
      <td className="table-actions">
        <RouterAnchorButton
          to={`/admin/templates/${template.id}/edit`}
          icon="edit"
          size="small"
          variant="outlined"
          aria-label={t('templates.editNamed', { name: template.name })}
        >
          {t('templates.edit')}
        </RouterAnchorButton>
        <Button
          icon="trash"
          size="small"
          variant="outlined"
          intent="danger"
          aria-label={t('templates.deleteNamed', { name: template.name })}
          onClick={() => onDelete(template)}
        >
          {t('templates.delete')}
        </Button>
      </td>
    </tr>
  );
}

/**
 * §2.3 /admin/templates (System Administrators only, §6): every e-mail template with Add New Template, Edit and
 * Delete (with a confirmation). A template still used by a calendar cannot be deleted.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const query = useGetTemplatesQuery();
  const { data } = query;
  const [deleteTemplate, deletion] = useDeleteTemplateMutation();
  const confirmation = useConfirmedDelete<TemplateSummary>(deleteTemplate, t('templates.deleted'));
  const templates = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)),
    [data, language],
  );

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.templates')}</H1>
        <RouterAnchorButton to="/admin/templates/new" intent="primary" icon="add">
          {t('templates.add')}
        </RouterAnchorButton>
      </div>
      <FailureCallout failure={confirmation.failure} />
      <ListState query={query} isEmpty={templates.length === 0} emptyIcon="envelope" emptyTitle={t('templates.empty')}>
        <HTMLTable className="admin-table responsive-table">
          <thead>
            <tr>
              <th scope="col">{t('templates.columns.name')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('templates.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {templates.map((template) => (
              <TemplateRow key={template.id} template={template} onDelete={confirmation.ask} />
            ))}
          </tbody>
        </HTMLTable>
      </ListState>
      <ConfirmDeleteAlert
        deletion={confirmation}
        loading={deletion.isLoading}
        confirmText={t('templates.delete')}
        cancelText={t('templates.cancel')}
      >
        {t('templates.confirmDelete', { name: confirmation.pending?.name ?? '' })}
      </ConfirmDeleteAlert>
    </>
  );
}
