import { Card, H2, HTMLTable, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { CalendarDate, DateLaneWithSlots } from './types';

function LaneSlots({ lane }: { lane: DateLaneWithSlots }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const slots = lane.timeslots ?? [];
  if (slots.length === 0) return <p className="cd-field-hint">{t('calendarDates.timeslots.none')}</p>;
  return (
    <HTMLTable compact striped className="cd-slots-table">
      <thead>
        <tr>
          <th scope="col">{t('calendarDates.timeslots.time')}</th>
          <th scope="col">{t('calendarDates.timeslots.status')}</th>
          <th scope="col">{t('calendarDates.timeslots.clients')}</th>
        </tr>
      </thead>
      <tbody>
        {slots.map((slot) => (
          <tr key={slot.time}>
            <th scope="row">{formatTime(language, slot.time)}</th>
            <td>
              {/* §4.2: 'Available' is green, any other label red */}
              <Tag minimal intent={slot.label === 'Available' ? 'success' : 'danger'}>
                {t(`calendarDates.timeslots.labels.${slot.label}`)}
              </Tag>
            </td>
            <td>{slot.clients.map((client) => client.name).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** A read-only view of the date's timeslots as saved, one tab per lane. */
export function TimeslotPreview({ date }: { date: CalendarDate }) {
  const { t } = useTranslation();
  if (date.lanes.length === 0) return null;
  return (
    <Card className="page-card cd-preview">
      <H2 className="card-title">{t('calendarDates.timeslots.title')}</H2>
      <p className="cd-field-hint">{t('calendarDates.timeslots.hint')}</p>
      <Tabs id={`timeslots-${date.date}`} renderActiveTabPanelOnly>
        {date.lanes.map((lane) => (
          <Tab key={lane.id} id={lane.id} title={lane.name} panel={<LaneSlots lane={lane} />} />
        ))}
      </Tabs>
    </Card>
  );
}
