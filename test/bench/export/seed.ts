import type { Knex } from 'knex';

/**
 * A busy unit's year, written straight into the read models the exporter reads (a benchmark of the export, not of
 * the projections): 8 clinic calendars open every weekday of `year` with 4 lanes of 15-minute slots, `appointments`
 * appointments spread over them (one client in most, two in a third, three in a tenth; French names with accents),
 * and a course calendar of weekly sessions with `registrations` registrations over 10 series.
 */
export async function seedBusyYear(
  knex: Knex,
  { year, appointments, registrations }: { year: number; appointments: number; registrations: number },
): Promise<{ dates: number; clients: number }> {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  await knex.raw(`
    insert into locations (id, name, name_fr, office_region, is_virtual, location, created_at, updated_at)
    select n, 'Clinic ' || n, 'Clinique de l’Est ' || n, (array['Cornwall','Hawkesbury','Rockland','Winchester'])[n], false, '{}'::jsonb, now(), now()
      from generate_series(1, 4) as n;
    insert into categories (id, name, is_default, category, created_at, updated_at)
    values (1, 'Immunization', true, '{}'::jsonb, now(), now());
    insert into calendars (id, name, enabled, group_session, location_id, category_id, settings, created_at, updated_at)
    select n, 'Immunization Clinic ' || n, true, n = 9, (n - 1) % 4 + 1, 1,
           jsonb_build_object('name', 'Immunization Clinic ' || n, 'nameFr', 'Clinique d’immunisation ' || n, 'allowMultipleClients', true),
           now(), now()
      from generate_series(1, 9) as n;
  `);
  // Weekdays of the year for calendars 1-8, each date with 4 lanes whose ids are unique across dates.
  await knex.raw(
    `insert into calendar_dates (calendar_id, date, calendar_date_id, enabled, lanes, series_id, capacity, appointment_count,
       client_count, booked_slot_count, total_slot_count, first_appointment_time, last_appointment_time, min_start_time,
       max_end_time, lane_count, updated_at)
     select c, to_char(d, 'YYYY-MM-DD'), row_number() over (order by c, d), true,
            (select jsonb_agg(jsonb_build_object('id', 0, 'name', 'Infirmière ' || k, 'startTime', '08:45:00', 'endTime', '15:00:00',
                    'slotInterval', 900, 'durations', '[{"value": 900, "label": "15 min", "isDefault": true}]'::jsonb,
                    'bookableSlots', '[]'::jsonb, 'breakSlots', '[]'::jsonb)) from generate_series(1, 4) as k),
            null, 48, 48, 67, 48, 100, '08:45:00', '11:30:00', '08:45:00', '15:00:00', 4, now()
       from generate_series(1, 8) as c, generate_series(:first::date, :last::date, interval '1 day') as d
      where extract(isodow from d) < 6`,
    { first, last },
  );
  await knex.raw(`
    update calendar_dates d set lanes = (
      select jsonb_agg(lane || jsonb_build_object('id', d.calendar_date_id * 10 + k)) from jsonb_array_elements(d.lanes) with ordinality as l(lane, k)
    )`);
  const { rows } = await knex.raw<{ rows: { count: number }[] }>('select count(*)::int as count from calendar_dates');
  const dates = rows[0]!.count;
  // Appointment i takes date (i - 1) % dates, and there the k-th slot: lane k % 4, time 08:45 + 15 min × (k / 4).
  await knex.raw(
    `with numbered as (select calendar_id, date, calendar_date_id, row_number() over (order by calendar_id, date) - 1 as n from calendar_dates),
          wanted as (select i, (i - 1) / :dates as k, (i - 1) % :dates as n from generate_series(1, :appointments) as i)
     insert into appointments (id, calendar_id, date, lane_id, start_time, end_time, series_id, confirmation_code, version, appointment, created_at, updated_at)
     select w.i, d.calendar_id, d.date, d.calendar_date_id * 10 + (w.k % 4) + 1,
            to_char(time '08:45' + (w.k / 4) * interval '15 minutes', 'HH24:MI:SS'),
            to_char(time '09:00' + (w.k / 4) * interval '15 minutes', 'HH24:MI:SS'),
            null, upper(substr(md5(w.i::text), 1, 10)), 1,
            jsonb_build_object(
              'clientData', (select jsonb_agg(jsonb_build_object(
                  'firstName', (array['Chloé','Zoë','François','Amélie','Noël','Hélène','Léa','Mathis'])[(w.i + c) % 8 + 1],
                  'lastName', (array['Bélanger','Côté','Gagné','Lévesque','Tremblay','Roy','Gauthier','Bouchard'])[(w.i * 7 + c) % 8 + 1],
                  'dateOfBirth', to_char(date '2015-01-01' + ((w.i * 37 + c) % 3000), 'YYYY-MM-DD'),
                  'codes', '["FLU", "C19"]'::jsonb, 'dose', 1, 'attendance', 'arrived', 'room', 'A' || (w.i % 9)))
                from generate_series(1, case when w.i % 10 = 0 then 3 when w.i % 3 = 0 then 2 else 1 end) as c),
              'email', 'famille' || w.i || '@example.com', 'language', case when w.i % 2 = 0 then 'fr' else 'en' end,
              'phone', '613-555-' || lpad((w.i % 10000)::text, 4, '0'), 'phoneDoNotCall', false, 'phoneAlt', '',
              'phoneAltDoNotCall', false, 'phoneReminderType', 2, 'phoneReminderCustom', '', 'sendConfirmationEmail', true,
              'sendReminderEmail', true, 'agreeValidInfo', true, 'agreePhone', true, 'spots', 1),
            timestamptz '${first} 12:00Z' + (w.n * interval '2 hours'), timestamptz '${first} 12:00Z' + (w.n * interval '2 hours')
       from wanted w join numbered d on d.n = w.n`,
    { dates, appointments },
  );
  // The course: 10 series of 6 weekly sessions on calendar 9, and their registrations.
  const perSeries = Math.ceil(registrations / 10);
  await knex.raw(
    `insert into group_session_series (id, calendar_id, name, deadline, spots, registration_count, created_at)
     select s, 9, 'Cours prénatal ' || s, to_char(:first::date + (s - 1) * 36, 'YYYY-MM-DD'), 200, :perSeries, now()
       from generate_series(1, 10) as s`,
    { first, perSeries },
  );
  await knex.raw(
    `insert into calendar_dates (calendar_id, date, calendar_date_id, enabled, lanes, series_id, capacity, appointment_count,
       client_count, booked_slot_count, total_slot_count, lane_count, updated_at)
     select 9, to_char(:first::date + (s - 1) * 36 + w * 7, 'YYYY-MM-DD'), 1000000 + s * 10 + w, true,
            '[{"id": 0, "name": "Salle"}]'::jsonb, s, 50, 0, 0, 0, 1, 1, now()
       from generate_series(1, 10) as s, generate_series(0, 5) as w`,
    { first },
  );
  await knex.raw(
    `insert into group_session_registrations (appointment_id, series_id, calendar_id, spots, confirmation_code, appointment, registered_at)
     select 10000000 + r, (r - 1) % 10 + 1, 9, 2, upper(substr(md5(r::text), 11, 10)),
            jsonb_build_object('clientData', jsonb_build_array(jsonb_build_object('firstName', 'Amélie', 'lastName', 'Gagné-Côté', 'dateOfBirth', '1994-02-03')),
              'email', 'parent' || r || '@example.com', 'language', 'fr', 'phone', '613-555-0142', 'phoneAlt', ''),
            timestamptz '${first} 12:00Z' + r * interval '1 hour'
       from generate_series(1, :registrations) as r`,
    { registrations },
  );
  await knex.raw('analyze');
  const clients = await knex.raw<{ rows: { count: number }[] }>(
    `select sum(jsonb_array_length(appointment -> 'clientData'))::int as count from appointments`,
  );
  return { dates, clients: clients.rows[0]!.count };
}
