import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { positionalRows } from '../../projections/shared/positional-rows';
import { createTestDatabase, type TestDatabase } from '../support/database';

/** Rows a projection writes as one JSON document of arrays come back from PostgreSQL typed, nulls as nulls. */
const test = suite('projections: positional rows');

interface Row {
  id: number;
  serial: string;
  position: string;
  name: string | null;
  day: string;
  starts: string;
  at: string;
  arrived: boolean;
  event: string;
  details: unknown;
  tags: string[] | null;
}

const rows = positionalRows<Row>({
  id: 'integer',
  serial: 'bigint',
  position: 'numeric',
  name: 'text',
  day: 'date',
  starts: 'time',
  at: 'timestamptz',
  arrived: 'boolean',
  event: 'uuid',
  details: 'jsonb',
  tags: 'text[]',
});

const context = { database: undefined as unknown as TestDatabase };
test.before(async () => {
  context.database = await createTestDatabase({ migrate: false });
});
test.after(async () => {
  await context.database.drop();
});

const read = async (written: Row[]) =>
  (
    await context.database.pool.query(
      `select id, serial::text, position::text, name, day::text, starts::text, at, arrived, event::text, details, tags,
              details is null as details_is_null
         from (${rows.source.replace('?', '$1')}) as r order by id`,
      [rows.parameter(written)],
    )
  ).rows;

test('every column type comes back as written, under the row key as its name', async () => {
  const [row] = await read([
    {
      id: 7,
      serial: '9007199254740993',
      position: '123456789012345678901',
      name: 'Zoë "Z" O\'Neil \\ 🙂',
      day: '2027-01-04',
      starts: '09:15',
      at: '2027-01-04T14:30:00.123Z',
      arrived: true,
      event: '0b6f2d3e-1c1a-4f5e-9a3b-2f4c5d6e7f80',
      details: { clientData: [{ firstName: 'Zoë' }], notes: null },
      tags: ['0-4', '65+', 'a "quoted", tag'],
    },
  ]);
  assert.equal(row, {
    id: 7,
    serial: '9007199254740993',
    position: '123456789012345678901',
    name: 'Zoë "Z" O\'Neil \\ 🙂',
    day: '2027-01-04',
    starts: '09:15:00',
    at: new Date('2027-01-04T14:30:00.123Z'),
    arrived: true,
    event: '0b6f2d3e-1c1a-4f5e-9a3b-2f4c5d6e7f80',
    details: { clientData: [{ firstName: 'Zoë' }], notes: null },
    tags: ['0-4', '65+', 'a "quoted", tag'],
    details_is_null: false,
  });
});

test('a null (or a key left undefined) is an SQL null in every type, jsonb and arrays included; an empty array stays empty', async () => {
  const nullRow = {
    id: 1,
    serial: null,
    position: null,
    name: null,
    day: null,
    starts: null,
    at: null,
    arrived: null,
    event: null,
    details: null,
    tags: null,
  };
  const [nulls, empty] = await read([
    { ...nullRow, name: undefined } as unknown as Row,
    {
      id: 2,
      serial: '1',
      position: '0',
      name: '',
      day: '2027-01-04',
      starts: '00:00',
      at: '2027-01-04T00:00:00Z',
      arrived: false,
      event: '0b6f2d3e-1c1a-4f5e-9a3b-2f4c5d6e7f81',
      details: [],
      tags: [],
    },
  ]);
  assert.equal(nulls, { ...nullRow, details_is_null: true });
  assert.equal([empty!.name, empty!.arrived, empty!.details, empty!.tags], ['', false, [], []]);
});

test('no rows read as no rows', async () => {
  assert.equal(await read([]), []);
});

test.run();
