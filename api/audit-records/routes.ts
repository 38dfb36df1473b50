import { jsonDiff } from '../../domain/audit-records/json-diff';
import { recordFold, recordIdText, type RecordRef } from '../../domain/audit-records/record-kinds';
import { recordAtVersion, versionAt } from '../../domain/audit-records/versions';
import type { RecordedEvent } from '../../domain/event-store/port';
import { DomainError } from '../../domain/shared/decider';
import { userNames } from '../../projections/audit-records/queries';
import { AUDITORS } from '../access-groups';
import { recordAccess, type AccessOf } from '../access-log/record';
import type { AppDependencies } from '../dependencies';
import { defineRoute } from '../routing';
import { loadRecordEvents, toRecordEvents } from './record-events';
import { recordAtMoment, recordDiff, recordDiffQuery, recordParams, recordQuery, recordVersions } from './schemas';

/**
 * Issue 18, item 3: records as of a moment, for Auditors and System Administrators (read-only). A record's versions
 * are its events; its state at a moment is its events folded up to it, with the deciders' own evolve (an
 * appointment's with its own fold, across the dates it lived on).
 */

const address = (ref: RecordRef) => ({ kind: ref.kind, id: recordIdText(ref) });

/**
 * An appointment, a calendar date (its appointments) and a series (its registrations) hold clients' details: showing
 * a version of one is recorded in the access log. Calendars, users and services hold none.
 */
function recordRecordAccess(access: AccessOf, ref: RecordRef, versions: Record<string, number>) {
  if (ref.kind === 'calendar' || ref.kind === 'user' || ref.kind === 'service') return;
  const appointmentIds = ref.kind === 'appointment' ? [ref.id] : [];
  recordAccess(access, 'audit.record', appointmentIds, { ...address(ref), ...versions }, { always: true });
}

/** A version number past the record's last is a 400 naming its field. */
function existingVersion(version: number, count: number, field: string): number {
  if (version > count)
    throw new DomainError('VALIDATION_FAILED', `The record has ${count} version(s).`, { field, versions: count });
  return version;
}

async function versionList(dependencies: AppDependencies, events: readonly RecordedEvent[]) {
  const staffIds = events.flatMap(({ metadata: { actor } }) => ('userId' in actor ? [actor.userId] : []));
  const names = await userNames(dependencies.knex, staffIds);
  return events.map((recorded, index) => ({
    version: index + 1,
    position: recorded.position.prepare.toString(),
    streamId: recorded.streamId,
    revision: recorded.revision,
    eventId: recorded.eventId,
    eventType: recorded.type,
    occurredAt: recorded.metadata.occurredAt,
    recordedAt: recorded.recordedAt.toISOString(),
    actor: recorded.metadata.actor,
    actorName: 'userId' in recorded.metadata.actor ? (names.get(recorded.metadata.actor.userId) ?? null) : null,
    correlationId: recorded.metadata.correlationId ?? null,
  }));
}

export const auditRecordRoutes = [
  defineRoute({
    method: 'get',
    path: '/audit/records/:kind/:id/versions',
    summary: 'A record’s versions: one per event, oldest first, with when, what and who',
    tag: 'audit',
    access: AUDITORS,
    params: recordParams,
    response: recordVersions,
    async handler({ params, dependencies }) {
      const events = await loadRecordEvents(dependencies, params);
      return { ...address(params), items: await versionList(dependencies, events) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/audit/records/:kind/:id/diff',
    summary: 'What changed from one version of a record to another: JSON pointer, before, after',
    tag: 'audit',
    access: AUDITORS,
    params: recordParams,
    query: recordDiffQuery,
    response: recordDiff,
    async handler({ params, query, viewer, ctx, dependencies }) {
      const events = toRecordEvents(await loadRecordEvents(dependencies, params));
      const from = existingVersion(query.from, events.length, 'from');
      const to = existingVersion(query.to, events.length, 'to');
      recordRecordAccess({ viewer, ctx, dependencies }, params, { from, to });
      const fold = recordFold(params);
      const changes = jsonDiff(recordAtVersion(fold, events, from).state, recordAtVersion(fold, events, to).state);
      return { ...address(params), from, to, changes };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/audit/records/:kind/:id',
    summary: 'A record as it was at a moment (at) or at a version; null when it did not exist yet',
    tag: 'audit',
    access: AUDITORS,
    params: recordParams,
    query: recordQuery,
    response: recordAtMoment,
    async handler({ params, query, viewer, ctx, dependencies }) {
      const events = toRecordEvents(await loadRecordEvents(dependencies, params));
      const { version, at } =
        query.version !== undefined
          ? {
              version: existingVersion(query.version, events.length, 'version'),
              at: new Date(events[query.version - 1]?.occurredAt ?? 0),
            }
          : query.at !== undefined
            ? { version: versionAt(events, query.at), at: query.at }
            : { version: events.length, at: dependencies.now() };
      recordRecordAccess({ viewer, ctx, dependencies }, params, { version });
      return {
        ...address(params),
        at: at.toISOString(),
        version,
        versions: events.length,
        eventType: version > 0 ? events[version - 1]!.event.type : null,
        ...recordAtVersion(recordFold(params), events, version),
      };
    },
  }),
];
