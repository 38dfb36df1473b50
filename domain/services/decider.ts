import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { ServiceCommand } from './commands';
import type { ServiceEvent } from './events';
import { DURATION_CHOICES, type ServiceFields } from './service';

export type ServiceState =
  | { status: 'absent' }
  | { status: 'active'; serviceId: number; fields: ServiceFields; createdAt: string; updatedAt: string };

export const serviceDecider: Decider<ServiceCommand, ServiceEvent, ServiceState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateService': {
        if (state.status !== 'absent') throw new DomainError('SERVICE_ALREADY_EXISTS', 'This service already exists.');
        assertValidService(command.data.fields);
        return [{ type: 'ServiceCreated', data: { serviceId: command.data.serviceId, fields: command.data.fields, createdAt: command.data.now } }];
      }
      case 'UpdateService': {
        if (state.status !== 'active') throw new DomainError('SERVICE_NOT_FOUND', 'There is no such service.');
        assertValidService(command.data.fields);
        const changes = changedFields(state.fields, command.data.fields);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ServiceUpdated', data: { serviceId: state.serviceId, changes, updatedAt: command.data.now } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ServiceCreated':
        return { status: 'active', serviceId: event.data.serviceId, fields: event.data.fields, createdAt: event.data.createdAt, updatedAt: event.data.createdAt };
      case 'ServiceUpdated':
        if (state.status !== 'active') return state;
        return { ...state, fields: { ...state.fields, ...event.data.changes }, updatedAt: event.data.updatedAt };
      default:
        return assertNever(event);
    }
  },
};

function assertValidService(fields: ServiceFields): void {
  if (fields.minDaysAhead > fields.maxDaysAhead) {
    throw new DomainError('INVALID_BOOKING_WINDOW', 'The minimum days ahead cannot exceed the maximum days ahead.', { field: 'minDaysAhead' });
  }
  if (!(DURATION_CHOICES as readonly number[]).includes(fields.defaultDuration)) {
    throw new DomainError('INVALID_DURATION', 'The default duration must be one of the offered durations.', { field: 'defaultDuration' });
  }
}
