import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SessionDate } from '../../../domain/group-session-series/series';
import { NotToBeSent, type ConfirmationLookups } from '../../../commands/confirmation-mails/compose';
import type { QueuedMessage } from '../../../commands/messages/queued-message';
import { composeTextMessage, MAX_SMS_LENGTH } from '../../../commands/messages/text';
import type { MailCalendar, MailLocation } from '../../../commands/read-model-lookups';

/**
 * The short text of an SMS or voice reminder: date, time, place and code in the message's language, nothing else
 * about the client. The lookups stand in for the read models, so that the place can change between two sends.
 */
const test = suite('messages: the text of an SMS or a call');

const cornwall: MailLocation = {
  name: 'Cornwall Clinic',
  nameFr: 'Clinique de Cornwall',
  isVirtual: false,
  address: '1000 Pitt Street',
  addressFr: '1000, rue Pitt',
  city: 'Cornwall',
  postalCode: 'K6J 5T1',
};

function lookups(location: MailLocation | null = cornwall, sessions: SessionDate[] = []) {
  const state = { location, sessions };
  const calendar: MailCalendar = {
    id: 3,
    name: 'Immunization',
    nameFr: 'Immunisation',
    emailsEnabled: true,
    notificationTemplateId: 1,
    reminderTemplateId: 2,
    location,
  };
  const port: ConfirmationLookups = {
    calendar: async (id) => (id === 3 ? { ...calendar, location: state.location } : undefined),
    template: async () => undefined,
    sessionDates: async () => state.sessions,
  };
  return { port, state };
}

const message = (changes: Partial<QueuedMessage> = {}): QueuedMessage => ({
  id: 1,
  messageKey: 'reminder:7:2026-11-24T14:30:00:1d:sms',
  kind: 'reminder',
  channel: 'sms',
  appointmentId: 7,
  calendarId: 3,
  seriesId: null,
  date: '2026-11-24',
  startTime: '14:30:00',
  endTime: '14:45:00',
  offsetDays: 1,
  language: 'en',
  recipient: '+16135550123',
  clientNames: [{ firstName: 'Ada', lastName: 'Lovelace', preferredName: 'Addie' }],
  confirmationCode: 'K7QX2M9PZA',
  sequence: 1,
  dueAt: new Date('2026-11-23T14:00:00Z'),
  attempts: 1,
  ...changes,
});

const at = { timeZone: 'America/Toronto', now: new Date('2026-11-23T14:00:00Z') };

test('an English SMS reminder gives the date, time, place and code, and no name', async () => {
  const text = await composeTextMessage(lookups().port, message(), at);
  assert.is(
    text,
    'Reminder: your appointment is on Tuesday, November 24, 2026 at 2:30 p.m. ' +
      'Place: Cornwall Clinic, 1000 Pitt Street, Cornwall K6J 5T1. Confirmation code: K7QX2M9PZA.',
  );
  assert.not.match(text, /Ada|Addie|Lovelace|Immunization/);
  assert.not.match(text, /[\u00a0\u202f]/, 'plain spaces only');
});

test('a French SMS reminder is in Canadian French, with the French place', async () => {
  const text = await composeTextMessage(lookups().port, message({ language: 'fr' }), at);
  assert.is(
    text,
    'Rappel : votre rendez-vous est le mardi 24 novembre 2026 à 14 h 30. ' +
      'Lieu : Clinique de Cornwall, 1000, rue Pitt, Cornwall K6J 5T1. Code de confirmation : K7QX2M9PZA.',
  );
});

test('a voice call spells the code out, letter by letter, in its language', async () => {
  const english = await composeTextMessage(lookups().port, message({ channel: 'voice' }), at);
  assert.match(english, /Confirmation code: K 7 Q X 2 M 9 P Z A\.$/);
  const french = await composeTextMessage(lookups().port, message({ channel: 'voice', language: 'fr' }), at);
  assert.match(french, /^Rappel : votre rendez-vous est le mardi 24 novembre 2026 à 14 h 30\./);
  assert.match(french, /Code de confirmation : K 7 Q X 2 M 9 P Z A\.$/);
});

