import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { Actor } from '../../domain/event-store/port';
import { unitTimeZone } from '../../domain/shared/format';
import { daysBetween, isPlainDate, todayIn } from '../../domain/shared/plain-date';

/**
 * What the analytics read models keep of a person: counts and bands, never a name, phone, e-mail, code or date of
 * birth (issue 17 item 3).
 */

export const AGE_BANDS = ['0-1', '2-4', '5-11', '12-17', '18-64', '65+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number] | 'unknown';

/** Whole years from `dateOfBirth` to `onDate` (both plain dates), or null when unknown or after `onDate`. */
export function ageInYears(dateOfBirth: string | undefined, onDate: string): number | null {
  if (!dateOfBirth || !isPlainDate(dateOfBirth) || dateOfBirth > onDate) return null;
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [year, month, day] = onDate.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

export function ageBand(dateOfBirth: string | undefined, onDate: string): AgeBand {
  const age = ageInYears(dateOfBirth, onDate);
  if (age === null) return 'unknown';
  if (age <= 1) return '0-1';
  if (age <= 4) return '2-4';
  if (age <= 11) return '5-11';
  if (age <= 17) return '12-17';
  if (age <= 64) return '18-64';
  return '65+';
}

export const LEAD_TIME_BANDS = ['0', '1', '2-6', '7-13', '14-29', '30+'] as const;
export type LeadTimeBand = (typeof LEAD_TIME_BANDS)[number];

/** A booking made for a day already past (staff entering one late) counts as same-day. */
export function leadTimeBand(days: number): LeadTimeBand {
  if (days <= 0) return '0';
  if (days === 1) return '1';
  if (days <= 6) return '2-6';
  if (days <= 13) return '7-13';
  if (days <= 29) return '14-29';
  return '30+';
}

/**
 * The unit's time zone for the day a booking was made on. Projections have no configuration of their own, so this
 * reads UNIT_TIMEZONE as the configuration does (same default); a rebuild under the same setting gives the same days.
 */
export const analyticsTimeZone = (): string => process.env.UNIT_TIMEZONE || unitTimeZone;

export interface LeadTime {
  bookedOn: string;
  days: number;
  band: LeadTimeBand;
}

export function leadTime(bookedAt: string, date: string): LeadTime {
  const bookedOn = todayIn(analyticsTimeZone(), new Date(bookedAt));
  const days = daysBetween(bookedOn, date);
  return { bookedOn, days, band: leadTimeBand(days) };
}

export interface ClientFigures {
  clients: number;
  ageBands: AgeBand[];
  arrivedClients: number;
  noShowClients: number;
  /** Null until staff record attendance; `mixed` when some clients came and some did not. */
  attendance: 'arrived' | 'noshow' | 'mixed' | null;
}

/** The counts and bands of an appointment's clients on `date`. `consult` and `left` mean the client came. */
export function clientFigures(details: AppointmentDetails, date: string): ClientFigures {
  const clients = details.clientData;
  const arrivedClients = clients.filter(
    (client) => client.attendance !== undefined && client.attendance !== 'noshow',
  ).length;
  const noShowClients = clients.filter((client) => client.attendance === 'noshow').length;
  const attendance =
    arrivedClients === 0 && noShowClients === 0
      ? null
      : noShowClients === 0
        ? 'arrived'
        : arrivedClients === 0
          ? 'noshow'
          : 'mixed';
  return {
    clients: Math.max(1, clients.length),
    ageBands: clients.map((client) => ageBand(client.dateOfBirth, date)),
    arrivedClients,
    noShowClients,
    attendance,
  };
}

export const channelOf = (actor: Actor | undefined): 'public' | 'staff' =>
  actor && 'public' in actor ? 'public' : 'staff';
