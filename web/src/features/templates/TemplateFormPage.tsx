import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { RecordFormLoader } from '../../shared/forms/RecordFormLoader';
import { useEditId } from '../../shared/routing/useEditId';
import { TemplateForm } from './TemplateForm';
import { useGetTemplateQuery } from './templatesApi';

/** §2.3 /admin/templates/new and /admin/templates/{id}/edit. */
export function TemplateFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation();
  const id = useEditId(mode);
  const { data, error, isLoading } = useGetTemplateQuery(id ?? skipToken);
  const title = mode === 'new' ? t('templates.newTitle') : t('templates.editTitle');

  if (mode === 'new') return <TemplateForm key="new" title={title} template={undefined} />;
  return (
    <RecordFormLoader
      title={title}
      id={id}
      record={data}
      error={error}
      isLoading={isLoading}
      notFoundCode="TEMPLATE_NOT_FOUND"
      listPath="/admin/templates"
      backText={t('templates.backToList')}
    >
      {(template) => <TemplateForm key={template.id} title={title} template={template} />}
    </RecordFormLoader>
  );
}
