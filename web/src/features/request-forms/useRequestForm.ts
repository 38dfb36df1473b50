import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorIssues, type ApiError } from '../../shared/errorMessages';
import { showSuccess } from '../../shared/toaster';
import { useToday } from '../../shared/useToday';
import {
  initialValues,
  problemsFromIssues,
  toRequestFormBody,
  validateRequestForm,
  type RequestFormProblems,
  type RequestFormValues,
} from './requestForm';
import { useCreateRequestFormMutation } from './requestFormsApi';
import type { LaneName } from './requestLanes';

export const listPath = '/admin/request-forms';
/** §9: the success banner of a request form shows 3 seconds (5 elsewhere). */
export const BANNER_MS = 3000;

/**
 * The request form's state and submission: the §5 checks show once Submit was tried, the server's refusals on their
 * fields until those change; a saved request goes back to the list under a banner shown for 3 s.
 */
export function useRequestForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = useToday();
  const laneName: LaneName = (number) => t('requestForms.lane.defaultName', { number });
  const [values, setValues] = useState<RequestFormValues>(() => initialValues(laneName));
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [serverProblems, setServerProblems] = useState<RequestFormProblems>({});
  const [saved, setSaved] = useState(false);
  const [create, creation] = useCreateRequestFormMutation();

  const problems = validateRequestForm(values, today);
  const shownProblems: RequestFormProblems = { ...serverProblems, ...(attempted ? problems : {}) };
  const message = (field: string) => {
    const problem = shownProblems[field];
    return problem ? t(`requestForms.problems.${problem}`) : undefined;
  };

  /** Any change: the values become `next`; the server's refusals go with it (the form is checked again on Submit). */
  const update = (next: (current: RequestFormValues) => RequestFormValues) => {
    setValues(next);
    setServerProblems({});
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saved) return;
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) return;
    const answer = await create(toRequestFormBody(values));
    if ('error' in answer) {
      const onFields = problemsFromIssues(errorCode(answer.error), errorIssues(answer.error));
      setServerProblems(onFields);
      if (Object.keys(onFields).length === 0) setFailure(answer.error);
      return;
    }
    showSuccess(t('requestForms.saved'), BANNER_MS);
    setSaved(true);
    void navigate(listPath);
  }

  return {
    values,
    update,
    laneName,
    today,
    shownProblems,
    message,
    failure,
    saving: creation.isLoading || saved,
    onSubmit: (event: FormEvent) => void submit(event),
  };
}

export type RequestFormModel = ReturnType<typeof useRequestForm>;
