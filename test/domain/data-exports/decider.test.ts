import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { GenerateDataExport } from '../../../domain/data-exports/commands';
import { assertExportRange, dataExportStream, latestExportEnd } from '../../../domain/data-exports/data-export';
import { dataExportDecider } from '../../../domain/data-exports/decider';
import type { DataExportGenerated } from '../../../domain/data-exports/events';
import { DomainError } from '../../../domain/shared/decider';
import { scenario } from '../../support/given-when-then';

const test = suite('domain: data exports');
const exportId = '0f9d6a52-3c1e-4a8b-9d61-2b7c1e5f8a10';
const at = '2026-11-25T15:00:00.000Z';
const files = [
  { name: 'appointments.csv', rows: 12 },
  { name: 'README.txt', rows: 0 },
];

const generate = (startDate: string, endDate: string): GenerateDataExport => ({
  type: 'GenerateDataExport',
  data: { exportId, startDate, endDate, at, files },
});
const generated = (startDate: string, endDate: string): DataExportGenerated => ({
  type: 'DataExportGenerated',
  data: { exportId, startDate, endDate, at, files },
});
const { given } = scenario(dataExportDecider);

test('an export of a range is recorded with its files and rows', () => {
  given().when(generate('2026-01-01', '2026-12-31')).then(generated('2026-01-01', '2026-12-31'));
});

test('a range of one day, and one of exactly a year from its start, are exports', () => {
  given().when(generate('2026-11-25', '2026-11-25')).then(generated('2026-11-25', '2026-11-25'));
  given().when(generate('2026-01-01', '2027-01-01')).then(generated('2026-01-01', '2027-01-01'));
  assert.is(latestExportEnd('2028-02-29'), '2029-02-28', 'a year after a leap day is the last day of February');
});

test('an end date before the start date is refused, naming endDate', () => {
  given().when(generate('2026-12-31', '2026-01-01')).thenRefused('EXPORT_RANGE_REVERSED');
  try {
    assertExportRange('2026-12-31', '2026-01-01');
    assert.unreachable('refused');
  } catch (error) {
    assert.instance(error, DomainError);
    assert.equal((error as DomainError).details.issues, [
      { path: ['endDate'], message: 'The end date is not before the start date.', code: 'EXPORT_RANGE_REVERSED' },
    ]);
  }
});

test('a range longer than a year from its start is refused', () => {
  given().when(generate('2026-01-01', '2027-01-02')).thenRefused('EXPORT_RANGE_TOO_LONG');
});

test('an export is recorded once on its own stream', () => {
  given(generated('2026-01-01', '2026-01-31'))
    .when(generate('2026-01-01', '2026-01-31'))
    .thenRefused('DATA_EXPORT_ALREADY_EXISTS');
  assert.is(dataExportStream(exportId), `dataExport-${exportId}`);
});

test.run();
