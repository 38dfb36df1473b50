/** Office regions of the region buttons (§2.3). */
export const OFFICE_REGIONS = [
  'Alexandria',
  'Casselman',
  'Cornwall',
  'Hawkesbury',
  'Rockland',
  'Winchester',
  'PR',
  'SDG',
  'Virtual',
] as const;
export type OfficeRegion = (typeof OFFICE_REGIONS)[number];
/** §3 provinces: N/A plus the Canadian provinces and territories. */
export const PROVINCES = ['N/A', 'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

/** What staff set on a location (§3 Location). Ids and timestamps live beside it. */
export interface LocationFields {
  name: string;
  nameFr: string;
  officeRegion: OfficeRegion;
  isVirtual: boolean;
  address: string;
  addressFr: string;
  city: string;
  province: Province;
  postalCode: string;
  email: string;
  phone: string;
  /** The messaging-service location field of §3 (the SMS gateway's location code). */
  messagingLocation: string;
}

/** The street address a virtual location does not have: stored empty (§5). */
export const ADDRESS_FIELDS = [
  'address',
  'addressFr',
  'city',
  'postalCode',
] as const satisfies readonly (keyof LocationFields)[];

/** §3 defaults of a new location. */
export const defaultLocationFields: LocationFields = {
  name: '',
  nameFr: '',
  officeRegion: 'Cornwall',
  isVirtual: false,
  address: '',
  addressFr: '',
  city: '',
  province: 'ON',
  postalCode: '',
  email: '',
  phone: '',
  messagingLocation: '',
};

export const locationStream = (locationId: number): string => `location-${locationId}`;

/** §8: the text staff see when a delete is refused because calendars still use the location. */
export const LOCATION_IN_USE_MESSAGE =
  'The location could not be deleted. Make sure the location is not currently in use.';
