import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { searchQueryString } from '../../web/src/features/appointment-search/appointmentSearchApi';
import { pageWindow } from '../../web/src/features/appointment-search/pageWindow';
import { filtersFrom } from '../../web/src/features/appointment-search/searchParams';

const test = suite('web/appointment-search');

test('§9 pagination: first, last, two pages either side, gaps', () => {
  assert.equal(pageWindow(1, 0), []);
  assert.equal(pageWindow(1, 1), [1]);
  assert.equal(pageWindow(1, 4), [1, 2, 3, 4]);
  assert.equal(pageWindow(1, 10), [1, 2, 3, 'gap-after', 10]);
  assert.equal(pageWindow(6, 12), [1, 'gap-before', 4, 5, 6, 7, 8, 'gap-after', 12]);
  assert.equal(pageWindow(4, 7), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(pageWindow(10, 10), [1, 'gap-before', 8, 9, 10]);
});

test('the filters read from the address: defaults for anything missing or malformed', () => {
  const today = '2026-11-24';
  assert.equal(filtersFrom(new URLSearchParams(''), today), {
    officeRegion: undefined,
    query: undefined,
    dateFrom: today,
    dateTo: undefined,
    calendarId: undefined,
    pageSize: 50,
    page: 1,
    sort: { field: 'date', direction: 'asc' },
  });
  const read = filtersFrom(
    new URLSearchParams(
      'officeRegion=Rockland&query=ada&dateFrom=2026-12-01&dateTo=2026-02-30&calendarId=7&pageSize=25&page=3&sort=calendar&direction=desc',
    ),
    today,
  );
  assert.equal(read, {
    officeRegion: 'Rockland',
    query: 'ada',
    dateFrom: '2026-12-01',
    dateTo: undefined,
    calendarId: 7,
    pageSize: 25,
    page: 3,
    sort: { field: 'calendar', direction: 'desc' },
  });
  const odd = filtersFrom(new URLSearchParams('officeRegion=Atlantis&pageSize=30&page=-1&sort=name'), today);
  assert.equal([odd.officeRegion, odd.pageSize, odd.page, odd.sort.field], [undefined, 50, 1, 'date']);
});

test('the query string sent: empty filters left out, the sort as JSON', () => {
  const sent = new URLSearchParams(
    searchQueryString({
      query: '  ada ',
      dateFrom: '2026-11-24',
      pageSize: 50,
      page: 1,
      sort: { field: 'time', direction: 'desc' },
    }),
  );
  assert.equal(Object.fromEntries(sent), {
    dateFrom: '2026-11-24',
    pageSize: '50',
    page: '1',
    sortBy: '{"field":"time","direction":"desc"}',
    query: 'ada',
  });
});

test.run();
