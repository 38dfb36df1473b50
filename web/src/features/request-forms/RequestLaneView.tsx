import { Card, H2, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { Details } from './Details';
import type { AdminTexts } from '../../i18n/adminTexts';
import type { RequestForm, RequestLane } from './types';

/** One lane of a request, read-only: every time, the interval, the durations and the clinic dates. */
export function RequestLaneView({ lane, title }: { lane: RequestLane; title: string }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const time = (value: string | null) => (value === null ? t('requestForms.lane.none') : formatTime(language, value));
  const minutes = (count: number) => t('requestForms.lane.minutes', { count });
  const label = (field: keyof AdminTexts['requestForms']['lane']) => t(`requestForms.lane.${field}`);
  return (
    <Card className="rf-lane" compact>
      <section aria-label={title}>
        <H3 className="rf-lane-title">{title}</H3>
        <Details
          rows={[
            [label('name'), lane.name],
            [label('startTime'), time(lane.startTime)],
            [label('endTime'), time(lane.endTime)],
            [label('slotInterval'), minutes(lane.slotInterval)],
            [label('durations'), lane.durations.map(minutes).join(', ')],
            [label('breakTimeAm'), time(lane.breakTimeAm)],
            [label('breakTimePm'), time(lane.breakTimePm)],
            [label('lunchTimeStart'), time(lane.lunchTimeStart)],
            [label('lunchTimeEnd'), time(lane.lunchTimeEnd)],
            [label('firstAppointmentTime'), time(lane.firstAppointmentTime)],
            [label('lastAppointmentTime'), time(lane.lastAppointmentTime)],
            [
              label('clinicDates'),
              <ul className="rf-chosen-dates" key="dates">
                {lane.clinicDates.map((date) => (
                  <li key={date}>
                    <Tag minimal>{shortDate(language, date)}</Tag>
                  </li>
                ))}
              </ul>,
            ],
          ]}
        />
      </section>
    </Card>
  );
}

/** The lanes a request asks for, read-only: their number, whether one describes them all, and each lane. */
export function RequestLanesView({ request }: { request: RequestForm }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('requestForms.details.yes') : t('requestForms.details.no'));
  return (
    <Card className="page-card">
      <H2 className="card-title">{t('requestForms.sections.lanes')}</H2>
      <Details
        rows={[
          [t('requestForms.fields.laneCount'), String(request.laneCount)],
          [t('requestForms.fields.sameLaneData'), yesNo(request.sameLaneData)],
        ]}
      />
      <div className="rf-lanes">
        {request.lanes.map((lane, index) => (
          <RequestLaneView
            key={index}
            lane={lane}
            title={
              request.sameLaneData
                ? t('requestForms.lane.allLanes', { count: request.laneCount })
                : t('requestForms.lane.title', { number: index + 1 })
            }
          />
        ))}
      </div>
    </Card>
  );
}
