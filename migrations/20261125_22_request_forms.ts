import type { Knex } from 'knex';

/**
 * Read model of the request forms (issue 16): the whole form in jsonb, with columns for what the list filters and
 * shows (type, requester, submission, whether and into which calendar the request was fulfilled).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table request_forms (
      id integer primary key,
      request_type text not null,
      calendar_id integer,
      created_by integer not null,
      created_by_name text not null,
      created_at timestamptz not null,
      fulfilled_at timestamptz,
      fulfilled_calendar_id integer,
      fulfilment jsonb,
      form jsonb not null
    );
    create index request_forms_newest on request_forms (created_at desc, id desc);
    create index request_forms_by_requester on request_forms (created_by, created_at desc);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table request_forms;');
}
