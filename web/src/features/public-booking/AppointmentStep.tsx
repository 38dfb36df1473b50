import { Button, Callout, H3 } from '@blueprintjs/core';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorIssues, type ApiError } from '../../shared/errorMessages';
import { retryUnanswered, useIdempotencyKey } from '../../shared/idempotency';
import type { Language } from '../../i18n/languages';
import type { PublicService } from './serviceTypes';
import {
  addClient,
  appointmentPayload,
  fieldOfIssue,
  formRules,
  initialValues,
  MAX_CLIENTS,
  removeClient,
  validateAppointment,
  wrongEntries,
  type AppointmentValues,
  type FormErrors,
} from './appointmentForm';
import { useBookPublicAppointmentMutation } from './bookingApi';
import { errorMessageOfCode, failureCode } from './bookingErrors';
import { BookingSummary } from './BookingSummary';
import type { BotCheck } from '../bot-check';
import { ClientFields } from './ClientFields';
import { ConsentFields } from './ConsentFields';
import { ContactFields } from './ContactFields';
import { StepFrame } from './StepFrame';
import type { PublicCalendar } from './types';
import { LockTimer } from './LockTimer';
import { useCountdown } from './useCountdown';
import type { Confirmation, HeldLock, WizardState } from './wizardState';

/** Loaded on demand: the dialog (and Blueprint's overlays with it) is not part of the public pages' first download. */
const SessionExpiredDialog = lazy(async () => ({
  default: (await import('./SessionExpiredDialog')).SessionExpiredDialog,
}));

interface AppointmentStepProps {
  service: PublicService;
  calendar: PublicCalendar | undefined;
  state: WizardState;
  lock: HeldLock;
  /** The wizard's bot check: its widget stays on the page across steps, solving for the lock, then for the booking. */
  botCheck: BotCheck;
  language: Language;
  focus: boolean;
  clientCount: number;
  /** Spots of a group-session registration; undefined for an appointment. */
  spots: number | undefined;
  restarting: boolean;
  /** Absent for a waitlist offer: its place is the one to book. */
  onBack: (() => void) | undefined;
  onRestart: () => void;
  onBooked: (confirmation: Confirmation) => void;
  onFailed: (code: string) => void;
}

/**
 * §4.1 appointment details: the form of §5 under the countdown of the lock ('Time Left:'); when the lock runs out,
 * the Session Expired dialog. A refused booking goes to the error step; invalid fields stay here, marked.
 */
