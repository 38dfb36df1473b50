import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { problemsFromIssues, validateExport } from '../../web/src/features/data-exports/exportForm';

/** The Data Exporter's form rules (§5 "Data export: start and end dates required") and the server's refusals on their field. */
const test = suite('web: data export form');

test('both dates are required, as dates', () => {
  assert.equal(validateExport({ startDate: '', endDate: '' }), {
    startDate: 'dataExports.dateRequired',
    endDate: 'dataExports.dateRequired',
  });
  assert.equal(validateExport({ startDate: '2026-02-30', endDate: '2026-03-01' }), {
    startDate: 'dataExports.dateInvalid',
  });
});

test('the end is not before the start, and at most a year after it', () => {
  assert.equal(validateExport({ startDate: '2026-12-01', endDate: '2026-11-30' }), {
    endDate: 'dataExports.rangeReversed',
  });
  assert.equal(validateExport({ startDate: '2026-01-01', endDate: '2027-01-02' }), {
    endDate: 'dataExports.rangeTooLong',
  });
  assert.equal(validateExport({ startDate: '2026-01-01', endDate: '2027-01-01' }), {});
  assert.equal(validateExport({ startDate: '2026-11-25', endDate: '2026-11-25' }), {});
});

test('a refusal of the server lands on the field it names; another is left to the callout', () => {
  const issue = (path: string) => [{ path: [path], message: 'refused' }];
  assert.equal(problemsFromIssues('EXPORT_RANGE_REVERSED', issue('endDate')), { endDate: 'dataExports.rangeReversed' });
  assert.equal(problemsFromIssues('VALIDATION_FAILED', issue('startDate')), { startDate: 'dataExports.dateInvalid' });
  assert.equal(problemsFromIssues('INTERNAL_ERROR', []), {});
});

test.run();
