import { Button, Callout, Card, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/fields/TextField';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { downloadArchive } from './download';
import type { ExportField } from './exportForm';
import { useDataExport } from './useDataExport';
import '../../shared/forms/referenceForms.css';

/**
 * §2.3 /admin/export, the Data Exporter (System Administrators): a start and an end date (§5: both required),
 * Generate, and the archive downloads with the banner 'The archive has been generated.'.
 */
export function ExportPage() {
  const { t } = useTranslation();
  const { values, shownProblems, failure, archive, generating, change, onSubmit } = useDataExport();
  const message = (field: ExportField) => (shownProblems[field] ? t(shownProblems[field]) : undefined);

  return (
    <>
      <H1 className="page-title">{t('dataExports.title')}</H1>
      <p>{t('dataExports.intro')}</p>
      <Callout intent="warning" className="form-callout">
        {t('dataExports.privacy')}
      </Callout>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="reference-form"
        aria-label={t('dataExports.formLabel')}
      >
        <FormCallouts
          failure={failure}
          hasProblems={Object.keys(shownProblems).length > 0}
          fixFieldsText={t('dataExports.fixFields')}
          describeFailure={(text) => t('dataExports.failed', { message: text })}
        />
        <Card className="page-card">
          <TextField
            label={t('dataExports.startDate')}
            type="date"
            value={values.startDate}
            onValueChange={(value) => change('startDate', value)}
            error={message('startDate')}
            required
          />
          <TextField
            label={t('dataExports.endDate')}
            type="date"
            min={values.startDate || undefined}
            value={values.endDate}
            onValueChange={(value) => change('endDate', value)}
            error={message('endDate')}
            helperText={t('dataExports.endDateHelp')}
            required
          />
        </Card>
        <div className="page-actions">
          <Button type="submit" intent="primary" icon="export" loading={generating}>
            {t('dataExports.generate')}
          </Button>
        </div>
        <p role="status" className="bp6-text-muted">
          {generating ? t('dataExports.generating') : ''}
        </p>
      </form>
      {archive && (
        <Callout intent="success" className="form-callout">
          {t('dataExports.lastArchive', { fileName: archive.fileName })}{' '}
          <Button
            variant="minimal"
            icon="download"
            text={t('dataExports.downloadAgain')}
            onClick={() => downloadArchive(archive.fileName, archive.archive)}
          />
        </Callout>
      )}
    </>
  );
}
