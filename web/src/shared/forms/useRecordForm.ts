import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorIssues, type ApiError, type ApiIssue } from '../errorMessages';
import type { MutationAnswer } from './mutationAnswer';
import { showSuccess } from '../toaster';

interface RecordFormOptions<V, P> {
  initialValues: () => V;
  validate: (values: V) => P;
  /** The server's refusal, mapped onto the fields (empty when it is about none of them). */
  problemsFromIssues: (code: string | undefined, issues: readonly ApiIssue[]) => P;
  save: (values: V) => Promise<MutationAnswer>;
  savedMessage: string;
  listPath: string;
}

/**
 * The state of an admin record form (§5): its values, the problems shown (the form's own once a save was tried,
 * the server's until their field changes), a refusal about no field, and the submit that saves, shows the
 * success banner (§8) and goes back to the list.
 */
export function useRecordForm<V extends object, P extends Partial<Record<keyof V, unknown>>>(
  options: RecordFormOptions<V, P>,
) {
  const navigate = useNavigate();
  const [values, setValues] = useState<V>(options.initialValues);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [serverProblems, setServerProblems] = useState<P>({} as P);

  const problems = options.validate(values);
  const shownProblems: P = { ...serverProblems, ...(attempted ? problems : {}) };

  function change<K extends keyof V>(field: K, value: V[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in serverProblems) {
      setServerProblems((current) => {
        const rest = { ...current };
        delete rest[field as keyof P];
        return rest;
      });
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) return;
    const answer = await options.save(values);
    if ('error' in answer) {
      const fieldProblems = options.problemsFromIssues(errorCode(answer.error), errorIssues(answer.error));
      setServerProblems(fieldProblems);
      if (Object.keys(fieldProblems).length === 0) setFailure(answer.error);
      return;
    }
    showSuccess(options.savedMessage);
    void navigate(options.listPath);
  }

  return { values, shownProblems, failure, change, onSubmit };
}
