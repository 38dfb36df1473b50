import type { DomainCommand } from '../shared/decider';
import type { ServiceFields } from './service';

export type CreateService = DomainCommand<'CreateService', { serviceId: number; fields: ServiceFields; now: string }>;
export type UpdateService = DomainCommand<'UpdateService', { serviceId: number; fields: ServiceFields; now: string }>;

export type ServiceCommand = CreateService | UpdateService;
