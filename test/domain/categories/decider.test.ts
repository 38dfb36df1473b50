import { suite } from 'uvu';
import type { CategoryFields } from '../../../domain/categories/category';
import { categoryDecider } from '../../../domain/categories/decider';
import type { CategoryEvent } from '../../../domain/categories/events';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const fields: CategoryFields = { name: 'Immunization', isDefault: false };
const created: CategoryEvent = { type: 'CategoryCreated', data: { categoryId: 4, fields, createdAt: now } };
const deleted: CategoryEvent = { type: 'CategoryDeleted', data: { categoryId: 4, deletedAt: later } };
const { given } = scenario(categoryDecider);

const absent = suite('categories decider: no category yet');
absent('CreateCategory records the category with its fields', () => {
  given()
    .when({ type: 'CreateCategory', data: { categoryId: 4, fields, now } })
    .then(created);
});
absent('a category without a name is refused', () => {
  given()
    .when({ type: 'CreateCategory', data: { categoryId: 4, fields: { ...fields, name: '   ' }, now } })
    .thenRefused('VALIDATION_FAILED');
});
absent('UpdateCategory is refused: there is nothing to update', () => {
  given()
    .when({ type: 'UpdateCategory', data: { categoryId: 4, fields, isDefaultNow: false, now } })
    .thenRefused('CATEGORY_NOT_FOUND');
});
absent('DeleteCategory is refused: there is nothing to delete', () => {
  given()
    .when({ type: 'DeleteCategory', data: { categoryId: 4, inUseBy: 0, now } })
    .thenRefused('CATEGORY_NOT_FOUND');
});
absent.run();

const active = suite('categories decider: existing category');
active('CreateCategory again is refused', () => {
  given(created)
    .when({ type: 'CreateCategory', data: { categoryId: 4, fields, now } })
    .thenRefused('CATEGORY_ALREADY_EXISTS');
});
active('UpdateCategory records only the fields that changed', () => {
  given(created)
    .when({
      type: 'UpdateCategory',
      data: { categoryId: 4, fields: { ...fields, name: 'Immunizations' }, isDefaultNow: false, now: later },
    })
    .then({ type: 'CategoryUpdated', data: { categoryId: 4, changes: { name: 'Immunizations' }, updatedAt: later } });
});
active('UpdateCategory with nothing changed records nothing', () => {
  given(created)
    .when({ type: 'UpdateCategory', data: { categoryId: 4, fields: { ...fields }, isDefaultNow: false, now: later } })
    .then();
});
active('changes are folded into the state that later decisions see', () => {
  const renamed: CategoryEvent = {
    type: 'CategoryUpdated',
    data: { categoryId: 4, changes: { name: 'Vaccines' }, updatedAt: later },
  };
  given(created, renamed)
    .when({
      type: 'UpdateCategory',
      data: { categoryId: 4, fields: { ...fields, name: 'Vaccines' }, isDefaultNow: false, now: later },
    })
    .then();
});
active('becoming the default is recorded', () => {
  given(created)
    .when({
      type: 'UpdateCategory',
      data: { categoryId: 4, fields: { ...fields, isDefault: true }, isDefaultNow: false, now: later },
    })
    .then({ type: 'CategoryUpdated', data: { categoryId: 4, changes: { isDefault: true }, updatedAt: later } });
});
active(
  'a default that another category took since is claimed back, though this stream last recorded it as default',
  () => {
    const madeDefault: CategoryEvent = {
      type: 'CategoryUpdated',
      data: { categoryId: 4, changes: { isDefault: true }, updatedAt: now },
    };
    given(created, madeDefault)
      .when({
        type: 'UpdateCategory',
        data: { categoryId: 4, fields: { ...fields, isDefault: true }, isDefaultNow: false, now: later },
      })
      .then({ type: 'CategoryUpdated', data: { categoryId: 4, changes: { isDefault: true }, updatedAt: later } });
  },
);
active('saving the current default as default again records nothing', () => {
  const madeDefault: CategoryEvent = {
    type: 'CategoryUpdated',
    data: { categoryId: 4, changes: { isDefault: true }, updatedAt: now },
  };
  given(created, madeDefault)
    .when({
      type: 'UpdateCategory',
      data: { categoryId: 4, fields: { ...fields, isDefault: true }, isDefaultNow: true, now: later },
    })
    .then();
});
active('an update without a name is refused', () => {
  given(created)
    .when({
      type: 'UpdateCategory',
      data: { categoryId: 4, fields: { ...fields, name: '' }, isDefaultNow: false, now: later },
    })
    .thenRefused('VALIDATION_FAILED');
});
active('DeleteCategory records the deletion when no calendar uses it', () => {
  given(created)
    .when({ type: 'DeleteCategory', data: { categoryId: 4, inUseBy: 0, now: later } })
    .then(deleted);
});
active('DeleteCategory is refused while calendars use it', () => {
  given(created)
    .when({ type: 'DeleteCategory', data: { categoryId: 4, inUseBy: 2, now: later } })
    .thenRefused('CATEGORY_IN_USE');
});
active.run();

const gone = suite('categories decider: deleted category');
gone('deleting it again is refused as not found', () => {
  given(created, deleted)
    .when({ type: 'DeleteCategory', data: { categoryId: 4, inUseBy: 0, now: later } })
    .thenRefused('CATEGORY_NOT_FOUND');
});
gone('updating it is refused as not found', () => {
  given(created, deleted)
    .when({ type: 'UpdateCategory', data: { categoryId: 4, fields, isDefaultNow: false, now: later } })
    .thenRefused('CATEGORY_NOT_FOUND');
});
gone('its id is never reused', () => {
  given(created, deleted)
    .when({ type: 'CreateCategory', data: { categoryId: 4, fields, now: later } })
    .thenRefused('CATEGORY_ALREADY_EXISTS');
});
gone.run();
