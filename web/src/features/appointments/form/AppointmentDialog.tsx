import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, H3 } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorIssues, type ApiError } from '../../../shared/errorMessages';
import { retryUnanswered, useIdempotencyKey } from '../../../shared/idempotency';
import { formatDate, formatTime } from '../../../i18n/format';
import { useAdminLanguage } from '../../../shared/adminLanguage';
import { FormCallouts } from '../../../shared/forms/FormCallouts';
import { SelectField } from '../../../shared/fields/SelectField';
import { showSuccess } from '../../../shared/toaster';
import type { Calendar } from '../../calendars';
import {
  useCreateAppointmentMutation,
  useLazyGetAppointmentQuery,
  useUpdateAppointmentMutation,
} from '../appointmentsApi';
import { endAfter } from '../slotRules';
import {
  addClient,
  changeBody,
  fieldOfIssue,
  formRules,
  groupEdit,
  newBody,
  removeClient,
  validate,
  valuesOf,
  type FieldError,
  type FormErrors,
  type FormValues,
} from './appointmentValues';
import { ClientFields } from './ClientFields';
import type { FormSession } from './formSession';
import { GroupEdit } from './GroupEdit';
import { NotifyClientCheckbox, useNotifyChoice } from './NotifyClientCheckbox';
import { StaffContactFields } from './StaffContactFields';
import type { NewAppointmentBody } from '../types';
import { useErrorText } from './useErrorText';

interface AppointmentDialogProps {
  session: FormSession;
  calendar: Calendar;
  today: string;
  /** Closed: `saved` tells whether the appointment was saved (a New form's lock is then used up). */
  onClose: (saved: boolean) => void;
}

const issueErrors = (failure: ApiError): FormErrors =>
  Object.fromEntries(errorIssues(failure).map((issue): [string, FieldError] => [fieldOfIssue(issue.path), 'invalid']));

/**
 * §2.3 the full-screen appointment modal: New (on a locked slot), Edit (saved with the version it loaded; a stale
 * version is a clear conflict with Reload, never a silent overwrite) and View (read-only).
 */
