import {
  bookedOnItsDate,
  cancelAppointment,
  unregisterClient,
  type AppointmentDependencies,
} from '../appointments/handlers';
import type { CommandContext } from '../handle-command';
import { foundAppointment, policyOf, type OwnBooking } from './own-booking';
import { selfServiceClosed } from './refusals';

/**
 * The client cancels their own booking online (issue 20): before the service's cut-off, unless self-service is off.
 * The slot, or the course's spots, are free at once, and a cancellation notice goes to the client.
 */
export async function cancelOwnBooking(
  dependencies: AppointmentDependencies,
  booking: OwnBooking,
  context: CommandContext,
) {
  const policy = policyOf(booking, dependencies.now());
  if (!policy.canCancel) throw selfServiceClosed(policy.reason ?? 'SELF_SERVICE_OFF', booking.phone);
  if (booking.seriesId !== null) return unregisterClient(dependencies, booking.seriesId, booking.id, context, true);
  return cancelAppointment(dependencies, bookedOnItsDate(foundAppointment(booking)), context, true);
}
