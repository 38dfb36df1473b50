import type { Knex } from 'knex';
import { locationDecider } from '../../domain/locations/decider';
import { locationStream, type LocationFields } from '../../domain/locations/location';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { nextId } from '../infrastructure/ids';

export type LocationCommandDependencies = CommandDependencies & {
  knex: Knex;
  lookups: Pick<ReadModelLookups, 'calendarsAtLocation'>;
};

export async function createLocation(
  dependencies: LocationCommandDependencies,
  fields: LocationFields,
  context: CommandContext,
) {
  const locationId = await nextId(dependencies.knex, 'location');
  const outcome = await handleCommand(
    dependencies,
    locationDecider,
    locationStream(locationId),
    { type: 'CreateLocation', data: { locationId, fields, now: dependencies.now().toISOString() } },
    context,
  );
  return { locationId, ...outcome };
}

export async function updateLocation(
  dependencies: LocationCommandDependencies,
  locationId: number,
  fields: LocationFields,
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    locationDecider,
    locationStream(locationId),
    { type: 'UpdateLocation', data: { locationId, fields, now: dependencies.now().toISOString() } },
    context,
  );
}

/** Refused while calendars name the location; the count is read again on every retry. */
export async function deleteLocation(
  dependencies: LocationCommandDependencies,
  locationId: number,
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    locationDecider,
    locationStream(locationId),
    async () => ({
      type: 'DeleteLocation' as const,
      data: {
        locationId,
        inUseBy: await dependencies.lookups.calendarsAtLocation(locationId),
        now: dependencies.now().toISOString(),
      },
    }),
    context,
  );
}
