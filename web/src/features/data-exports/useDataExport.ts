import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorIssues, type ApiError } from '../../shared/errorMessages';
import { showSuccess } from '../../shared/toaster';
import { useGenerateDataExportMutation } from './dataExportsApi';
import { downloadArchive } from './download';
import { problemsFromIssues, validateExport, type ExportField, type ExportProblems } from './exportForm';
import type { DataExport, DataExportBody } from './types';

/**
 * The Data Exporter's form state: the dates, the problems shown (the form's own once Generate was tried, the
 * server's until their field changes), a refusal about no field, and the submit that generates the archive, shows
 * the §8 banner 'The archive has been generated.' and hands the zip to the browser's download.
 */
export function useDataExport() {
  const { t } = useTranslation();
  const [generate, { isLoading }] = useGenerateDataExportMutation();
  const [values, setValues] = useState<DataExportBody>({ startDate: '', endDate: '' });
  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<ExportProblems>({});
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [archive, setArchive] = useState<DataExport>();

  const problems = validateExport(values);
  const shownProblems: ExportProblems = { ...serverProblems, ...(attempted ? problems : {}) };

  function change(field: ExportField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerProblems({});
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) return;
    const answer = await generate(values);
    if (answer.error) {
      const fieldProblems = problemsFromIssues(errorCode(answer.error), errorIssues(answer.error));
      setServerProblems(fieldProblems);
      if (Object.keys(fieldProblems).length === 0) setFailure(answer.error);
      return;
    }
    setArchive(answer.data);
    showSuccess(t('dataExports.generated'));
    downloadArchive(answer.data.fileName, answer.data.archive);
  }

  return { values, shownProblems, failure, archive, generating: isLoading, change, onSubmit };
}
