import i18next, { type TFunction } from 'i18next';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AGE_CHOICES_MONTHS, ageChoices, ageLabel } from '../../web/src/features/report/ageChoices';
import { reportQueryString } from '../../web/src/features/report/reportApi';
import { reportProblems } from '../../web/src/features/report/reportForm';
import { defaultFilters, filtersOf } from '../../web/src/features/report/reportParams';
import { adminResources } from '../../web/src/i18n/adminTexts';

/** The report screen's pure parts: §9 ages and their labels, defaults, the address, the §5 checks. */
const test = suite('web/report');

function translator(language: 'en' | 'fr'): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [language]: { translation: adminResources[language] } },
    lng: language,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

test('§9 age choices: months under two years, years from then on, in both languages', () => {
  const labels = (language: 'en' | 'fr') => AGE_CHOICES_MONTHS.map((months) => ageLabel(translator(language), months));
  assert.equal(labels('en'), [
    '2 months',
    '4 months',
    '6 months',
    '12 months',
    '15 months',
    '18 months',
    '2 years',
    '4 years',
    '6 years',
    '14 years',
    '16 years',
    '24 years',
    '65 years',
  ]);
  assert.equal(labels('fr'), [
    '2 mois',
    '4 mois',
    '6 mois',
    '12 mois',
    '15 mois',
    '18 mois',
    '2 ans',
    '4 ans',
    '6 ans',
    '14 ans',
    '16 ans',
    '24 ans',
    '65 ans',
  ]);
  assert.equal(
    ageChoices(translator('en'), 30)
      .map((choice) => choice.label)
      .slice(6, 8),
    ['2 years', '30 months'],
    'a bound from the address that is not a choice is offered in its place',
  );
});

test('defaults: this month, 2 to 780 months, no calendar', () => {
  assert.equal(defaultFilters('2027-02-14'), {
    calendarIds: [],
    startDate: '2027-02-01',
    endDate: '2027-02-28',
    minAgeMonths: 2,
    maxAgeMonths: 780,
  });
});

test('the address: a report is asked for with calendars and both dates; ages default; nonsense is no report', () => {
  const filters = {
    calendarIds: [3, 7],
    startDate: '2026-12-15',
    endDate: '2026-12-01',
    minAgeMonths: 4,
    maxAgeMonths: 24,
  };
  assert.equal(filtersOf(new URLSearchParams(reportQueryString(filters))), filters, 'start after end kept as asked');
  assert.equal(filtersOf(new URLSearchParams('calendarIds=3,x,0,7&startDate=2026-12-01&endDate=2026-12-15')), {
    calendarIds: [3, 7],
    startDate: '2026-12-01',
    endDate: '2026-12-15',
    minAgeMonths: 2,
    maxAgeMonths: 780,
  });
  assert.is(filtersOf(new URLSearchParams('')), null);
  assert.is(filtersOf(new URLSearchParams('calendarIds=3&startDate=2026-02-30&endDate=2026-12-15')), null);
  assert.is(
    filtersOf(
      new URLSearchParams('calendarIds=3&startDate=2026-12-01&endDate=2026-12-15&minAgeMonths=24&maxAgeMonths=12'),
    ),
    null,
  );
  assert.is(
    reportQueryString(filters),
    'calendarIds=3%2C7&startDate=2026-12-15&endDate=2026-12-01&minAgeMonths=4&maxAgeMonths=24',
  );
});

test('§5 checks: calendars and dates required, minimum not above maximum, start after end fine', () => {
  const filters = {
    calendarIds: [1],
    startDate: '2026-12-15',
    endDate: '2026-12-01',
    minAgeMonths: 2,
    maxAgeMonths: 2,
  };
  assert.equal(reportProblems(filters), {});
  assert.equal(reportProblems({ ...filters, calendarIds: [], startDate: '', endDate: 'x', minAgeMonths: 4 }), {
    calendarIds: 'calendarsRequired',
    startDate: 'dateRequired',
    endDate: 'dateRequired',
    minAgeMonths: 'ageRange',
  });
});

test.run();
