// TEMPORARY experiment, deleted after use.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { connectDatabase } from '../../commands/infrastructure/database';
import { migrateToLatest } from '../../migrations/index';
import { newEvent } from '../support/events';

const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
const name = `scratch_${Date.now()}`;
await admin.query(`create database ${name}`);
const url = new URL(process.env.DATABASE_URL!); url.pathname = `/${name}`;
const db = connectDatabase(url.toString(), { poolSize: 24 });
await migrateToLatest(db.knex);
await db.pool.query('create table bare (id bigserial primary key, data jsonb)');
const store = new PostgresEventStore(db.pool, db.url);

async function run(label: string, writers: number, op: (w: number, rev: number) => Promise<void>) {
  const end = performance.now() + 3000;
  let n = 0;
  await Promise.all(Array.from({ length: writers }, async (_, w) => { let rev = 0; while (performance.now() < end) { await op(w, rev++); n++; } }));
  console.log(label.padEnd(40), Math.round(n / 3));
}
let round = 0;
for (const writers of [1, 16]) {
  round++;
  const pre = `r${round}`;
  await Promise.all(Array.from({ length: writers }, (_, w) => store.append(`a${pre}-${w}`, 'no_stream', [newEvent('X')])));
  await run(`store.append (notify) x${writers}`, writers, async (w, rev) => { await store.append(`a${pre}-${w}`, rev, [newEvent('X')]); });
  await db.pool.query(`insert into es_streams select 'b${pre}-' || g, 0 from generate_series(0, ${writers - 1}) g`); 
  await run(`same txn, no notify x${writers}`, writers, async (w, rev) => {
    const c = await db.pool.connect();
    try {
      const e = newEvent('X');
      await c.query('begin');
      const r = await c.query({ name: 'u', text: 'update es_streams set revision = revision + 1 where stream_id = $1 and revision = $2 returning revision', values: [`b${pre}-${w}`, rev] });
      if (!r.rows[0]) throw new Error('conflict');
      await c.query({ name: 'i', text: `insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata) select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[]) returning global_position, tx_id`,
        values: [[`b${pre}-${w}`], [rev + 1], [e.eventId], ['X'], [1], [JSON.stringify(e.data)], [JSON.stringify(e.metadata)]] });
      await c.query('commit');
    } finally { c.release(); }
  });
  await run(`bare one-row insert x${writers}`, writers, async () => { await db.pool.query({ name: 'b', text: 'insert into bare (data) values ($1)', values: [JSON.stringify({ id: randomUUID() })] }); });
  await run(`bare insert + pg_notify x${writers}`, writers, async () => { await db.pool.query({ name: 'bn2', text: `with i as (insert into bare (data) values ($1) returning 1) select pg_notify('x', '') from i`, values: ['{}'] }); });
}
await db.close();
await admin.query(`drop database ${name} with (force)`);
await admin.end();
process.exit(0);
