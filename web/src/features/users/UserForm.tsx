import { Card, H1, Tab, Tabs } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorIssues, type ApiError } from '../../shared/errorMessages';
import { FormActions } from '../../shared/forms/FormActions';
import { FormCallouts } from '../../shared/forms/FormCallouts';
import { showSuccess } from '../../shared/toaster';
import { isRoot, useCurrentUser } from '../../shared/currentUser';
import type { User } from './types';
import { UserAccessPanel } from './UserAccessPanel';
import {
  accessFields,
  hasAllCalendars,
  initialValues,
  problemsFromIssues,
  toNewUserBody,
  toUserBody,
  validateUser,
  type UserField,
  type UserFormProblems,
  type UserFormValues,
} from './userForm';
import { UserGeneralFields } from './UserGeneralFields';
import { useCreateUserMutation, useUpdateUserMutation } from './usersApi';

type TabId = 'general' | 'access';

/** The tab to show for the problems found: General first, then Calendar Access. */
const tabOf = (problems: UserFormProblems): TabId =>
  Object.keys(problems).every((field) => accessFields.includes(field as UserField)) ? 'access' : 'general';

/**
 * The user form (§2.3, §5): tabs General and Calendar Access. Required fields are checked before sending; the
 * server's refusals land on their fields. A saved user shows the success banner and the list again.
 */
export function UserForm({ title, user }: { title: string; user: User | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useCurrentUser();
  const canSetRolesAndPassword = isRoot(viewer);
  const [createUser, creation] = useCreateUserMutation();
  const [updateUser, update] = useUpdateUserMutation();
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user));
  const [attempted, setAttempted] = useState(false);
  const [tab, setTab] = useState<TabId>('general');
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [serverProblems, setServerProblems] = useState(problemsFromIssues(undefined, []));

  const allCalendars = canSetRolesAndPassword ? hasAllCalendars(values.roles) : (user?.allCalendars ?? false);
  const shownTab: TabId = allCalendars ? 'general' : tab;
  const problems = validateUser(values, { canSetRolesAndPassword, isNew: !user, allCalendars });
  const shownProblems = { ...serverProblems, ...(attempted ? problems : {}) };
  const saving = creation.isLoading || update.isLoading;

  function change<K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in serverProblems) setServerProblems(({ [field as UserField]: _dropped, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (Object.keys(problems).length > 0) {
      setTab(tabOf(problems));
      return;
    }
    const answer = user?.id
      ? await updateUser({ id: user.id, body: toUserBody(values, canSetRolesAndPassword) })
      : await createUser(toNewUserBody(values, canSetRolesAndPassword));
    if ('error' in answer) {
      const fieldProblems = problemsFromIssues(errorCode(answer.error), errorIssues(answer.error));
      setServerProblems(fieldProblems);
      if (Object.keys(fieldProblems).length > 0) setTab(tabOf(fieldProblems));
      else setFailure(answer.error);
      return;
    }
    showSuccess(t('users.saved'));
    void navigate('/admin/users');
  }

  return (
    <>
      <H1 className="page-title">{title}</H1>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormCallouts
          failure={failure}
          hasProblems={Object.keys(shownProblems).length > 0}
          fixFieldsText={t('users.fixFields')}
        />
        <Card className="page-card">
          <Tabs
            id="user-form-tabs"
            selectedTabId={shownTab}
            onChange={(id) => setTab(id === 'access' ? 'access' : 'general')}
          >
            <Tab
              id="general"
              title={t('users.tabGeneral')}
              panel={
                <UserGeneralFields
                  values={values}
                  problems={shownProblems}
                  isNew={!user}
                  canSetRolesAndPassword={canSetRolesAndPassword}
                  allCalendars={allCalendars}
                  onChange={change}
                />
              }
            />
            {!allCalendars && (
              <Tab
                id="access"
                title={t('users.tabAccess')}
                panel={<UserAccessPanel values={values} problems={shownProblems} onChange={change} />}
              />
            )}
          </Tabs>
        </Card>
        <FormActions
          listPath="/admin/users"
          cancelText={t('users.cancel')}
          saveText={t('users.save')}
          saving={saving}
        />
      </form>
    </>
  );
}
