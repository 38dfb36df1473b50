import { Alert, Button, Callout, H1, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type ApiError } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { useAdminLanguage } from '../admin-shell/adminLanguage';
import { showSuccess } from '../admin-shell/toaster';
import '../categories/categories.css';
import { useDeleteTemplateMutation, useGetTemplatesQuery } from './templatesApi';
import type { TemplateSummary } from './types';

function TemplateRow({ template, onDelete }: { template: TemplateSummary; onDelete: (template: TemplateSummary) => void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" data-label={t('templates.columns.name')}>
        {template.name}
      </th>
      <td className="table-actions">
        <RouterAnchorButton to={`/admin/templates/${template.id}/edit`} icon="edit" size="small" variant="outlined" aria-label={t('templates.editNamed', { name: template.name })}>
          {t('templates.edit')}
        </RouterAnchorButton>
        <Button icon="trash" size="small" variant="outlined" intent="danger" aria-label={t('templates.deleteNamed', { name: template.name })} onClick={() => onDelete(template)}>
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
  const { data, error, isLoading, isFetching, refetch } = useGetTemplatesQuery();
  const [deleteTemplate, deletion] = useDeleteTemplateMutation();
  // The template asked about stays set while the dialog closes, so that its text does not change meanwhile.
  const [pending, setPending] = useState<TemplateSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const templates = useMemo(() => [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, language)), [data, language]);

  function ask(template: TemplateSummary) {
    setPending(template);
    setConfirming(true);
  }

  async function confirmDelete(template: TemplateSummary) {
    setFailure(undefined);
    const answer = await deleteTemplate(template.id);
    setConfirming(false);
    if ('error' in answer) setFailure(answer.error);
    else showSuccess(t('templates.deleted'));
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
  } else if (templates.length === 0) content = <NonIdealState className="page-state" icon="envelope" title={t('templates.empty')} />;
  else {
    content = (
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
            <TemplateRow key={template.id} template={template} onDelete={ask} />
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.templates')}</H1>
        <RouterAnchorButton to="/admin/templates/new" intent="primary" icon="add">
          {t('templates.add')}
        </RouterAnchorButton>
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
        confirmButtonText={t('templates.delete')}
        cancelButtonText={t('templates.cancel')}
        loading={deletion.isLoading}
        canEscapeKeyCancel={!deletion.isLoading}
        onConfirm={() => {
          if (pending) void confirmDelete(pending);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('templates.confirmDelete', { name: pending?.name ?? '' })}</p>
      </Alert>
    </>
  );
}
