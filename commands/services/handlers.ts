import type { Knex } from 'knex';
import type { ServiceFields } from '../../domain/services/service';
import { serviceStream } from '../../domain/services/service';
import { serviceDecider } from '../../domain/services/decider';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { nextId } from '../infrastructure/ids';

export type ServiceCommandDependencies = CommandDependencies & { knex: Knex };

export async function createService(dependencies: ServiceCommandDependencies, fields: ServiceFields, context: CommandContext) {
  const serviceId = await nextId(dependencies.knex, 'service');
  const outcome = await handleCommand(
    dependencies,
    serviceDecider,
    serviceStream(serviceId),
    { type: 'CreateService', data: { serviceId, fields, now: dependencies.now().toISOString() } },
    context,
  );
  return { serviceId, ...outcome };
}

export async function updateService(dependencies: ServiceCommandDependencies, serviceId: number, fields: ServiceFields, context: CommandContext) {
  return handleCommand(
    dependencies,
    serviceDecider,
    serviceStream(serviceId),
    { type: 'UpdateService', data: { serviceId, fields, now: dependencies.now().toISOString() } },
    context,
  );
}
