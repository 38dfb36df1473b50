import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../domain/event-store/port';

export function newEvent(type: string, data: unknown = {}, eventId: string = randomUUID()): NewEvent {
  return {
    eventId,
    type,
    schemaVersion: 1,
    data,
    metadata: {
      eventId,
      occurredAt: new Date('2026-11-22T12:00:00Z').toISOString(),
      actor: { system: 'test' },
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
    },
  };
}

export const uniqueStream = (category = 'test'): string => `${category}-${randomUUID().slice(0, 8)}`;