test('the place is read when the text goes out: a changed location shows, a virtual one has no address', async () => {
  const { port, state } = lookups();
  state.location = { ...cornwall, name: 'Pitt Street Clinic' };
  assert.match(await composeTextMessage(port, message(), at), /Place: Pitt Street Clinic, 1000 Pitt Street/);
  state.location = { ...cornwall, name: 'Online (video call)', isVirtual: true };
  assert.match(await composeTextMessage(port, message(), at), /Place: Online \(video call\)\. Confirmation/);
  state.location = null;
  assert.match(await composeTextMessage(port, message(), at), /2:30 p\.m\. Confirmation code: K7QX2M9PZA\.$/);
});

test('a course reminder gives the first session as it is now', async () => {
  const { port } = lookups(cornwall, [
    { date: '2026-11-26', time: '18:00:00', duration: 5400 },
    { date: '2026-12-03', time: '18:00:00', duration: 5400 },
  ]);
  const english = await composeTextMessage(port, message({ seriesId: 5 }), at);
  assert.match(english, /^Reminder: your first session is on Thursday, November 26, 2026 at 6:00 p\.m\. /);
  const french = await composeTextMessage(port, message({ seriesId: 5, language: 'fr' }), at);
  assert.match(french, /^Rappel : votre première séance est le jeudi 26 novembre 2026 à 18 h\. /);
});

test('moved and cancelled notices say so, with the new or the former time', async () => {
  const moved = await composeTextMessage(lookups().port, message({ kind: 'moved', date: '2026-11-27' }), at);
  assert.match(moved, /^Your appointment has been moved to Friday, November 27, 2026 at 2:30 p\.m\. Place: /);
  const cancelled = await composeTextMessage(lookups().port, message({ kind: 'cancelled', language: 'fr' }), at);
  assert.match(cancelled, /^Votre rendez-vous du mardi 24 novembre 2026 à 14 h 30 est annulé\. Lieu : /);
});

test('an SMS stays within two segments: a long place leaves out the address, then the place', async () => {
  const long = 'Public Health Unit of the Eastern Counties, Community Health and Wellness Centre';
  const { port, state } = lookups({ ...cornwall, name: long, address: `${'Building B, '.repeat(12)}1000 Pitt Street` });
  const shortened = await composeTextMessage(port, message(), at);
  assert.ok(shortened.length <= MAX_SMS_LENGTH, `${shortened.length} characters`);
  assert.match(shortened, new RegExp(`Place: ${long}\\. Confirmation code: K7QX2M9PZA\\.$`));
  state.location = { ...cornwall, name: long.repeat(4) };
  const placeless = await composeTextMessage(port, message(), at);
  assert.ok(placeless.length <= MAX_SMS_LENGTH);
  assert.not.match(placeless, /Place/);
  assert.match(placeless, /Confirmation code: K7QX2M9PZA\.$/);
  const voice = await composeTextMessage(port, message({ channel: 'voice' }), at);
  assert.match(voice, /Place: /, 'a call has no length limit');
});

test('no text for an appointment that has begun, a calendar that is gone, or an e-mail', async () => {
  const begun = { ...at, now: new Date('2026-11-24T19:30:00Z') };
  try {
    await composeTextMessage(lookups().port, message(), begun);
    assert.unreachable('an appointment that has begun');
  } catch (error) {
    assert.instance(error, NotToBeSent);
  }
  try {
    await composeTextMessage(lookups().port, message({ calendarId: 99 }), at);
    assert.unreachable('a calendar that is gone');
  } catch (error) {
    assert.instance(error, NotToBeSent);
  }
  try {
    await composeTextMessage(lookups().port, message({ channel: 'email' }), at);
    assert.unreachable('an e-mail');
  } catch (error) {
    assert.not.instance(error, NotToBeSent);
    assert.match((error as Error).message, /e-mail/);
  }
});

test.run();
