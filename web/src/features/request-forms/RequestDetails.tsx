import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { RequestStatus } from './RequestFormRow';
import { Details } from './Details';
import { RequestLanesView } from './RequestLaneView';
import type { AdminTexts } from '../../i18n/adminTexts';
import type { RequestForm } from './types';
import type { RequestNames } from './useRequestNames';

/** Everything a request holds, read-only (§2.3 /{id}/view): the request, its calendar, lanes, e-mails and notes. */
export function RequestDetails({
  request,
  names,
  linked,
}: {
  request: RequestForm;
  names: RequestNames;
  linked: boolean;
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const field = (name: keyof AdminTexts['requestForms']['fields']) => t(`requestForms.fields.${name}`);
  const yesNo = (value: boolean) => (value ? t('requestForms.details.yes') : t('requestForms.details.no'));
  const text = (value: string | null) => (value ? value : t('requestForms.details.notGiven'));
  const forCalendar = request.requestType === 'requestformcalendar';
  const doneOn =
    request.fulfilledAt === null
      ? []
      : ([
          [
            t('requestForms.details.doneLabel'),
            t('requestForms.details.doneOn', {
              date: formatDateTime(language, new Date(request.fulfilledAt)),
              name: request.fulfilledBy?.name ?? '',
            }),
          ],
        ] as const);
  const doneDates =
    request.fulfilledDates.length === 0
      ? []
      : ([
          [
            t('requestForms.details.doneDates'),
            request.fulfilledDates.map((date) => formatDate(language, date)).join('\n'),
          ],
        ] as const);

  return (
    <>
      <Card className="page-card">
        <H2 className="card-title">{t('requestForms.sections.request')}</H2>
        <Details
          rows={[
            [field('requestType'), t(`requestForms.types.${request.requestType}`)],
            [t('requestForms.details.submittedBy'), request.createdBy.name],
            [t('requestForms.details.submittedOn'), formatDateTime(language, new Date(request.createdAt))],
            [t('requestForms.details.status'), <RequestStatus key="status" request={request} linked={linked} />],
            ...doneOn,
            ...doneDates,
          ]}
        />
      </Card>
      <Card className="page-card">
        <H2 className="card-title">
          {forCalendar ? t('requestForms.sections.calendar') : t('requestForms.sections.dates')}
        </H2>
        <Details
          rows={
            forCalendar
              ? [
                  [field('calendarName'), text(request.calendarName)],
                  [field('location'), text(names.location(request.locationId))],
                  [field('enableOn'), request.enableOn ? formatDate(language, request.enableOn) : text(null)],
                  [field('syncWithDashboardOfEvents'), yesNo(request.syncWithDashboardOfEvents)],
                  [field('showOnCalendarOverview'), yesNo(request.showOnCalendarOverview)],
                  [field('groupSessions'), yesNo(request.groupSessions)],
                  [field('allowMultipleClients'), yesNo(request.allowMultipleClients)],
                  [field('fields'), text(request.fields)],
                  [field('schedule'), text(request.schedule)],
                ]
              : [
                  [field('calendar'), text(request.calendarName)],
                  [field('schedule'), text(request.schedule)],
                ]
          }
        />
      </Card>
      <RequestLanesView request={request} />
      <Card className="page-card">
        <H2 className="card-title">{t('requestForms.sections.emails')}</H2>
        <Details
          rows={[
            [field('enableEmails'), yesNo(request.enableEmails)],
            ...(request.enableEmails
              ? ([
                  [field('confirmationTemplate'), names.template(request.confirmationTemplateId)],
                  [field('reminderTemplate'), names.template(request.reminderTemplateId)],
                ] as const)
              : []),
            [field('additionalInformation'), text(request.additionalInformation)],
          ]}
        />
      </Card>
    </>
  );
}
