import { findPublicService } from '../../projections/services/queries';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';

/** The public service a lock or booking is made through, or 404. */
export async function publicServiceOr404(dependencies: AppDependencies, serviceId: number) {
  const service = await findPublicService(dependencies.knex, serviceId);
  if (!service) throw new HttpError(404, 'SERVICE_NOT_FOUND', 'This service does not exist or is not available.');
  return service;
}
