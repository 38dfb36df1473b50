import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { recordFold } from '../../../domain/audit-records/record-kinds';
import { recordAtVersion, versionAt, type RecordEvent } from '../../../domain/audit-records/versions';
import { HIDDEN } from '../../../domain/audit-records/hide-secrets';
import type { UserProfile } from '../../../domain/users/user';

const profile = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' } as unknown as UserProfile;
const access = { calendarIds: [], categoryIds: [], locationIds: [] };
const events: RecordEvent[] = [
  {
    occurredAt: '2026-11-24T14:00:00.000Z',
    event: { type: 'UserCreated', data: { userId: 4, profile, roles: ['ROLE_ADMIN'], enabled: true, access, at: '' } },
  },
  {
    occurredAt: '2026-11-24T14:05:00.000Z',
    event: { type: 'UserPasswordSet', data: { userId: 4, passwordHash: '$2b$10$x', reason: 'created', at: '' } },
  },
  { occurredAt: '2026-11-24T14:10:00.000Z', event: { type: 'UserDisabled', data: { userId: 4, at: '' } } },
];
const fold = recordFold({ kind: 'user', id: 4 });

const test = suite('audit records: a record as of a moment');

test('the version at a moment counts the events that had occurred by then, that moment included', () => {
  assert.is(versionAt(events, new Date('2026-11-24T13:59:59.999Z')), 0);
  assert.is(versionAt(events, new Date('2026-11-24T14:00:00.000Z')), 1);
  assert.is(versionAt(events, new Date('2026-11-24T14:07:00.000Z')), 2);
  assert.is(versionAt(events, new Date('2027-01-01T00:00:00.000Z')), 3);
});

test("each version is the decider's own state, secrets hidden; none before the first event", () => {
  assert.equal(recordAtVersion(fold, events, 0), { state: null, deleted: false });
  const first = recordAtVersion(fold, events, 1).state as Record<string, unknown>;
  assert.equal([first.status, first.enabled, first.roles, first.passwordHash], ['active', true, ['ROLE_ADMIN'], null]);
  const second = recordAtVersion(fold, events, 2).state as Record<string, unknown>;
  assert.is(second.passwordHash, HIDDEN, 'a password hash is never shown');
  assert.is((recordAtVersion(fold, events, 3).state as Record<string, unknown>).enabled, false);
});

test('a record that no longer stands is deleted', () => {
  const service = recordFold({ kind: 'service', id: 2 });
  const serviceEvents: RecordEvent[] = [
    {
      occurredAt: '2026-11-24T14:00:00.000Z',
      event: { type: 'ServiceCreated', data: { serviceId: 2, fields: {}, createdAt: '2026-11-24T14:00:00.000Z' } },
    },
    { occurredAt: '2026-11-24T15:00:00.000Z', event: { type: 'ServiceDeleted', data: { serviceId: 2 } } },
  ];
  assert.is(recordAtVersion(service, serviceEvents, 1).deleted, false);
  assert.equal(recordAtVersion(service, serviceEvents, 2), {
    state: { status: 'deleted', serviceId: 2 },
    deleted: true,
  });
});

test.run();
