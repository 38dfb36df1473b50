import type { DomainCommand } from '../shared/decider';
import type { ServiceFields } from './service';

export type CreateService = DomainCommand<'CreateService', { serviceId: number; fields: ServiceFields; now: string }>;
export type UpdateService = DomainCommand<'UpdateService', { serviceId: number; fields: ServiceFields; now: string }>;
/** Nothing refers to a service (a booking keeps its calendar date, not its service), so it can always be deleted. */
export type DeleteService = DomainCommand<'DeleteService', { serviceId: number; now: string }>;

export type ServiceCommand = CreateService | UpdateService | DeleteService;
