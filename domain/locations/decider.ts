import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { LocationCommand } from './commands';
import type { LocationEvent } from './events';
import { ADDRESS_FIELDS, LOCATION_IN_USE_MESSAGE, type LocationFields } from './location';

export type LocationState =
  | { status: 'absent' }
  | { status: 'active'; locationId: number; fields: LocationFields; createdAt: string; updatedAt: string }
  | { status: 'deleted'; locationId: number };

export const locationDecider: Decider<LocationCommand, LocationEvent, LocationState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateLocation': {
        if (state.status !== 'absent')
          throw new DomainError('LOCATION_ALREADY_EXISTS', 'This location already exists.');
        const { locationId, now } = command.data;
        const fields = normalized(command.data.fields);
        return [{ type: 'LocationCreated', data: { locationId, fields, createdAt: now } }];
      }
      case 'UpdateLocation': {
        if (state.status !== 'active') throw notFound();
        const changes = changedFields(state.fields, normalized(command.data.fields));
        if (Object.keys(changes).length === 0) return [];
        return [
          { type: 'LocationUpdated', data: { locationId: state.locationId, changes, updatedAt: command.data.now } },
        ];
      }
      case 'DeleteLocation': {
        if (state.status !== 'active') throw notFound();
        const { inUseBy, now } = command.data;
        if (inUseBy > 0) throw new DomainError('LOCATION_IN_USE', LOCATION_IN_USE_MESSAGE, { inUseBy });
        return [{ type: 'LocationDeleted', data: { locationId: state.locationId, deletedAt: now } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LocationCreated':
        return {
          status: 'active',
          locationId: event.data.locationId,
          fields: event.data.fields,
          createdAt: event.data.createdAt,
          updatedAt: event.data.createdAt,
        };
      case 'LocationUpdated':
        if (state.status !== 'active') return state;
        return { ...state, fields: { ...state.fields, ...event.data.changes }, updatedAt: event.data.updatedAt };
      case 'LocationDeleted':
        return { status: 'deleted', locationId: event.data.locationId };
      default:
        return assertNever(event);
    }
  },
};

const notFound = () => new DomainError('LOCATION_NOT_FOUND', 'There is no such location.');

/**
 * Checks a location and returns it as it is stored: names always required; a street address required unless the
 * location is virtual, and cleared when it is (§5), so a location that becomes virtual keeps no stale address.
 */
function normalized(fields: LocationFields): LocationFields {
  for (const field of ['name', 'nameFr'] as const) {
    if (!fields[field].trim())
      throw new DomainError('VALIDATION_FAILED', 'A location needs a name in English and in French.', { field });
  }
  if (fields.isVirtual) return { ...fields, address: '', addressFr: '', city: '', postalCode: '' };
  for (const field of ADDRESS_FIELDS) {
    if (!fields[field].trim())
      throw new DomainError('VALIDATION_FAILED', 'A location that is not virtual needs its address.', { field });
  }
  return fields;
}
