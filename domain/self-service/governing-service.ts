/** A public service as far as choosing the one that governs a booking goes. */
export interface CandidateService {
  id: number;
  calendarIds: readonly number[];
}

/**
 * The public service whose self-service settings govern a booking (issue 20): the one it was booked through, while
 * that is still enabled and public (`publicServices` holds only those); else the lowest-id one offering its
 * calendar (staff bookings, and those booked before bookings remembered their service); else none.
 */
export function governingService<Service extends CandidateService>(
  booking: { serviceId: number | null; calendarId: number },
  publicServices: readonly Service[],
): Service | null {
  const booked = publicServices.find((service) => service.id === booking.serviceId);
  if (booked) return booked;
  const offering = publicServices.filter((service) => service.calendarIds.includes(booking.calendarId));
  return offering.reduce<Service | null>(
    (lowest, service) => (!lowest || service.id < lowest.id ? service : lowest),
    null,
  );
}
