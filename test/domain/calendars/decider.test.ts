import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultCalendarSettings, type CalendarSettings } from '../../../domain/calendars/calendar';
import { calendarDecider } from '../../../domain/calendars/decider';
import type { CalendarEvent } from '../../../domain/calendars/events';
import { defaultLane } from '../../../domain/calendars/lane';
import { DomainError } from '../../../domain/shared/decider';
import { upcast } from '../../../domain/event-store/upcasters';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const lane = { ...defaultLane(), id: 11 };
const settings: CalendarSettings = {
  ...defaultCalendarSettings,
  name: 'Cornwall Immunization Clinic',
  locationId: 3,
  categoryId: 1,
  lanes: [lane],
};
const created: CalendarEvent = { type: 'CalendarCreated', data: { calendarId: 7, settings, at: now } };
const { given } = scenario(calendarDecider);
const stateAfter = (...events: CalendarEvent[]) => events.reduce(calendarDecider.evolve, calendarDecider.initialState);
function refusalOf(decide: () => unknown): DomainError {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}
/** A new calendar's lanes come without ids; the handler reserves one per lane (11 here). */
const create = (changes: Partial<CalendarSettings>, newLaneIds = [11]) => ({
  type: 'CreateCalendar' as const,
  data: {
    calendarId: 7,
    settings: { ...settings, lanes: settings.lanes.map((saved) => ({ ...saved, id: null })), ...changes },
    newLaneIds,
    now,
  },
});
const update = (changes: Partial<CalendarSettings>, newLaneIds: number[] = []) => ({
  type: 'UpdateCalendar' as const,
  data: { calendarId: 7, settings: { ...settings, ...changes }, newLaneIds, now },
});

