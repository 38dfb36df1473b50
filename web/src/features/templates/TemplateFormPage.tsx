import { Callout, H1, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { RouterAnchorButton } from '../../app/RouterLinks';
import { parseId } from '../categories/parseId';
import { TemplateForm } from './TemplateForm';
import { useGetTemplateQuery } from './templatesApi';

/** §2.3 /admin/templates/new and /admin/templates/{id}/edit. */
export function TemplateFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const rawId = useParams().id;
  const id = mode === 'edit' ? parseId(rawId) : undefined;
  const { data: template, error, isLoading } = useGetTemplateQuery(id ?? skipToken);
  const title = mode === 'new' ? t('templates.newTitle') : t('templates.editTitle');
  const back = (
    <RouterAnchorButton to="/admin/templates" icon="arrow-left" variant="outlined">
      {t('templates.backToList')}
    </RouterAnchorButton>
  );

  if (mode === 'new') return <TemplateForm key="new" title={title} template={undefined} />;
  const code = errorCode(error);
  if (id === undefined || code === 'TEMPLATE_NOT_FOUND' || code === 'NOT_FOUND') {
    return <NonIdealState className="page-state" icon="search" title={t('errors.TEMPLATE_NOT_FOUND')} action={back} />;
  }
  if (isLoading) return <PageSpinner />;
  if (error || !template) {
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
  return <TemplateForm key={template.id} title={title} template={template} />;
}