export function AppointmentStep({
  service,
  calendar,
  state,
  lock,
  botCheck,
  language,
  focus,
  clientCount,
  spots,
  restarting,
  onBack,
  onRestart,
  onBooked,
  onFailed,
}: AppointmentStepProps) {
  const { t } = useTranslation();
  const rules = formRules(service.fields, calendar);
  // a waitlist offer's e-mail address (where its link was sent) fills the form's
  const [values, setValues] = useState<AppointmentValues>(() => ({
    ...initialValues(clientCount, language),
    email: state.offer?.email ?? '',
  }));
  const [errors, setErrors] = useState<FormErrors>({});
  const [attempted, setAttempted] = useState(false);
  /** Fields the visitor has left: a wrong entry there shows at once, before any try to book (the hint shows till then). */
  const [fieldsLeft, setFieldsLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [formError, setFormError] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [createAppointment, { isLoading }] = useBookPublicAppointmentMutation();
  const idempotencyKeyOf = useIdempotencyKey();
  const [sending, setSending] = useState(false);
  const left = useCountdown(lock.deadline);
  const expired = left === 0;
  const canAddClients = Boolean(calendar?.allowMultipleClients) && spots === undefined;
  const hasErrors = Object.keys(errors).length > 0;
  const shownErrors = attempted ? errors : wrongEntries(validateAppointment(values, rules), fieldsLeft);
  const leave = (field: string) =>
    setFieldsLeft((current) => (current.has(field) ? current : new Set(current).add(field)));

  const change = (next: AppointmentValues) => {
    setValues(next);
    if (attempted) setErrors(validateAppointment(next, rules));
  };

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    setAttempted(true);
    requestAnimationFrame(() => summary.current?.focus());
  };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (isLoading || sending || botCheck.waiting || expired) return;
    setFormError(null);
    const found = validateAppointment(values, rules);
    if (Object.keys(found).length > 0) return showErrors(found);
    const payload = appointmentPayload(values, rules, {
      lockToken: lock.token,
      serviceId: service.id,
      spots,
      pageLanguage: language,
    });
    let solved: string | null;
    try {
      solved = await botCheck.whenReady();
    } catch {
      setFormError(errorMessageOfCode(t, 'BOT_CHECK_FAILED'));
      return showErrors({});
    }
    // One key per request (not per bot-check solution): a retry of an answer lost on the way books nothing more.
    const idempotencyKey = idempotencyKeyOf(payload);
    const body = solved === null ? payload : { ...payload, botCheck: solved };
    setSending(true);
    try {
      const answer = await retryUnanswered(() => createAppointment({ body, idempotencyKey }));
      if (answer.error) throw answer.error;
      const { confirmationCode } = answer.data;
      onBooked({
        code: confirmationCode,
        clients: payload.clientData.map(({ firstName, lastName }) => ({ firstName, lastName })),
      });
    } catch (error) {
      const code = failureCode(error);
      if (code === 'VALIDATION_FAILED' || code === 'BOT_CHECK_FAILED') {
        const fromApi = Object.fromEntries(
          errorIssues(error as ApiError).map((issue) => [fieldOfIssue(issue.path), 'invalid' as const]),
        );
        setFormError(errorMessageOfCode(t, code));
        return showErrors(fromApi);
      }
      onFailed(code);
    } finally {
      setSending(false);
      botCheck.reset();
    }
  }

  const registering = spots !== undefined;
  return (
    <StepFrame
      title={t('booking.form.title')}
      focus={focus}
      onBack={onBack}
      onNext={() => void submit()}
      nextLabel={registering ? t('booking.form.register') : t('booking.form.book')}
      nextLoading={isLoading || sending || botCheck.waiting}
      nextDisabled={expired}
    >
      <LockTimer left={left} deadline={lock.deadline} language={language} />
      <BookingSummary service={service} calendar={calendar} state={state} language={language} />
      <div ref={summary} tabIndex={-1} className="booking-error-summary">
        {(hasErrors || formError) && (
          <Callout intent="danger" icon="error" role="alert" className="booking-callout">
            {formError && <p>{formError}</p>}
            {hasErrors && <p>{t('booking.form.requiredMessage')}</p>}
          </Callout>
        )}
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="booking-form">
        <H3 className="booking-subtitle">{t('booking.form.clients')}</H3>
        <ClientFields
          clients={values.clients}
          errors={shownErrors}
          preferredNameRequired={rules.preferredNameRequired}
          removableFrom={Math.max(clientCount, 1)}
          onChange={(index, client) =>
            change({ ...values, clients: values.clients.map((current, i) => (i === index ? client : current)) })
          }
          onRemove={(index) => change(removeClient(values, index))}
        />
        {canAddClients && values.clients.length < MAX_CLIENTS && (
          <Button
            icon="add"
            variant="outlined"
            className="booking-add-client"
            onClick={() => change(addClient(values))}
          >
            {t('booking.form.addClient')}
          </Button>
        )}
        <H3 className="booking-subtitle">{t('booking.form.contact')}</H3>
        <ContactFields values={values} rules={rules} errors={shownErrors} onChange={change} onLeave={leave} />
        {service.fields.consentRequired && <ConsentFields values={values} errors={shownErrors} onChange={change} />}
      </form>
      {/* rendered from the start, so its module (and Blueprint's overlays) loads while the lock still holds */}
      <Suspense fallback={null}>
        <SessionExpiredDialog isOpen={expired} restarting={restarting} onRestart={onRestart} />
      </Suspense>
    </StepFrame>
  );
}
