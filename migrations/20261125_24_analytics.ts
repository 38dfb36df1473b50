import type { Knex } from 'knex';

/**
 * Issue 17 items 3 and 5: the de-identified read models for analysts, in a schema of their own (`analytics`), kept by
 * the `analytics` projector (projections/analytics) and described in the README's "For analysts". No name, phone,
 * e-mail, address of a client, confirmation code or date of birth is stored here: clients are counted, and their age
 * is kept as a band at the appointment's date. The views read only tables of this schema, so a role granted this
 * schema alone (`npm run analytics:grant`) sees nothing else, and a rebuild (which refills these tables in place)
 * leaves the views and grants standing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create schema if not exists analytics;
    comment on schema analytics is 'De-identified read models for analysts (README: For analysts). Kept by the analytics projector.';

    create table analytics.calendars (
      calendar_id integer primary key,
      name text not null,
      group_session boolean not null,
      category_id integer,
      location_id integer
    );
    create table analytics.categories (
      category_id integer primary key,
      name text not null,
      deleted boolean not null default false
    );
    create table analytics.locations (
      location_id integer primary key,
      name text not null,
      region text not null,
      is_virtual boolean not null,
      deleted boolean not null default false
    );
    create table analytics.services (
      service_id integer primary key,
      name text not null,
      is_public boolean not null,
      deleted boolean not null default false
    );
    create table analytics.service_calendars (
      service_id integer not null,
      calendar_id integer not null,
      primary key (service_id, calendar_id)
    );
    create table analytics.calendar_dates (
      calendar_id integer not null,
      date date not null,
      series_id integer,
      enabled boolean not null,
      lanes jsonb not null,
      total_slots integer not null default 0,
      booked_slots integer not null default 0,
      primary key (calendar_id, date)
    );
    create table analytics.appointments (
      appointment_id integer primary key,
      calendar_id integer not null,
      date date not null,
      lane_id integer not null,
      start_time time not null,
      end_time time not null,
      status text not null check (status in ('booked', 'cancelled')),
      channel text not null check (channel in ('public', 'staff')),
      copied boolean not null,
      booked_at timestamptz not null,
      booked_on date not null,
      lead_time_days integer not null,
      lead_time_band text not null,
      clients integer not null,
      age_bands text[] not null,
      arrived_clients integer not null,
      no_show_clients integer not null,
      attendance text check (attendance in ('arrived', 'noshow', 'mixed')),
      moves integer not null default 0,
      cancelled_at timestamptz
    );
    create index analytics_appointments_by_date on analytics.appointments (date, calendar_id);
    create table analytics.appointment_changes (
      event_id uuid not null,
      appointment_id integer not null,
      calendar_id integer not null,
      kind text not null check (kind in ('moved', 'cancelled', 'changed', 'dateMoved')),
      at timestamptz not null,
      on_date date not null,
      from_date date not null,
      to_date date not null,
      from_time time,
      to_time time,
      primary key (event_id, appointment_id)
    );
    create index analytics_changes_by_appointment on analytics.appointment_changes (appointment_id);
    create table analytics.series (
      series_id integer primary key,
      calendar_id integer not null,
      first_date date,
      last_date date,
      sessions integer not null,
      capacity integer not null,
      registered integer not null default 0,
      registrations integer not null default 0,
      created_at timestamptz not null
    );
    create table analytics.registrations (
      appointment_id integer primary key,
      series_id integer not null,
      calendar_id integer not null,
      spots integer not null,
      clients integer not null,
      age_bands text[] not null,
      registered_at timestamptz not null,
      unregistered_at timestamptz
    );
    create index analytics_registrations_by_series on analytics.registrations (series_id);

    create view analytics.calendar_dimensions as
      select c.calendar_id, c.name as calendar_name, c.group_session, c.category_id, k.name as category_name,
             c.location_id, l.name as location_name, l.region
        from analytics.calendars c
        left join analytics.categories k on k.category_id = c.category_id
        left join analytics.locations l on l.location_id = c.location_id;

    create view analytics.bookings_per_day as
      with facts as (
        select date, calendar_id, 1 as bookings, clients, 0 as cancellations, 0 as moves
          from analytics.appointments where status = 'booked'
        union all
        select date, calendar_id, 0, 0, 1, 0 from analytics.appointments where status = 'cancelled'
        union all
        select from_date, calendar_id, 0, 0, 0, 1 from analytics.appointment_changes where kind = 'moved'
      )
      select f.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
             sum(f.bookings)::integer as bookings, sum(f.clients)::integer as clients,
             sum(f.cancellations)::integer as cancellations, sum(f.moves)::integer as moves
        from facts f join analytics.calendar_dimensions d using (calendar_id)
       group by f.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region;

    create view analytics.bookings_per_week as
      select date_trunc('week', date)::date as week_start, calendar_id, calendar_name, category_id, category_name,
             location_id, region, sum(bookings)::integer as bookings, sum(clients)::integer as clients,
             sum(cancellations)::integer as cancellations, sum(moves)::integer as moves
        from analytics.bookings_per_day
       group by 1, calendar_id, calendar_name, category_id, category_name, location_id, region;

    create view analytics.bookings_per_day_by_service as
      select a.date, s.service_id, s.name as service_name, count(*)::integer as bookings,
             sum(a.clients)::integer as clients
        from analytics.appointments a
        join analytics.service_calendars sc on sc.calendar_id = a.calendar_id
        join analytics.services s on s.service_id = sc.service_id
       where a.status = 'booked'
       group by a.date, s.service_id, s.name;

    create view analytics.utilisation as
      select cd.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
             cd.enabled, cd.total_slots, cd.booked_slots,
             round(cd.booked_slots::numeric / nullif(cd.total_slots, 0), 4) as utilisation
        from analytics.calendar_dates cd join analytics.calendar_dimensions d using (calendar_id)
       where cd.series_id is null;

    create view analytics.attendance_rates as
      select a.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
             count(*)::integer as appointments,
             count(a.attendance)::integer as recorded,
             count(*) filter (where a.attendance in ('arrived', 'mixed'))::integer as arrived,
             count(*) filter (where a.attendance = 'noshow')::integer as no_shows,
             round(count(*) filter (where a.attendance in ('arrived', 'mixed'))::numeric
                   / nullif(count(a.attendance), 0), 4) as arrival_rate,
             round(count(*) filter (where a.attendance = 'noshow')::numeric / nullif(count(a.attendance), 0), 4)
               as no_show_rate
        from analytics.appointments a join analytics.calendar_dimensions d using (calendar_id)
       where a.status = 'booked'
       group by a.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region;

    create view analytics.lead_times as
      select a.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
             a.channel, a.lead_time_band, count(*)::integer as bookings,
             round(avg(a.lead_time_days), 2) as average_days
        from analytics.appointments a join analytics.calendar_dimensions d using (calendar_id)
       where a.status = 'booked'
       group by a.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
                a.channel, a.lead_time_band;

    create view analytics.course_fill as
      select s.series_id, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
             s.first_date, s.last_date, s.sessions, s.capacity, s.registered, s.registrations,
             round(s.registered::numeric / nullif(s.capacity, 0), 4) as fill_rate
        from analytics.series s join analytics.calendar_dimensions d using (calendar_id);

    create view analytics.moves_and_deletions as
      select c.on_date as day, c.kind, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id,
             d.region, count(*)::integer as changes
        from analytics.appointment_changes c join analytics.calendar_dimensions d using (calendar_id)
       where c.kind in ('moved', 'cancelled')
       group by c.on_date, c.kind, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id,
                d.region;

    create view analytics.age_bands as
      select a.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
             band.age_band, count(*)::integer as clients
        from analytics.appointments a
        join analytics.calendar_dimensions d using (calendar_id)
        cross join lateral unnest(a.age_bands) as band(age_band)
       where a.status = 'booked'
       group by a.date, d.calendar_id, d.calendar_name, d.category_id, d.category_name, d.location_id, d.region,
                band.age_band;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop schema if exists analytics cascade');
}
