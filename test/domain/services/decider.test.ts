import { suite } from 'uvu';
import { serviceDecider } from '../../../domain/services/decider';
import type { ServiceEvent } from '../../../domain/services/events';
import { defaultServiceFields, type ServiceFields } from '../../../domain/services/service';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const fields: ServiceFields = { ...defaultServiceFields, title: 'Flu Clinic', titleFr: 'Clinique de grippe', description: 'Flu shots', descriptionFr: 'Vaccins' };
const created: ServiceEvent = { type: 'ServiceCreated', data: { serviceId: 3, fields, createdAt: now } };
const { given } = scenario(serviceDecider);

const absent = suite('services decider: no service yet');
absent('CreateService records the service with its fields', () => {
  given().when({ type: 'CreateService', data: { serviceId: 3, fields, now } }).then(created);
});
absent('UpdateService is refused: there is nothing to update', () => {
  given().when({ type: 'UpdateService', data: { serviceId: 3, fields, now } }).thenRefused('SERVICE_NOT_FOUND');
});
absent('a booking window that closes before it opens is refused', () => {
  given().when({ type: 'CreateService', data: { serviceId: 3, fields: { ...fields, minDaysAhead: 30, maxDaysAhead: 7 }, now } }).thenRefused('INVALID_BOOKING_WINDOW');
});
absent('a default duration outside the offered durations is refused', () => {
  given().when({ type: 'CreateService', data: { serviceId: 3, fields: { ...fields, defaultDuration: 700 }, now } }).thenRefused('INVALID_DURATION');
});
absent.run();

const active = suite('services decider: existing service');
active('CreateService again is refused', () => {
  given(created).when({ type: 'CreateService', data: { serviceId: 3, fields, now } }).thenRefused('SERVICE_ALREADY_EXISTS');
});
active('UpdateService records only the fields that changed', () => {
  given(created)
    .when({ type: 'UpdateService', data: { serviceId: 3, fields: { ...fields, enabled: true, titleFr: 'Clinique antigrippale' }, now: later } })
    .then({ type: 'ServiceUpdated', data: { serviceId: 3, changes: { titleFr: 'Clinique antigrippale', enabled: true }, updatedAt: later } });
});
active('UpdateService with nothing changed records nothing', () => {
  given(created).when({ type: 'UpdateService', data: { serviceId: 3, fields: { ...fields }, now: later } }).then();
});
active('changes are folded into the state that later decisions see', () => {
  const renamed: ServiceEvent = { type: 'ServiceUpdated', data: { serviceId: 3, changes: { title: 'Influenza Clinic' }, updatedAt: later } };
  given(created, renamed)
    .when({ type: 'UpdateService', data: { serviceId: 3, fields: { ...fields, title: 'Influenza Clinic' }, now: later } })
    .then();
});
active('an invalid update is refused like an invalid creation', () => {
  given(created).when({ type: 'UpdateService', data: { serviceId: 3, fields: { ...fields, minDaysAhead: 400 }, now } }).thenRefused('INVALID_BOOKING_WINDOW');
});
active.run();