export function AppointmentDialog({ session, calendar, today, onClose }: AppointmentDialogProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const [values, setValues] = useState<FormValues>(session.values);
  const [loaded, setLoaded] = useState(session.mode === 'new' ? null : session.appointment);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [conflict, setConflict] = useState(false);
  const [create, creating] = useCreateAppointmentMutation();
  const idempotencyKeyOf = useIdempotencyKey();
  const [sending, setSending] = useState(false);
  const [update, updating] = useUpdateAppointmentMutation();
  const [reload, reloading] = useLazyGetAppointmentQuery();
  const rules = formRules(calendar, session.durations, today);
  const errorText = useErrorText(rules);
  const errors = attempted ? { ...issueErrors(failure), ...validate(values, rules) } : {};
  const hasProblems = Object.keys(errors).length > 0;
  const readOnly = session.mode === 'view';
  const saving = creating.isLoading || updating.isLoading || sending;
  const endTime = (duration: number) => endAfter(session.startTime, duration);
  // A new length moves the appointment's end: the client may be told (issue 19), by e-mail when it has one.
  const moved = session.mode === 'edit' && values.duration !== (loaded?.duration ?? session.appointment.duration);
  const notify = useNotifyChoice(values.email.trim() !== '');

  // Leaving the page with a New or Edit form open releases its lock; closing the form is the page's to handle
  // (useSlotActions).
  const lockToken = session.mode === 'view' ? null : session.lockToken;
  const settled = useRef(false);
  useEffect(() => {
    if (!lockToken) return;
    const release = () => {
      if (settled.current) return;
      settled.current = true;
      void fetch(`/api/public/locks/${encodeURIComponent(lockToken)}`, { method: 'DELETE', keepalive: true }).catch(
        () => undefined,
      );
    };
    window.addEventListener('pagehide', release);
    return () => window.removeEventListener('pagehide', release);
  }, [lockToken]);
  const close = (saved: boolean) => {
    settled.current = true;
    onClose(saved);
  };

  /** A booking whose answer was lost is sent again with its key: the server answers the appointment it booked. */
  const createOnce = async (body: NewAppointmentBody) => {
    const idempotencyKey = idempotencyKeyOf(body);
    setSending(true);
    try {
      return await retryUnanswered(() => create({ body, idempotencyKey }));
    } finally {
      setSending(false);
    }
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (readOnly || Object.keys(validate(values, rules)).length > 0) return;
    const answer =
      session.mode === 'new'
        ? await createOnce(
            newBody(values, rules, {
              lockToken: session.lockToken,
              startTime: session.startTime,
              endTime,
              copiedFrom: session.copiedFrom,
            }),
          )
        : await update({
            id: session.appointment.id,
            body: changeBody(values, rules, {
              version: loaded?.version ?? session.appointment.version,
              calendarDateLaneId: session.lane.id,
              date: session.date,
              startTime: session.startTime,
              endTime,
              notifyClient: moved && notify.checked,
            }),
          });
    if ('error' in answer) {
      if (errorCode(answer.error) === 'VERSION_CONFLICT') setConflict(true);
      else setFailure(answer.error);
      return;
    }
    showSuccess(t('appointments.saved'));
    close(true);
  }

  async function onReload() {
    if (session.mode === 'new') return;
    const answer = await reload(session.appointment.id);
    if (!answer.data) {
      setFailure(answer.error as ApiError);
      return;
    }
    setLoaded(answer.data);
    setValues(valuesOf(answer.data, answer.data.duration ?? ''));
    setConflict(false);
    setFailure(undefined);
    setAttempted(false);
  }

  const title = t(
    session.mode === 'new'
      ? 'appointments.form.newTitle'
      : session.mode === 'edit'
        ? 'appointments.form.editTitle'
        : 'appointments.form.viewTitle',
  );
  const when = t('appointments.form.when', {
    date: formatDate(language, session.date),
    time: formatTime(language, session.startTime),
    lane: session.lane.name,
  });

  return (
    <Dialog
      isOpen
      title={title}
      icon={session.mode === 'new' ? 'add' : readOnly ? 'eye-open' : 'edit'}
      className="appt-dialog"
      canOutsideClickClose={false}
      onClose={() => close(false)}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="appt-form">
        <DialogBody className="appt-dialog-body">
          <p className="appt-when">
            <strong>{when}</strong>
            {loaded && (
              <span className={Classes.TEXT_MUTED}>
                {' '}
                · {t('appointments.form.confirmationCode', { code: loaded.confirmationCode })}
              </span>
            )}
          </p>
          {conflict && (
            <Callout intent="warning" role="alert" className="form-callout" icon="warning-sign">
              <p>{t('appointments.form.conflict')}</p>
              <Button icon="refresh" loading={reloading.isFetching} onClick={() => void onReload()}>
                {t('appointments.form.reload')}
              </Button>
            </Callout>
          )}
          <FormCallouts
            failure={failure}
            hasProblems={hasProblems}
            fixFieldsText={t('appointments.form.fixFields')}
            describeFailure={(message) =>
              t(session.mode === 'new' ? 'appointments.failedTo.create' : 'appointments.failedTo.save', { message })
            }
          />
          <fieldset disabled={readOnly} className="appt-fieldset">
            <SelectField
              className="appt-duration"
              label={t('appointments.form.duration')}
              required
              value={values.duration === '' ? '' : String(values.duration)}
              placeholder={t('appointments.form.choose')}
              error={errorText(errors.duration)}
              choices={rules.durations.map((duration) => ({
                value: String(duration),
                label: t('appointments.form.minutes', { count: duration / 60 }),
              }))}
              onValueChange={(value) => setValues({ ...values, duration: value === '' ? '' : Number(value) })}
            />
            <H3 className="appt-section-title">{t('appointments.form.clientsTitle')}</H3>
            {values.clients.length > 1 && !readOnly && (
              <GroupEdit rules={rules} onApply={(change) => setValues(groupEdit(values, change))} />
            )}
            {values.clients.map((client, index) => (
              <ClientFields
                key={index}
                index={index}
                client={client}
                rules={rules}
                errors={errors}
                removable={!readOnly && values.clients.length > 1}
                onChange={(next) =>
                  setValues({
                    ...values,
                    clients: values.clients.map((current, at) => (at === index ? next : current)),
                  })
                }
                onRemove={() => setValues(removeClient(values, index))}
              />
            ))}
            {!readOnly && values.clients.length < rules.maxClients && (
              <Button icon="add" className="appt-add-client" onClick={() => setValues(addClient(values, rules))}>
                {t('appointments.form.addClient')}
              </Button>
            )}
            <H3 className="appt-section-title">{t('appointments.form.contactTitle')}</H3>
            <StaffContactFields values={values} rules={rules} errors={errors} onChange={setValues} />
            {moved && (
              <NotifyClientCheckbox
                hasEmail={values.email.trim() !== ''}
                checked={notify.checked}
                onChange={notify.setChecked}
              />
            )}
          </fieldset>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={() => close(false)} disabled={saving}>
                {readOnly ? t('appointments.form.close') : t('appointments.form.cancel')}
              </Button>
              {!readOnly && (
                <Button type="submit" intent="primary" icon="floppy-disk" loading={saving} disabled={conflict}>
                  {t('appointments.form.save')}
                </Button>
              )}
            </>
          }
        />
      </form>
    </Dialog>
  );
}
