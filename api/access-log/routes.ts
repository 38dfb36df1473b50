import { listAccessEntries } from '../../commands/access-log/queries';
import { verifyAccessLog, type ChainVerification, type VerifiedUpTo } from '../../commands/access-log/verify';
import { addDays, instantOf, isPlainDate } from '../../domain/shared/plain-date';
import { findAppointment, historyOf } from '../../projections/appointments/queries';
import { AUDITORS } from '../access-groups';
import type { AppDependencies } from '../dependencies';
import { defineRoute } from '../routing';
import { accessLogPage, accessLogQuery, verificationQuery, verificationResult } from './schemas';

/** A full walk of the chain at least this often; in between, a check verifies only the entries added since. */
const FULL_CHECK_EVERY_MS = 10 * 60_000;

/** Where this process's last check of the chain ended intact, and when its last full walk was. */
const lastChecks = new WeakMap<AppDependencies, { upTo: VerifiedUpTo; fullAt: number }>();

async function checkChain(dependencies: AppDependencies, full: boolean) {
  const kept = lastChecks.get(dependencies);
  const started = dependencies.now();
  const incremental = !full && kept !== undefined && started.getTime() - kept.fullAt < FULL_CHECK_EVERY_MS;
  const result: ChainVerification = await verifyAccessLog(dependencies.knex, incremental ? { from: kept.upTo } : {});
  if (result.ok)
    lastChecks.set(dependencies, {
      upTo: { position: result.verifiedPosition, hash: result.verifiedHash, entries: result.entries },
      fullAt: incremental ? kept.fullAt : started.getTime(),
    });
  else lastChecks.delete(dependencies);
  return {
    ok: result.ok,
    entries: result.entries,
    firstBrokenPosition: result.firstBrokenPosition ?? null,
    reason: result.reason ?? null,
    scope: incremental ? ('incremental' as const) : ('full' as const),
    checkedAt: started.toISOString(),
  };
}

/** Every date an appointment had (moves and deletion included, from its history) and its calendar while it exists. */
async function appointmentDates(dependencies: AppDependencies, id: number) {
  const found = await findAppointment(dependencies.knex, id);
  const dates = new Set<string>(found?.date ? [found.date] : []);
  for (const change of await historyOf(dependencies.knex, id))
    for (const place of [change.from, change.to]) if (place?.date) dates.add(place.date);
  return { id, dates: [...dates], calendarId: found?.calendarId ?? null };
}

/**
 * Issue 18 item 4, for auditors: the access log (who was shown which appointments, when, from where) and the state
 * of its hash chain. Reading it is not itself recorded: it shows appointment ids and parameters, not the records.
 */
export const accessLogRoutes = [
  defineRoute({
    method: 'get',
    path: '/audit/access',
    summary:
      'The access log of staff reads of personal health information, newest first: by staff member, by appointment, by time',
    tag: 'audit',
    access: AUDITORS,
    query: accessLogQuery,
    response: accessLogPage,
    async handler({ query, dependencies }) {
      const { appointmentId, from, to, ...filter } = query;
      const zone = dependencies.config.unitTimezone;
      return listAccessEntries(dependencies.knex, {
        ...filter,
        from: from && isPlainDate(from) ? instantOf(from, '00:00:00', zone).toISOString() : from,
        to: to && isPlainDate(to) ? instantOf(addDays(to, 1), '00:00:00', zone).toISOString() : to,
        appointment: appointmentId === undefined ? undefined : await appointmentDates(dependencies, appointmentId),
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/audit/access/verification',
    summary:
      "Checks the access log's hash chain: the entries added since this process's last check, or all of them (full=1, or every 10 minutes)",
    tag: 'audit',
    access: AUDITORS,
    query: verificationQuery,
    response: verificationResult,
    async handler({ query, dependencies }) {
      return checkChain(dependencies, query.full ?? false);
    },
  }),
];
