import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { calendarFile, escapeText, foldLine } from '../../../commands/confirmation-mails/ics';
import { offsetChanges, vtimezoneLines } from '../../../commands/confirmation-mails/vtimezone';

const test = suite('confirmation mails: the .ics attachment');

const entry = {
  uid: 'appointment-42@healthunit.example',
  date: '2026-11-25',
  startTime: '09:00:00',
  endTime: '09:15:00',
  summary: 'Cornwall Immunization Clinic',
  location: 'Cornwall Office, 1000 Pitt Street, Cornwall K6J 5T1',
  description: 'Confirmation code: ABCDE23456',
};

/** Unfolded lines (RFC 5545 §3.1). */
const unfold = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

test('one VEVENT with TZID wall-clock times, the zone, escaped texts, CRLF lines', () => {
  const file = calendarFile({
    timeZone: 'America/Toronto',
    stamp: new Date('2026-11-22T15:00:00.123Z'),
    entries: [entry],
  });
  assert.ok(file.endsWith('END:VCALENDAR\r\n'));
  assert.not.match(file.replace(/\r\n/g, ''), '\n', 'every line ends with CRLF');
  const lines = unfold(file);
  for (const expected of [
    'METHOD:PUBLISH',
    'UID:appointment-42@healthunit.example',
    'DTSTAMP:20261122T150000Z',
    'DTSTART;TZID=America/Toronto:20261125T090000',
    'DTEND;TZID=America/Toronto:20261125T091500',
    'SUMMARY:Cornwall Immunization Clinic',
    'LOCATION:Cornwall Office\\, 1000 Pitt Street\\, Cornwall K6J 5T1',
    'DESCRIPTION:Confirmation code: ABCDE23456',
    'TZID:America/Toronto',
  ]) {
    assert.ok(lines.includes(expected), expected);
  }
  assert.is(lines.filter((line) => line === 'BEGIN:VEVENT').length, 1);
  assert.ok(
    lines.indexOf('END:VTIMEZONE') < lines.indexOf('BEGIN:VEVENT'),
    'the zone comes before the events that use it',
  );
});

test("Toronto's VTIMEZONE: 02:00 both ways, -0500 in winter, -0400 in summer", () => {
  const lines = vtimezoneLines('America/Toronto', 2026, 2026);
  const text = lines.join('\n');
  // The 2025 fall-back sets the offset in force on 2026-01-01; 2026 springs forward on March 8 and falls back on November 1.
  assert.match(
    text,
    'BEGIN:STANDARD\nDTSTART:20251102T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nTZNAME:EST\nEND:STANDARD',
  );
  assert.match(
    text,
    'BEGIN:DAYLIGHT\nDTSTART:20260308T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400\nTZNAME:EDT\nEND:DAYLIGHT',
  );
  assert.match(
    text,
    'BEGIN:STANDARD\nDTSTART:20261101T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nTZNAME:EST\nEND:STANDARD',
  );
});

test('offset changes are found to the minute, elsewhere too', () => {
  const [spring, fall] = offsetChanges('Europe/Paris', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
  assert.equal([new Date(spring!.at).toISOString(), spring!.from, spring!.to], ['2026-03-29T01:00:00.000Z', 60, 120]);
  assert.equal([new Date(fall!.at).toISOString(), fall!.from, fall!.to], ['2026-10-25T01:00:00.000Z', 120, 60]);
  const adelaide = offsetChanges('Australia/Adelaide', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
  assert.equal(
    adelaide.map((change) => [change.from, change.to]),
    [
      [630, 570],
      [570, 630],
    ],
    'half-hour offsets, southern summer',
  );
});

test('a zone without daylight time has one STANDARD observance', () => {
  const text = vtimezoneLines('America/Regina', 2026, 2026).join('\n');
  assert.match(text, 'BEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:-0600\nTZOFFSETTO:-0600');
  assert.not.match(text, 'DAYLIGHT');
});

test('escaping and folding: backslash, semicolon, comma, newline; 75 octets, never inside a character', () => {
  assert.is(escapeText('a\\b;c,d\ne'), 'a\\\\b\\;c\\,d\\ne');
  const long = `DESCRIPTION:${'é'.repeat(60)}`;
  const folded = foldLine(long);
  for (const line of folded.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line);
  assert.is(folded.replace(/\r\n /g, ''), long);
  assert.not.match(folded, '\uFFFD');
});

test('a group session: one VEVENT per date, the zone covering every year', () => {
  const dates = ['2026-12-30', '2027-01-06'];
  const file = calendarFile({
    timeZone: 'America/Toronto',
    stamp: new Date('2026-11-22T15:00:00Z'),
    entries: dates.map((date) => ({
      ...entry,
      uid: `appointment-42-${date}@x`,
      date,
      startTime: '18:00:00',
      endTime: '20:00:00',
    })),
  });
  const lines = unfold(file);
  assert.is(lines.filter((line) => line === 'BEGIN:VEVENT').length, 2);
  assert.ok(lines.includes('DTSTART;TZID=America/Toronto:20270106T180000'));
  assert.ok(lines.includes('DTSTART:20271107T020000'), 'the 2027 changes are in the zone');
});

test.run();
