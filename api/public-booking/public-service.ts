import type { Knex } from 'knex';
import { singleFlight, type SingleFlight } from '../../domain/shared/single-flight';
import { findPublicService } from '../../projections/services/queries';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';

/** Lookups of one service made at the same moment (every lock and booking of a rush names it) share one query. */
const lookups = new WeakMap<Knex, SingleFlight>();

/** The public service a lock or booking is made through, or 404. */
export async function publicServiceOr404(dependencies: AppDependencies, serviceId: number) {
  let shared = lookups.get(dependencies.knex);
  if (!shared) lookups.set(dependencies.knex, (shared = singleFlight()));
  const service = await shared.run(String(serviceId), () => findPublicService(dependencies.knex, serviceId));
  if (!service) throw new HttpError(404, 'SERVICE_NOT_FOUND', 'This service does not exist or is not available.');
  return service;
}
