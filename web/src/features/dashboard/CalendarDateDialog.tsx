import { Button, Dialog, DialogBody, DialogFooter, ProgressBar, Tag, type Intent } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { formatDate, formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { isAdmin, useCurrentUser } from '../../shared/currentUser';
import type { DashboardItem } from './types';

/** §2.3 / §9 capacity thresholds: green under 50 percent, warning from 50, danger from 80. */
export function capacityIntent(percent: number): Intent {
  if (percent >= 80) return 'danger';
  if (percent >= 50) return 'warning';
  return 'success';
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overview-stat">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DialogContent({ item, onClose }: { item: DashboardItem; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const viewer = useCurrentUser();
  const admin = isAdmin(viewer);
  const capacityId = useId();
  const time = (value: string | null) => (value === null ? t('dashboard.modal.none') : formatTime(language, value));
  const location = item.location
    ? language === 'fr'
      ? item.location.nameFr
      : item.location.name
    : t('dashboard.modal.noLocation');
  const seriesId = item.groupSessionSeriesId;

  return (
    <>
      <DialogBody>
        <p className="overview-dialog-date">
          <span>{formatDate(language, item.date)}</span>
          {!item.enabled && (
            <Tag minimal intent="danger" icon="disable">
              {t('dashboard.disabled')}
            </Tag>
          )}
          {item.groupSession && (
            <Tag minimal icon="people">
              {t('dashboard.modal.groupSession')}
            </Tag>
          )}
        </p>
        <div className="overview-capacity">
          <p id={capacityId} className="overview-capacity-label">
            {t('dashboard.modal.full', { percent: item.capacity })}
          </p>
          <ProgressBar
            value={Math.min(Math.max(item.capacity, 0), 100) / 100}
            intent={capacityIntent(item.capacity)}
            animate={false}
            stripes={false}
            aria-labelledby={capacityId}
          />
        </div>
        <dl className="overview-stats">
          <Stat label={t('dashboard.modal.location')}>{location}</Stat>
          <Stat label={t('dashboard.modal.startTime')}>{time(item.minStartTime)}</Stat>
          <Stat label={t('dashboard.modal.endTime')}>{time(item.maxEndTime)}</Stat>
          {item.groupSession ? (
            <>
              <Stat label={t('dashboard.modal.totalSpots')}>{item.spots ?? 0}</Stat>
              <Stat label={t('dashboard.modal.spotsAvailable')}>{item.spotsAvailable ?? 0}</Stat>
              <Stat label={t('dashboard.modal.registrations')}>{item.registrationCount ?? 0}</Stat>
            </>
          ) : (
            <>
              <Stat label={t('dashboard.modal.firstAppointment')}>{time(item.firstAppointmentTime)}</Stat>
              <Stat label={t('dashboard.modal.lastAppointment')}>{time(item.lastAppointmentTime)}</Stat>
              <Stat label={t('dashboard.modal.clientCount')}>{item.clientCount}</Stat>
              <Stat label={t('dashboard.modal.bookedSlots')}>{item.bookedSlotCount}</Stat>
              <Stat label={t('dashboard.modal.totalSlots')}>{item.totalSlotCount}</Stat>
              <Stat label={t('dashboard.modal.staffCount')}>{item.laneCount}</Stat>
            </>
          )}
        </dl>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {admin && item.groupSession && seriesId !== null && (
              <RouterAnchorButton
                to={`/admin/calendars/${item.calendarId}/group-session-series/${seriesId}`}
                intent="primary"
                icon="people"
              >
                {t('dashboard.modal.viewRegistrations')}
              </RouterAnchorButton>
            )}
            {admin && !item.groupSession && (
              <RouterAnchorButton to={`/admin/calendars/${item.calendarId}/dates/${item.date}/edit`} icon="edit">
                {t('dashboard.modal.editDate')}
              </RouterAnchorButton>
            )}
            {item.access && !item.groupSession && (
              <RouterAnchorButton
                to={`/admin/booking?id=${item.calendarId}&date=${item.date}`}
                intent="primary"
                icon="calendar"
              >
                {t('dashboard.modal.viewAppointments')}
              </RouterAnchorButton>
            )}
            <Button onClick={onClose}>{t('dashboard.modal.close')}</Button>
          </>
        }
      />
    </>
  );
}

/**
 * §2.3 the modal of one calendar on one day: percent full with its capacity bar, location, start and end time, the
 * series' spots for a group session or the day's appointments otherwise, and the buttons the viewer may use.
 * `item` stays set while the dialog closes, so that its content does not vanish during the transition.
 */
export function CalendarDateDialog({
  item,
  isOpen,
  onClose,
}: {
  item: DashboardItem | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen && item !== null}
      onClose={onClose}
      title={item?.calendarName ?? ''}
      icon={item?.groupSession ? 'people' : 'calendar'}
      isCloseButtonShown={false}
      className="overview-dialog"
    >
      {item && <DialogContent item={item} onClose={onClose} />}
    </Dialog>
  );
}
