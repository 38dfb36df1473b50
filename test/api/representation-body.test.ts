import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { acceptingReadOnlyFields, readOnlyFields } from '../../api/representation-body';

/** Issue 14, item 5: a PUT takes back what its GET answered; the read-only fields come from the response schema. */
const lane = z.strictObject({ id: z.number().nullable().default(null), name: z.string().min(1) });
const body = z
  .strictObject({
    name: z.string().trim().min(1),
    size: z.number().default(1),
    lanes: z.array(lane).min(1).max(2).optional().describe('the lanes'),
  })
  .superRefine((value, context) => {
    if (value.name === 'forbidden') context.addIssue({ code: 'custom', path: ['name'], message: 'not this name' });
  });
const response = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  lanes: z.array(z.object({ id: z.number(), name: z.string(), timeslots: z.array(z.string()).optional() })).optional(),
  createdAt: z.string(),
});
const put = acceptingReadOnlyFields(body, response);

test('the read-only fields are those the response has and the body does not take', () => {
  assert.equal(readOnlyFields(body, response), ['id', 'createdAt']);
});

test('the representation is accepted; its read-only fields, nested ones too, are dropped whatever their value', () => {
  const answered = {
    id: 7,
    name: ' Clinic ',
    size: 2,
    lanes: [{ id: 3, name: 'Nurse', timeslots: ['09:00:00'] }],
    createdAt: '2026-11-24T00:00:00.000Z',
  };
  assert.equal(put.parse(answered), { name: 'Clinic', size: 2, lanes: [{ id: 3, name: 'Nurse' }] });
  assert.equal(
    put.parse({ name: 'Clinic', id: 'not even a number', createdAt: null }),
    { name: 'Clinic', size: 1 },
    'ignored, not validated; defaults still apply',
  );
});

test('a field of no representation is still refused, at its place; the body’s own rules still hold', () => {
  const unknown = put.safeParse({ name: 'Clinic', colour: 'red' });
  assert.equal(
    unknown.error?.issues.map((issue) => [issue.code, issue.path]),
    [['unrecognized_keys', []]],
  );
  const nested = put.safeParse({ name: 'Clinic', lanes: [{ name: 'Nurse', colour: 'red' }] });
  assert.equal(
    nested.error?.issues.map((issue) => [issue.code, issue.path]),
    [['unrecognized_keys', ['lanes', 0]]],
  );
  assert.equal(
    put.safeParse({ name: 'Clinic', lanes: [] }).error?.issues[0]?.path,
    ['lanes'],
    'the list keeps its bounds',
  );
  assert.equal(put.safeParse({ name: 'forbidden' }).error?.issues[0]?.message, 'not this name', 'refinements kept');
});

test('the OpenAPI input schema names the read-only fields as such and keeps descriptions', () => {
  const schema = z.toJSONSchema(put, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, Record<string, unknown>>;
    additionalProperties: boolean;
  };
  assert.is(schema.properties.id?.readOnly, true);
  assert.is(schema.properties.lanes?.description, 'the lanes');
  assert.is(schema.additionalProperties, false);
});

test.run();
