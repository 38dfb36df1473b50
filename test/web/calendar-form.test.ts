import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { calendarBody } from '../../api/calendars/schemas';
import { defaultLane } from '../../domain/calendars/lane';
import { initialValues, toCalendarBody, validateCalendar } from '../../web/src/features/calendars/calendarForm';
import type { Calendar } from '../../web/src/features/calendars/types';

/** The calendar form's French name and description: required name on the form, trimmed, copied in its language. */
const test = suite('web: calendar form, French texts');

const copyName = (name: string, language: 'en' | 'fr') => (language === 'fr' ? `Copie de ${name}` : `Copy of ${name}`);
const calendar = (changes: Partial<Calendar> = {}): Calendar => ({
  ...calendarBody.parse({ name: 'Cornwall Immunization Clinic', locationId: 1, categoryId: 1, lanes: [defaultLane()] }),
  id: 7,
  lanes: [{ ...defaultLane(), id: 11 }],
  location: null,
  category: null,
  createdAt: '2026-11-24T12:00:00.000Z',
  updatedAt: '2026-11-24T12:00:00.000Z',
  ...changes,
});

test('the French name is required on the form, as the English one; the French description is not', () => {
  const values = initialValues('edit', calendar(), copyName);
  assert.equal(
    [values.nameFr, values.descriptionFr],
    ['', ''],
    'a calendar without French texts opens with them empty',
  );
  assert.is(validateCalendar(values).nameFr, 'nameFrRequired');
  assert.is(validateCalendar({ ...values, nameFr: '   ' }).nameFr, 'nameFrRequired');
  const named = { ...values, nameFr: 'Clinique de vaccination de Cornwall' };
  assert.equal(validateCalendar(named), {});
});

test('the body carries both names and descriptions, trimmed', () => {
  const values = {
    ...initialValues('edit', calendar(), copyName),
    nameFr: ' Clinique de Cornwall ',
    descriptionFr: ' Vaccins\n',
  };
  const body = toCalendarBody(values);
  assert.equal([body.nameFr, body.descriptionFr], ['Clinique de Cornwall', 'Vaccins']);
});

test('a copy names each language in its own: Copy of … and Copie de …; an empty French name stays empty', () => {
  const copied = initialValues(
    'copy',
    calendar({ nameFr: 'Clinique de Cornwall', descriptionFr: 'Vaccins' }),
    copyName,
  );
  assert.equal(
    [copied.name, copied.nameFr, copied.descriptionFr],
    ['Copy of Cornwall Immunization Clinic', 'Copie de Clinique de Cornwall', 'Vaccins'],
  );
  assert.is(initialValues('copy', calendar(), copyName).nameFr, '');
});

test('the extra reminder days show one box each, are checked against the threshold and sent without blanks', () => {
  const values = initialValues(
    'edit',
    calendar({ emailsEnabled: true, nameFr: 'Clinique', extraReminderDays: [7] }),
    copyName,
  );
  assert.equal(values.extraReminderDays, ['7', '']);
  assert.equal(validateCalendar(values), {});
  assert.equal(toCalendarBody(values).extraReminderDays, [7]);
  assert.equal(toCalendarBody({ ...values, extraReminderDays: ['', ' 14 '] }).extraReminderDays, [14]);
  for (const extraReminderDays of [
    ['2', ''],
    ['7', '7'],
    ['x', ''],
    ['400', ''],
  ])
    assert.is(validateCalendar({ ...values, extraReminderDays }).extraReminderDays, 'extraReminderDaysInvalid');
  // A calendar read before the setting existed has none.
  const { extraReminderDays: _none, ...older } = calendar();
  assert.equal(initialValues('edit', older as Calendar, copyName).extraReminderDays, ['', '']);
});

test.run();