const absent = suite('calendars decider: no calendar yet');
absent('CreateCalendar records the calendar with its settings', () => {
  given().when(create({})).then(created);
});
absent('a calendar without a name is refused', () => {
  given()
    .when(create({ name: '  ' }))
    .thenRefused('VALIDATION_FAILED');
});
absent('location and category are required', () => {
  given()
    .when(create({ locationId: null }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ categoryId: null }))
    .thenRefused('VALIDATION_FAILED');
});
absent('a lock time under 300 seconds is refused; 300 is accepted', () => {
  given()
    .when(create({ lockTime: 299 }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ lockTime: 300 }))
    .then(created);
});
absent('a group session has at least one spot', () => {
  given()
    .when(create({ groupSession: true, spots: 0 }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ groupSession: false, spots: 0 }))
    .then({ ...created, data: { ...created.data, settings: { ...settings, spots: 0 } } });
});
absent('with emails on, both templates and the reminder threshold are required', () => {
  given()
    .when(create({ emailsEnabled: true, notificationTemplateId: null }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ emailsEnabled: true, reminderTemplateId: null }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ emailsEnabled: true, reminderThreshold: null }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ emailsEnabled: false, reminderThreshold: null }))
    .then({ ...created, data: { ...created.data, settings: { ...settings, reminderThreshold: null } } });
});
absent('a new calendar cannot take lanes with ids (another calendar’s, or never given)', () => {
  const refusal = refusalOf(() =>
    calendarDecider.decide(
      create(
        {
          lanes: [
            { ...defaultLane(), name: 'New' },
            { ...lane, id: 5 },
          ],
        },
        [11],
      ),
      calendarDecider.initialState,
    ),
  );
  assert.is(refusal.code, 'VALIDATION_FAILED');
  assert.equal(refusal.details, { field: 'lanes.1.id' });
});
absent('a calendar keeps at least one lane', () => {
  given()
    .when(create({ lanes: [] }))
    .thenRefused('LANES_REQUIRED');
});
absent('a lane that does not start before it ends is refused', () => {
  given()
    .when(create({ lanes: [{ ...lane, id: null, startTime: '15:00:00', endTime: '15:00:00' }] }))
    .thenRefused('VALIDATION_FAILED');
});
absent('a lane needs a name and durations from the list', () => {
  given()
    .when(create({ lanes: [{ ...lane, id: null, name: ' ' }] }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ lanes: [{ ...lane, id: null, durations: [] }] }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(create({ lanes: [{ ...lane, id: null, durations: [{ value: 700, label: '', isDefault: true }] }] }))
    .thenRefused('VALIDATION_FAILED');
});
absent('first and last name stay on and required whatever the form sends', () => {
  const events = calendarDecider.decide(
    create({
      fields: [
        { name: 'lastName', required: false },
        { name: 'dose', required: true },
      ],
    }),
    calendarDecider.initialState,
  );
  const fields = events[0]!.type === 'CalendarCreated' ? events[0]!.data.settings.fields : [];
  if (
    JSON.stringify(fields) !==
    JSON.stringify([
      { name: 'firstName', required: true },
      { name: 'lastName', required: true },
      { name: 'dose', required: true },
    ])
  ) {
    throw new Error(`unexpected fields ${JSON.stringify(fields)}`);
  }
});
absent('the All code category needs at least one code', () => {
  given()
    .when(create({ fields: [{ name: 'codes', required: false, category: 'All', options: [] }] }))
    .thenRefused('VALIDATION_FAILED');
});
absent.run();

const active = suite('calendars decider: existing calendar');
active('creating it again is refused', () => {
  given(created).when(create({})).thenRefused('CALENDAR_ALREADY_EXISTS');
});
active('UpdateCalendar records only what changed', () => {
  given(created)
    .when(update({ enabled: true, lockTime: 600 }))
    .then({ type: 'CalendarUpdated', data: { calendarId: 7, changes: { enabled: true, lockTime: 600 }, at: now } });
});
active('saving without a change records nothing', () => {
  given(created).when(update({})).then();
});
active('an update breaking a rule is refused', () => {
  given(created)
    .when(update({ lockTime: 60 }))
    .thenRefused('VALIDATION_FAILED');
});
active('new lanes come without an id and take the ids the handler reserved; kept lanes keep theirs', () => {
  const added = { ...defaultLane(), name: 'Staff 2' };
  given(created)
    .when(update({ lanes: [lane, added] }, [12]))
    .then({
      type: 'CalendarUpdated',
      data: { calendarId: 7, changes: { lanes: [lane, { ...added, id: 12 }] }, at: now },
    });
});
active('a lane id of another calendar, or one never given, is refused naming the lane', () => {
  const foreign = { ...defaultLane(), id: 99, name: 'Borrowed' };
  given(created)
    .when(update({ lanes: [lane, { ...defaultLane(), name: 'New' }, foreign] }, [12]))
    .thenRefused('VALIDATION_FAILED');
  const refusal = refusalOf(() =>
    calendarDecider.decide(
      update({ lanes: [lane, { ...defaultLane(), name: 'New' }, foreign] }, [12]),
      stateAfter(created),
    ),
  );
  assert.equal(refusal.details, { field: 'lanes.2.id' });
});
active('one lane id twice is refused', () => {
  const refusal = refusalOf(() =>
    calendarDecider.decide(update({ lanes: [lane, { ...lane, name: 'Copy' }] }), stateAfter(created)),
  );
  assert.is(refusal.code, 'VALIDATION_FAILED');
  assert.equal(refusal.details, { field: 'lanes.1.id' });
});
active('updating a calendar that does not exist is refused', () => {
  given().when(update({})).thenRefused('CALENDAR_NOT_FOUND');
});
active.run();

const french = suite('calendars decider: French name and description');
const frenchTexts = {
  nameFr: 'Clinique de vaccination de Cornwall',
  descriptionFr: 'Vaccins systématiques des enfants',
};
french('CreateCalendar records the French name and description, trimmed', () => {
  given()
    .when(create({ nameFr: `  ${frenchTexts.nameFr} `, descriptionFr: ` ${frenchTexts.descriptionFr}\n` }))
    .then({ ...created, data: { ...created.data, settings: { ...settings, ...frenchTexts } } });
});
french('the French texts may be left empty (the French pages then show the English); spaces alone are empty', () => {
  given()
    .when(create({ nameFr: '   ', descriptionFr: ' ' }))
    .then(created);
  assert.is(created.data.settings.nameFr, '');
});
french('UpdateCalendar records only the French texts when only they change', () => {
  given(created)
    .when(update(frenchTexts))
    .then({ type: 'CalendarUpdated', data: { calendarId: 7, changes: frenchTexts, at: now } });
  const named: CalendarEvent = {
    type: 'CalendarCreated',
    data: { ...created.data, settings: { ...settings, ...frenchTexts } },
  };
  given(named)
    .when(update({ ...frenchTexts, descriptionFr: '' }))
    .then({ type: 'CalendarUpdated', data: { calendarId: 7, changes: { descriptionFr: '' }, at: now } });
  given(named).when(update(frenchTexts)).then();
});
french(
  'a calendar created before the French texts (CalendarCreated version 2) folds with none, and saves unchanged as nothing',
  () => {
    const { nameFr: _n, descriptionFr: _d, ...before } = settings;
    const old = upcast({
      type: 'CalendarCreated',
      schemaVersion: 2,
      data: { calendarId: 7, settings: before, at: now },
    }) as CalendarEvent;
    assert.equal(old, created, 'read as a calendar with empty French texts');
    given(old).when(update({})).then();
    given(old)
      .when(update({ nameFr: frenchTexts.nameFr }))
      .then({ type: 'CalendarUpdated', data: { calendarId: 7, changes: { nameFr: frenchTexts.nameFr }, at: now } });
    // An update recorded before the French texts existed leaves them as they were.
    const renamed: CalendarEvent = {
      type: 'CalendarUpdated',
      data: { calendarId: 7, changes: { name: 'Cornwall Clinic' }, at: now },
    };
    given(old, renamed)
      .when(update({ name: 'Cornwall Clinic' }))
      .then();
  },
);
french.run();

const reminders = suite('calendars decider: extra reminder days (issue 19)');
reminders('up to two extra days, distinct and not the threshold, are kept; an update records them', () => {
  const withEmails = { emailsEnabled: true, reminderThreshold: 1 };
  given()
    .when(create({ ...withEmails, extraReminderDays: [7, 14] }))
    .then({
      ...created,
      data: { ...created.data, settings: { ...settings, ...withEmails, extraReminderDays: [7, 14] } },
    });
  given(created)
    .when(update({ extraReminderDays: [7] }))
    .then({ type: 'CalendarUpdated', data: { calendarId: 7, changes: { extraReminderDays: [7] }, at: now } });
});
reminders('too many, repeated, equal to the threshold or out of range: refused on the field', () => {
  for (const extraReminderDays of [[1, 2, 3], [7, 7], [2], [-1], [366], [1.5]]) {
    const refusal = refusalOf(() =>
      calendarDecider.decide(
        create({ emailsEnabled: true, reminderThreshold: 2, extraReminderDays }),
        calendarDecider.initialState,
      ),
    );
    assert.is(refusal.code, 'VALIDATION_FAILED', JSON.stringify(extraReminderDays));
    assert.equal(refusal.details, { field: 'extraReminderDays' });
  }
  // Like the threshold, checked only when the calendar sends e-mails.
  given()
    .when(create({ emailsEnabled: false, extraReminderDays: [2, 2, 2] }))
    .then({ ...created, data: { ...created.data, settings: { ...settings, extraReminderDays: [2, 2, 2] } } });
});
reminders('a calendar created before extra reminders (CalendarCreated version 3) reads with none', () => {
  const { extraReminderDays: _e, ...before } = settings;
  const old = upcast({ type: 'CalendarCreated', schemaVersion: 3, data: { calendarId: 7, settings: before, at: now } });
  assert.equal(old, created);
  given(old as CalendarEvent)
    .when(update({}))
    .then();
});
reminders.run();
