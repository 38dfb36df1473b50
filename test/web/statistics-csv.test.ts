import i18next, { type TFunction } from 'i18next';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StatisticsResponse } from '../../api/statistics/schemas';
import { csvValue, toCsv } from '../../web/src/features/statistics/csv';
import { MAX_STATISTICS_DAYS } from '../../api/statistics/routes';
import { filtersFrom, isTooLong, MAX_DAYS } from '../../web/src/features/statistics/statisticsParams';
import { cellText } from '../../web/src/features/statistics/statisticsFormat';
import {
  attendanceTable,
  bookingsPerDayTable,
  courseFillTable,
  leadTimeTable,
  utilisationTable,
} from '../../web/src/features/statistics/statisticsTables';
import { adminResources } from '../../web/src/i18n/adminTexts';

/** Issue 17 item 4: each chart's data as a table, and that table as the CSV its Download CSV button saves. */
const test = suite('web/statistics: tables and CSV');

const BOM = '\uFEFF';

async function translator(language: 'en' | 'fr'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en: { translation: adminResources.en }, fr: { translation: adminResources.fr } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const perDay: StatisticsResponse['bookingsPerDay'] = [
  { date: '2026-11-02', bookings: 3, moves: 1, cancellations: 0 },
  { date: '2026-11-03', bookings: 0, moves: 0, cancellations: 2 },
];

test('a table as CSV: a UTF-8 byte-order mark, headers in the language, CRLF lines, raw values', async () => {
  assert.is(
    toCsv(bookingsPerDayTable(await translator('en'), perDay)),
    `${BOM}Date,Bookings,Moves,Cancellations\r\n2026-11-02,3,1,0\r\n2026-11-03,0,0,2\r\n`,
  );
  assert.is(
    toCsv(bookingsPerDayTable(await translator('fr'), perDay)),
    `${BOM}Date,Réservations,Déplacements,Annulations\r\n2026-11-02,3,1,0\r\n2026-11-03,0,0,2\r\n`,
  );
});

test('rates are percentages with one decimal and a point, the header says so; no rate is an empty cell', async () => {
  const table = utilisationTable(await translator('fr'), [
    { date: '2026-11-02', totalSlots: 3, bookedSlots: 1, utilisation: 1 / 3 },
    { date: '2026-11-03', totalSlots: 0, bookedSlots: 0, utilisation: null },
  ]);
  assert.is(
    toCsv(table),
    `${BOM}Date,Plages au total,Plages réservées,Taux d’occupation (%)\r\n2026-11-02,3,1,33.3\r\n2026-11-03,0,0,\r\n`,
  );
  const attendance = attendanceTable(await translator('en'), {
    appointments: 4,
    recorded: 3,
    arrived: 2,
    noShows: 1,
    arrivalRate: 2 / 3,
    noShowRate: 1 / 3,
  });
  assert.is(
    toCsv(attendance),
    `${BOM}Past appointments,Attendance recorded,Arrived,No-shows,Arrival rate (%),No-show rate (%)\r\n4,3,2,1,66.7,33.3\r\n`,
  );
});

test('text with commas, quotes or line breaks is quoted; text that looks like a formula is defused', async () => {
  const table = courseFillTable(await translator('en'), [
    {
      seriesId: 1,
      calendarId: 2,
      calendarName: 'Prenatal, "evening"',
      firstDate: '2026-11-10',
      capacity: 10,
      registered: 5,
      fillRate: 0.5,
    },
    {
      seriesId: 2,
      calendarId: 3,
      calendarName: '=HYPERLINK("x")',
      firstDate: null,
      capacity: 0,
      registered: 0,
      fillRate: null,
    },
  ]);
  assert.is(
    toCsv(table),
    `${BOM}Calendar,First session,Spots,Registered,Fill rate (%)\r\n"Prenatal, ""evening""",2026-11-10,10,5,50\r\n"'=HYPERLINK(""x"")",,0,0,\r\n`,
  );
  assert.is(csvValue('text', 'line\nbreak'), 'line\nbreak');
  assert.is(
    toCsv({ columns: [{ label: 'A', kind: 'text' }], rows: [['line\nbreak']] }),
    `${BOM}A\r\n"line\nbreak"\r\n`,
  );
});

test('lead time: every band in order, named in the language, missing bands count 0', async () => {
  const data: StatisticsResponse['leadTime'] = [
    { band: '30+', bookings: 2 },
    { band: '0', bookings: 1 },
  ];
  assert.equal(leadTimeTable(await translator('en'), data).rows, [
    ['Same day', 1],
    ['1 day', 0],
    ['2 to 6 days', 0],
    ['7 to 13 days', 0],
    ['14 to 29 days', 0],
    ['30 days or more', 2],
  ]);
  assert.is(
    toCsv(leadTimeTable(await translator('fr'), data)).split('\r\n')[0],
    `${BOM}Jours entre la réservation et le rendez-vous,Réservations`,
  );
});

test('on screen: numbers and rates in the language (French spaces and "%"), dates as the other lists show them', () => {
  assert.is(cellText('en', 'count', 1234), '1,234');
  assert.is(cellText('fr', 'count', 1234), '1\u00a0234');
  assert.is(cellText('en', 'percent', 0.455), '45.5%');
  assert.is(cellText('fr', 'percent', 0.455), '45,5\u00a0%');
  assert.is(cellText('fr', 'percent', null), '—');
  assert.is(cellText('en', 'date', '2026-11-02'), 'Mon, Nov 2, 2026');
  assert.is(cellText('fr', 'date', '2026-11-02'), 'lun. 2 nov. 2026');
});

test('the filters from the address: the last 30 days up to today by default, a backwards period turned round', () => {
  const today = '2026-11-24';
  assert.equal(filtersFrom(new URLSearchParams(''), today), { startDate: '2026-10-26', endDate: today });
  assert.equal(
    filtersFrom(new URLSearchParams('startDate=2026-11-30&endDate=2026-11-01&region=Cornwall&categoryId=4'), today),
    { startDate: '2026-11-01', endDate: '2026-11-30', region: 'Cornwall', categoryId: 4 },
  );
  assert.equal(filtersFrom(new URLSearchParams('startDate=yesterday&region=Nowhere&categoryId=-1'), today), {
    startDate: '2026-10-26',
    endDate: today,
  });
});

test('the screen asks for no period longer than the API answers for', () => {
  assert.is(MAX_DAYS, MAX_STATISTICS_DAYS);
  assert.is(isTooLong({ startDate: '2027-01-01', endDate: '2027-12-31' }), false);
  assert.is(isTooLong({ startDate: '2028-01-01', endDate: '2028-12-31' }), false, 'a leap year');
  assert.is(isTooLong({ startDate: '2027-01-01', endDate: '2028-01-01' }), false);
  assert.is(isTooLong({ startDate: '2027-01-01', endDate: '2028-01-02' }), true);
});

test.run();
