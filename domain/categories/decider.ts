import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import { CATEGORY_IN_USE_MESSAGE, type CategoryFields } from './category';
import type { CategoryCommand } from './commands';
import type { CategoryEvent } from './events';

export type CategoryState =
  | { status: 'absent' }
  | { status: 'active'; categoryId: number; fields: CategoryFields; createdAt: string; updatedAt: string }
  | { status: 'deleted'; categoryId: number };

export const categoryDecider: Decider<CategoryCommand, CategoryEvent, CategoryState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCategory': {
        if (state.status !== 'absent')
          throw new DomainError('CATEGORY_ALREADY_EXISTS', 'This category already exists.');
        const { categoryId, fields, now } = command.data;
        assertValidCategory(fields);
        return [{ type: 'CategoryCreated', data: { categoryId, fields, createdAt: now } }];
      }
      case 'UpdateCategory': {
        if (state.status !== 'active') throw notFound();
        const { fields, isDefaultNow, now } = command.data;
        assertValidCategory(fields);
        const changes = changedFields({ ...state.fields, isDefault: isDefaultNow }, fields);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'CategoryUpdated', data: { categoryId: state.categoryId, changes, updatedAt: now } }];
      }
      case 'DeleteCategory': {
        if (state.status !== 'active') throw notFound();
        const { inUseBy, now } = command.data;
        if (inUseBy > 0) throw new DomainError('CATEGORY_IN_USE', CATEGORY_IN_USE_MESSAGE, { inUseBy });
        return [{ type: 'CategoryDeleted', data: { categoryId: state.categoryId, deletedAt: now } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return {
          status: 'active',
          categoryId: event.data.categoryId,
          fields: event.data.fields,
          createdAt: event.data.createdAt,
          updatedAt: event.data.createdAt,
        };
      case 'CategoryUpdated':
        if (state.status !== 'active') return state;
        return { ...state, fields: { ...state.fields, ...event.data.changes }, updatedAt: event.data.updatedAt };
      case 'CategoryDeleted':
        return { status: 'deleted', categoryId: event.data.categoryId };
      default:
        return assertNever(event);
    }
  },
};

const notFound = () => new DomainError('CATEGORY_NOT_FOUND', 'There is no such category.');

function assertValidCategory(fields: CategoryFields): void {
  if (!fields.name.trim()) throw new DomainError('VALIDATION_FAILED', 'A category needs a name.', { field: 'name' });
}
