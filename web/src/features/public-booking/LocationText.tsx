import { useTranslation } from 'react-i18next';
import type { PublicCalendar } from './types';

/** A calendar's place: the location's name and its address on one line, or "Online" for a virtual location. */
export function LocationText({ location }: { location: PublicCalendar['location'] }) {
  const { t } = useTranslation();
  if (!location) return null;
  const address = addressLine(location);
  return (
    <>
      {location.name && <span className="booking-choice-line">{location.name}</span>}
      {location.isVirtual ? (
        <span className="booking-choice-line">{t('booking.calendar.virtual')}</span>
      ) : (
        address && <span className="booking-choice-line">{address}</span>
      )}
    </>
  );
}

/** The address of a location as one line of text (the confirmation's summary). */
export function addressLine(location: PublicCalendar['location']): string {
  if (!location || location.isVirtual) return '';
  return [location.address, [location.city, location.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
