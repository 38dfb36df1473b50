import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { emailProblem, isEmailIssue, joinWaitlistBody } from '../../web/src/features/waitlist/joinWaitlist';
import { offerTokenOf } from '../../web/src/features/waitlist/offerLink';
import { endTime } from '../../web/src/features/waitlist/sessionLines';
import type { WaitlistEntry } from '../../web/src/features/waitlist/types';
import { inLineOrder, isRemovable, minutesOf } from '../../web/src/features/waitlist/waitlistEntries';
import { waitlistJoinBody } from '../../api/waitlist/schemas';
import { waitlistResources } from '../../web/src/i18n/waitlistTexts';

/** Issue 20 item 6: the waitlist's pure parts in the web (the offer link, the join form's body, the staff's list). */
const test = suite('web/waitlist');

test("an offer e-mail's link: the token of #offer=, alone or among other parts of the hash", () => {
  assert.is(offerTokenOf('#offer=abc_DEF-123'), 'abc_DEF-123');
  assert.is(offerTokenOf('offer=abc'), 'abc', 'without the # too');
  assert.is(offerTokenOf('#x=1&offer=tok&y=2'), 'tok');
  assert.is(offerTokenOf('#offer=a%2Bb'), 'a+b', 'decoded');
});

test('no offer: an empty, other, malformed or oversized hash', () => {
  assert.is(offerTokenOf(''), null);
  assert.is(offerTokenOf('#'), null);
  assert.is(offerTokenOf('#offer='), null);
  assert.is(offerTokenOf('#top'), null);
  assert.is(offerTokenOf('#notoffer=abc'), null);
  assert.is(offerTokenOf('#offer=%E0%A4%A'), null, 'a broken escape');
  assert.is(offerTokenOf('#offer=a%20b'), null, 'a space');
  assert.is(offerTokenOf(`#offer=${'x'.repeat(101)}`), null, 'longer than the API takes');
  assert.is(offerTokenOf(`#offer=${'x'.repeat(100)}`), 'x'.repeat(100));
});

test("the join form's e-mail: required, then of the form name@host.tld", () => {
  assert.is(emailProblem(''), 'required');
  assert.is(emailProblem('   '), 'required');
  assert.is(emailProblem('someone'), 'email');
  assert.is(emailProblem('someone@host'), 'email');
  assert.is(emailProblem(`${'a'.repeat(176)}@b.ca`), 'email', 'over 180 characters');
  assert.is(emailProblem(' someone@example.ca '), null);
});

test('joining a course: its series and the spots wanted, the address trimmed, the bot check when on', () => {
  const body = joinWaitlistBody({
    serviceId: 3,
    calendarId: 5,
    target: { seriesId: 8 },
    spots: 2,
    email: ' a@b.ca ',
    language: 'fr',
    botCheck: 'solved',
  });
  assert.equal(body, {
    serviceId: 3,
    calendarId: 5,
    email: 'a@b.ca',
    language: 'fr',
    botCheck: 'solved',
    seriesId: 8,
    spots: 2,
  });
  assert.ok(waitlistJoinBody.safeParse(body).success, "the API's schema takes it");
});

test('joining a date: the date and the length wanted, one spot, no bot check when it is off', () => {
  const body = joinWaitlistBody({
    serviceId: 3,
    calendarId: 5,
    target: { date: '2026-12-03', duration: 900 },
    spots: 4,
    email: 'a@b.ca',
    language: 'en',
    botCheck: null,
  });
  assert.equal(body, {
    serviceId: 3,
    calendarId: 5,
    email: 'a@b.ca',
    language: 'en',
    date: '2026-12-03',
    duration: 900,
    spots: 1,
  });
  assert.ok(waitlistJoinBody.safeParse(body).success, "the API's schema takes it");
});

test("a refusal's issue on the e-mail marks the field; others do not", () => {
  assert.ok(isEmailIssue({ path: ['email'] }));
  assert.not.ok(isEmailIssue({ path: ['seriesId'] }));
  assert.not.ok(isEmailIssue({ path: [] }));
});

test("a course date's end: its start plus its length, within the day", () => {
  assert.is(endTime('18:00:00', 7200), '20:00:00');
  assert.is(endTime('09:15:00', 2700), '10:00:00');
  assert.is(endTime('23:00:00', 7200), '23:59:59');
});

const entry = (changes: Partial<WaitlistEntry>): WaitlistEntry => ({
  entryId: 'e',
  position: null,
  email: 'a@b.ca',
  language: 'en',
  spots: 1,
  duration: null,
  status: 'waiting',
  joinedAt: '2026-11-01T12:00:00.000Z',
  offerExpiresAt: null,
  appointmentId: null,
  ...changes,
});

test("the staff's list: those in line by their place, then the others by when they joined", () => {
  const entries = [
    entry({ entryId: 'booked', status: 'booked', joinedAt: '2026-11-01T09:00:00.000Z' }),
    entry({ entryId: 'second', position: 2 }),
    entry({ entryId: 'lapsed', status: 'lapsed', joinedAt: '2026-11-01T08:00:00.000Z' }),
    entry({ entryId: 'first', position: 1, status: 'offered' }),
  ];
  assert.equal(
    inLineOrder(entries).map((shown) => shown.entryId),
    ['first', 'second', 'lapsed', 'booked'],
  );
  assert.is(entries[0]!.entryId, 'booked', 'the list given is left as it was');
});

test('only those still in line (waiting or offered) may be removed', () => {
  assert.equal(
    (['waiting', 'offered', 'booked', 'lapsed', 'left'] as const).map((status) => isRemovable(entry({ status }))),
    [true, true, false, false, false],
  );
});

test('a length in seconds shows in whole minutes', () => {
  assert.is(minutesOf(900), 15);
  assert.is(minutesOf(5400), 90);
  assert.is(minutesOf(90), 2);
});

type Texts = { [key: string]: string | Texts };
const flatten = (texts: Texts, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );

test("the waitlist's texts: the same keys in both languages, a count only in plural forms", () => {
  const en = flatten(waitlistResources.en as unknown as Texts);
  const fr = flatten(waitlistResources.fr as unknown as Texts);
  assert.equal(
    fr.map(([key]) => key),
    en.map(([key]) => key),
  );
  for (const [key, text] of [...en, ...fr]) {
    if (text.includes('{{count}}')) assert.match(key, /_(one|other)$/, `${key}: "${text}"`);
    assert.ok(text.trim() !== '', `${key} is empty`);
  }
});

test.run();
