/**
 * What the HTTP scenarios book on, made through the API as staff would: one enabled calendar of 8 lanes (08:45-15:00,
 * 15-minute slots: 200 slots a date) on 55 consecutive dates from tomorrow, offered by one public service.
 * Dates 0-49 take the lock+book load; the last five are the other scenarios' own.
 */
import { addDays, todayIn } from '../../../domain/shared/plain-date';
import { request } from '../../support/http';
import { bearer, signIn } from '../../support/identity';
import { createPublicService } from '../../support/public-service';

export const LOAD_DATES = 50;
const LANES = 8;
const SLOT_TIMES = Array.from({ length: 25 }, (_, index) => {
  const minutes = 8 * 60 + 45 + index * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
});
export const endOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const total = hours * 60 + minutes + 15;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
};

export interface Slot {
  date: string;
  calendarDateLaneId: number;
  startTime: string;
  endTime: string;
}

export interface BenchCalendar {
  adminHeaders: Record<string, string>;
  calendarId: number;
  serviceId: number;
  /** The 50 dates of the lock+book load. */
  loadDates: string[];
  /** Dates of one scenario each: no events before its measurement / 400 events before it / the lock race. */
  emptyDate: string;
  busyDate: string;
  raceDate: string;
  /** The lag probe's dates. */
  lagDates: string[];
  slotsOf(date: string): Slot[];
}

async function call(baseUrl: string, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const answer = await request(baseUrl, method, path, body, headers);
  if (answer.status >= 300) throw new Error(`setup: ${method} ${path} answered ${answer.status} ${answer.text}`);
  return answer.json;
}

export async function createBenchCalendar(
  baseUrl: string,
  admin: { email: string; password: string },
  timeZone: string,
  name = 'Bench Mass Clinic',
): Promise<BenchCalendar> {
  const adminHeaders = bearer(await signIn(baseUrl, admin.email, admin.password));
  const [demo] = (await call(baseUrl, 'GET', '/api/calendars', undefined, adminHeaders)).items as {
    locationId: number;
    categoryId: number;
  }[];
  const lanes = Array.from({ length: LANES }, (_, index) => ({
    name: `Nurse ${index + 1}`,
    startTime: '08:45:00',
    endTime: '15:00:00',
    durations: [{ value: 900, label: '15 min', isDefault: true }],
    slotInterval: 900,
  }));
  const calendar = await call(
    baseUrl,
    'POST',
    '/api/calendars',
    {
      name,
      enabled: true,
      lockTime: 3600,
      locationId: demo!.locationId,
      categoryId: demo!.categoryId,
      lanes,
      emailsEnabled: false,
    },
    adminHeaders,
  );
  const calendarId = calendar.id as number;
  const tomorrow = addDays(todayIn(timeZone, new Date()), 1);
  const dates = Array.from({ length: LOAD_DATES + 5 }, (_, index) => addDays(tomorrow, index));
  await call(
    baseUrl,
    'POST',
    `/api/batch/calendars/${calendarId}/dates`,
    { dates, lanes, enabled: true },
    adminHeaders,
  );
  const serviceId = await createPublicService(baseUrl, adminHeaders, [calendarId], {
    minDaysAhead: 1,
    maxDaysAhead: LOAD_DATES + 10,
  });

  const saved = (
    await call(
      baseUrl,
      'GET',
      `/api/calendars/${calendarId}/dates?startDate=${dates[0]}&endDate=${dates.at(-1)}`,
      undefined,
      adminHeaders,
    )
  ).items as {
    date: string;
    lanes: { id: number }[];
  }[];
  const slots = new Map(
    saved.map(({ date, lanes: savedLanes }) => [
      date,
      SLOT_TIMES.flatMap((startTime) =>
        savedLanes.map((lane) => ({ date, calendarDateLaneId: lane.id, startTime, endTime: endOf(startTime) })),
      ),
    ]),
  );
  const [emptyDate, busyDate, raceDate, ...lagDates] = dates.slice(LOAD_DATES);
  return {
    adminHeaders,
    calendarId,
    serviceId,
    loadDates: dates.slice(0, LOAD_DATES),
    emptyDate: emptyDate!,
    busyDate: busyDate!,
    raceDate: raceDate!,
    lagDates,
    slotsOf(date) {
      const found = slots.get(date);
      if (!found) throw new Error(`setup: no date ${date}`);
      return found;
    },
  };
}

/** The public booking form's payload for one client (no e-mail: the booking path, not the mailer, is measured). */
export const bookingBody = (lockToken: string, serviceId: number, n: number) => ({
  lockToken,
  serviceId,
  clientData: [{ firstName: 'Bench', lastName: `Client ${n}` }],
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 0,
  agreeValidInfo: true,
  agreePhone: true,
});
