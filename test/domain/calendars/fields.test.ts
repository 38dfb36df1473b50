import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codesOf, fieldProblem, normaliseFields, selfBookingFields } from '../../../domain/calendars/fields';

const test = suite('calendars: field settings (§5 Field settings)');

test('first and last name cannot be turned off or made optional', () => {
  assert.equal(
    normaliseFields([]).map((field) => [field.name, field.required]),
    [
      ['firstName', true],
      ['lastName', true],
    ],
  );
  assert.equal(
    normaliseFields([{ name: 'firstName', required: false }]).find((field) => field.name === 'firstName')?.required,
    true,
  );
});

test('staff-only fields never reach the self-booking page', () => {
  const fields = normaliseFields([
    { name: 'dateOfBirth', required: true },
    { name: 'dose', required: false },
    { name: 'room', required: false },
    { name: 'codes', required: false, category: 'TB' },
  ]);
  assert.equal(
    selfBookingFields(fields).map((field) => field.name),
    ['firstName', 'lastName', 'dateOfBirth'],
  );
});

test('a named code group brings its own codes; All keeps the known codes picked', () => {
  const [, , tb] = normaliseFields([{ name: 'codes', required: false, category: 'TB', options: ['C19'] }]);
  assert.equal(tb?.options, codesOf('TB'));
  const [, , all] = normaliseFields([
    { name: 'codes', required: false, category: 'All', options: ['C19', 'NOPE', '7SBP'] },
  ]);
  assert.equal(all?.options, ['7SBP', 'C19']);
});

test('with category All at least one code must be chosen', () => {
  assert.is(
    fieldProblem(normaliseFields([{ name: 'codes', required: false, category: 'All', options: [] }]))?.details.field,
    'fields.codes',
  );
  assert.is(
    fieldProblem(normaliseFields([{ name: 'codes', required: false, category: 'All', options: ['CC'] }])),
    null,
  );
});

test.run();
