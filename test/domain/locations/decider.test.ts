import { suite } from 'uvu';
import { locationDecider } from '../../../domain/locations/decider';
import type { LocationEvent } from '../../../domain/locations/events';
import { defaultLocationFields, type LocationFields } from '../../../domain/locations/location';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const fields: LocationFields = {
  ...defaultLocationFields,
  name: 'Cornwall Office',
  nameFr: 'Bureau de Cornwall',
  address: '1000 Pitt Street',
  addressFr: '1000, rue Pitt',
  city: 'Cornwall',
  postalCode: 'K6J 5T1',
  phone: '613-555-0103',
};
const created: LocationEvent = { type: 'LocationCreated', data: { locationId: 5, fields, createdAt: now } };
const deleted: LocationEvent = { type: 'LocationDeleted', data: { locationId: 5, deletedAt: later } };
const { given } = scenario(locationDecider);

const absent = suite('locations decider: no location yet');
absent('CreateLocation records the location with its fields', () => {
  given()
    .when({ type: 'CreateLocation', data: { locationId: 5, fields, now } })
    .then(created);
});
absent('a virtual location is stored without a street address', () => {
  given()
    .when({ type: 'CreateLocation', data: { locationId: 5, fields: { ...fields, isVirtual: true }, now } })
    .then({
      type: 'LocationCreated',
      data: {
        locationId: 5,
        fields: { ...fields, isVirtual: true, address: '', addressFr: '', city: '', postalCode: '' },
        createdAt: now,
      },
    });
});
for (const field of ['name', 'nameFr'] as const) {
  absent(`a location without ${field} is refused`, () => {
    given()
      .when({ type: 'CreateLocation', data: { locationId: 5, fields: { ...fields, [field]: ' ' }, now } })
      .thenRefused('VALIDATION_FAILED');
  });
}
for (const field of ['address', 'addressFr', 'city', 'postalCode'] as const) {
  absent(`a location that is not virtual without ${field} is refused`, () => {
    given()
      .when({ type: 'CreateLocation', data: { locationId: 5, fields: { ...fields, [field]: '' }, now } })
      .thenRefused('VALIDATION_FAILED');
  });
}
absent('UpdateLocation is refused: there is nothing to update', () => {
  given()
    .when({ type: 'UpdateLocation', data: { locationId: 5, fields, now } })
    .thenRefused('LOCATION_NOT_FOUND');
});
absent('DeleteLocation is refused: there is nothing to delete', () => {
  given()
    .when({ type: 'DeleteLocation', data: { locationId: 5, inUseBy: 0, now } })
    .thenRefused('LOCATION_NOT_FOUND');
});
absent.run();

const active = suite('locations decider: existing location');
active('CreateLocation again is refused', () => {
  given(created)
    .when({ type: 'CreateLocation', data: { locationId: 5, fields, now } })
    .thenRefused('LOCATION_ALREADY_EXISTS');
});
active('UpdateLocation records only the fields that changed', () => {
  given(created)
    .when({
      type: 'UpdateLocation',
      data: { locationId: 5, fields: { ...fields, phone: '613-555-0199', officeRegion: 'SDG' }, now: later },
    })
    .then({
      type: 'LocationUpdated',
      data: { locationId: 5, changes: { officeRegion: 'SDG', phone: '613-555-0199' }, updatedAt: later },
    });
});
active('UpdateLocation with nothing changed records nothing', () => {
  given(created)
    .when({ type: 'UpdateLocation', data: { locationId: 5, fields: { ...fields }, now: later } })
    .then();
});
active('a location that becomes virtual loses its street address', () => {
  given(created)
    .when({ type: 'UpdateLocation', data: { locationId: 5, fields: { ...fields, isVirtual: true }, now: later } })
    .then({
      type: 'LocationUpdated',
      data: {
        locationId: 5,
        changes: { isVirtual: true, address: '', addressFr: '', city: '', postalCode: '' },
        updatedAt: later,
      },
    });
});
active('changes are folded into the state that later decisions see', () => {
  const virtual: LocationEvent = {
    type: 'LocationUpdated',
    data: {
      locationId: 5,
      changes: { isVirtual: true, address: '', addressFr: '', city: '', postalCode: '' },
      updatedAt: later,
    },
  };
  given(created, virtual)
    .when({ type: 'UpdateLocation', data: { locationId: 5, fields: { ...fields, isVirtual: true }, now: later } })
    .then();
});
active('an update that drops the address of a location that is not virtual is refused', () => {
  given(created)
    .when({ type: 'UpdateLocation', data: { locationId: 5, fields: { ...fields, city: '' }, now: later } })
    .thenRefused('VALIDATION_FAILED');
});
active('DeleteLocation records the deletion when no calendar uses it', () => {
  given(created)
    .when({ type: 'DeleteLocation', data: { locationId: 5, inUseBy: 0, now: later } })
    .then(deleted);
});
active('DeleteLocation is refused while calendars use it', () => {
  given(created)
    .when({ type: 'DeleteLocation', data: { locationId: 5, inUseBy: 1, now: later } })
    .thenRefused('LOCATION_IN_USE');
});
active.run();

const gone = suite('locations decider: deleted location');
gone('deleting it again is refused as not found', () => {
  given(created, deleted)
    .when({ type: 'DeleteLocation', data: { locationId: 5, inUseBy: 0, now: later } })
    .thenRefused('LOCATION_NOT_FOUND');
});
gone('updating it is refused as not found', () => {
  given(created, deleted)
    .when({ type: 'UpdateLocation', data: { locationId: 5, fields, now: later } })
    .thenRefused('LOCATION_NOT_FOUND');
});
gone('its id is never reused', () => {
  given(created, deleted)
    .when({ type: 'CreateLocation', data: { locationId: 5, fields, now: later } })
    .thenRefused('LOCATION_ALREADY_EXISTS');
});
gone.run();
