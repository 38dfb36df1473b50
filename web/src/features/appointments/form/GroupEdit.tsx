import { Button, Card, H4 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/fields/SelectField';
import { TextField } from '../../../shared/fields/TextField';
import { ATTENDANCES } from '../types';
import { ROOM_MAX, usesField, type ClientValues, type FormRules } from './appointmentValues';

/** §5 group edit: the attendance and room (those the calendar uses) applied to every client at once. */
export function GroupEdit({
  rules,
  onApply,
}: {
  rules: FormRules;
  onApply: (change: { attendance?: ClientValues['attendance']; room?: string }) => void;
}) {
  const { t } = useTranslation();
  const [attendance, setAttendance] = useState<ClientValues['attendance']>('');
  const [room, setRoom] = useState('');
  const withAttendance = usesField(rules, 'attendance');
  const withRoom = usesField(rules, 'room');
  if (!withAttendance && !withRoom) return null;
  return (
    <Card className="appt-group" role="group" aria-label={t('appointments.form.groupTitle')}>
      <H4>{t('appointments.form.groupTitle')}</H4>
      <p className="appt-hint">{t('appointments.form.groupHint')}</p>
      <div className="appt-group-fields">
        {withAttendance && (
          <SelectField
            label={t('appointments.form.fields.attendance')}
            value={attendance}
            placeholder={t('appointments.form.none')}
            choices={ATTENDANCES.map((value) => ({ value, label: t(`appointments.attendance.${value}`) }))}
            onValueChange={setAttendance}
          />
        )}
        {withRoom && (
          <TextField
            label={t('appointments.form.fields.room')}
            value={room}
            maxLength={ROOM_MAX}
            onValueChange={setRoom}
          />
        )}
        <Button
          icon="people"
          onClick={() =>
            onApply({ ...(withAttendance ? { attendance } : {}), ...(withRoom ? { room: room.trim() } : {}) })
          }
        >
          {t('appointments.form.applyToAll')}
        </Button>
      </div>
    </Card>
  );
}
