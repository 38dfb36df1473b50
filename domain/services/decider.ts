import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { ServiceCommand } from './commands';
import type { ServiceEvent } from './events';
import { normaliseService, serviceProblem, type ServiceFields } from './service';

export type ServiceState =
  | { status: 'absent' }
  | { status: 'active'; serviceId: number; fields: ServiceFields; createdAt: string; updatedAt: string }
  | { status: 'deleted'; serviceId: number };

/** The fields as they are kept, or the refusal of the first §5 rule they break. */
function validFields(fields: ServiceFields): ServiceFields {
  const normalised = normaliseService(fields);
  const problem = serviceProblem(normalised);
  if (problem) throw problem;
  return normalised;
}

const notFound = () => new DomainError('SERVICE_NOT_FOUND', 'There is no such service.');

export const serviceDecider: Decider<ServiceCommand, ServiceEvent, ServiceState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateService': {
        // A deleted service's id is never given again.
        if (state.status !== 'absent') throw new DomainError('SERVICE_ALREADY_EXISTS', 'This service already exists.');
        return [
          {
            type: 'ServiceCreated',
            data: {
              serviceId: command.data.serviceId,
              fields: validFields(command.data.fields),
              createdAt: command.data.now,
            },
          },
        ];
      }
      case 'UpdateService': {
        if (state.status !== 'active') throw notFound();
        const changes = changedFields(state.fields, validFields(command.data.fields));
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ServiceUpdated', data: { serviceId: state.serviceId, changes, updatedAt: command.data.now } }];
      }
      case 'DeleteService': {
        if (state.status !== 'active') throw notFound();
        return [{ type: 'ServiceDeleted', data: { serviceId: state.serviceId, deletedAt: command.data.now } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ServiceCreated':
        return {
          status: 'active',
          serviceId: event.data.serviceId,
          fields: event.data.fields,
          createdAt: event.data.createdAt,
          updatedAt: event.data.createdAt,
        };
      case 'ServiceUpdated':
        if (state.status !== 'active') return state;
        return { ...state, fields: { ...state.fields, ...event.data.changes }, updatedAt: event.data.updatedAt };
      case 'ServiceDeleted':
        return { status: 'deleted', serviceId: event.data.serviceId };
      default:
        return assertNever(event);
    }
  },
};
