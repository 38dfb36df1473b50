import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import type { DateLaneWithSlots, Timeslot } from '../calendar-dates';
import { MessageFailedFlag } from '../messages';
import { attendanceIntent, offers, SLOT_ACTIONS, type SlotAction, type SlotContext } from './slotActions';
import { startsAppointment } from './slotRules';
import { ATTENDANCES } from './types';

const isAttendance = (value: string | null): value is (typeof ATTENDANCES)[number] =>
  value !== null && (ATTENDANCES as readonly string[]).includes(value);

/** The clients of a booked slot, each in its attendance colour (§4.2), with attendance and room. */
export function ClientTags({ clients }: { clients: Timeslot['clients'] }) {
  const { t } = useTranslation();
  return (
    <ul className="appt-clients">
      {clients.map((client, index) => {
        const details = [
          isAttendance(client.attendance) ? t(`appointments.attendance.${client.attendance}`) : '',
          client.room ? t('appointments.table.room', { room: client.room }) : '',
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <li key={index}>
            <Tag
              minimal={client.attendance === null || client.attendance === ''}
              intent={attendanceIntent(client.attendance)}
              data-attendance={client.attendance ?? ''}
            >
              {client.name}
              {details && <span className="appt-client-details"> ({details})</span>}
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}

const actionIcons: Record<
  SlotAction,
  'plus' | 'clipboard' | 'edit' | 'eye-open' | 'duplicate' | 'move' | 'trash' | 'history' | 'unlock'
> = {
  new: 'plus',
  paste: 'clipboard',
  edit: 'edit',
  view: 'eye-open',
  copy: 'duplicate',
  move: 'move',
  delete: 'trash',
  history: 'history',
  unlock: 'unlock',
};

interface LaneTableProps {
  lane: DateLaneWithSlots;
  context: SlotContext;
  busy: boolean;
  onAction: (action: SlotAction, lane: DateLaneWithSlots, slot: Timeslot) => void;
}

/** §2.3 one lane's timeslots: time, label ('Available' green, any other red), clients, phone and the slot's actions. */
export function LaneTable({ lane, context, busy, onAction }: LaneTableProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const slots = lane.timeslots ?? [];
  if (slots.length === 0) return <p className="appt-hint">{t('appointments.table.none')}</p>;
  return (
    <HTMLTable compact striped className="appt-slots">
      <caption className="visually-hidden">{t('appointments.table.caption', { lane: lane.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('appointments.table.time')}</th>
          <th scope="col">{t('appointments.table.label')}</th>
          <th scope="col">{t('appointments.table.clients')}</th>
          <th scope="col">{t('appointments.table.phone')}</th>
          <th scope="col">{t('appointments.table.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {slots.map((slot, index) => {
          const time = formatTime(language, slot.time);
          const continued = slot.appointmentId !== null && !startsAppointment(slots, index);
          const actions = SLOT_ACTIONS.filter((action) => offers(action, slots, index, context));
          return (
            <tr key={slot.time} data-time={slot.time} data-label={slot.label}>
              <th scope="row">{time}</th>
              <td>
                <Tag minimal intent={slot.label === 'Available' ? 'success' : 'danger'}>
                  {t(`appointments.table.labels.${slot.label}`)}
                </Tag>
              </td>
              <td>
                {continued ? (
                  <span className="appt-hint">{t('appointments.table.continued')}</span>
                ) : (
                  <>
                    <ClientTags clients={slot.clients} />
                    {slot.messageFailed && slot.appointmentId !== null && (
                      <MessageFailedFlag appointmentId={slot.appointmentId} />
                    )}
                  </>
                )}
              </td>
              <td className="appt-phone">{continued ? '' : (slot.phone ?? '')}</td>
              <td>
                {actions.length > 0 && (
                  <div
                    className="appt-actions"
                    role="group"
                    aria-label={t('appointments.actions.slotActions', { time })}
                  >
                    {actions.map((action) => (
                      <Button
                        key={action}
                        size="small"
                        variant={action === 'new' || action === 'paste' ? 'solid' : 'outlined'}
                        intent={
                          action === 'delete' ? 'danger' : action === 'new' || action === 'paste' ? 'primary' : 'none'
                        }
                        icon={actionIcons[action]}
                        disabled={busy}
                        onClick={() => onAction(action, lane, slot)}
                      >
                        {t(`appointments.actions.${action}`)}
                      </Button>
                    ))}
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
