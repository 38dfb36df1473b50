import type { ApiIssue } from '../../shared/errorMessages';
import type { Language } from '../../i18n/languages';
import { OFFICE_REGIONS, PROVINCES, type LocationFields } from '../../../../domain/locations/location';
import type { Location, LocationBody, OfficeRegion, Province } from './types';

/** The choices of the location form, in the domain's order (the API's schema uses the same lists). */
export const officeRegions: readonly OfficeRegion[] = OFFICE_REGIONS;
export const provinces: readonly Province[] = PROVINCES;

/** The values the location form edits: the domain's location fields (§3 Location). */
export type LocationFormValues = LocationFields;

export type LocationField = keyof LocationFormValues;
export const locationFields: readonly LocationField[] = [
  'name',
  'nameFr',
  'officeRegion',
  'isVirtual',
  'address',
  'addressFr',
  'city',
  'province',
  'postalCode',
  'email',
  'phone',
  'messagingLocation',
];
/** The fields a virtual location has none of: hidden, not checked, sent empty (§5). */
export const addressFields = [
  'address',
  'addressFr',
  'city',
  'province',
  'postalCode',
] as const satisfies readonly LocationField[];

type ProblemKey =
  | 'locations.nameRequired'
  | 'locations.nameFrRequired'
  | 'locations.addressRequired'
  | 'locations.addressFrRequired'
  | 'locations.cityRequired'
  | 'locations.postalCodeRequired'
  | 'locations.postalCodeInvalid'
  | 'locations.emailInvalid'
  | 'locations.phoneInvalid'
  | 'locations.invalidField';
/** Translation keys of the problems found, by field. */
export type LocationFormProblems = Partial<Record<LocationField, ProblemKey>>;

/** §3 defaults of a new location: Cornwall, ON, not virtual. */
export function initialValues(location: Location | undefined): LocationFormValues {
  return {
    name: location?.name ?? '',
    nameFr: location?.nameFr ?? '',
    officeRegion: location?.officeRegion ?? 'Cornwall',
    isVirtual: location?.isVirtual ?? false,
    address: location?.address ?? '',
    addressFr: location?.addressFr ?? '',
    city: location?.city ?? '',
    province: location?.province ?? 'ON',
    postalCode: location?.postalCode ?? '',
    email: location?.email ?? '',
    phone: location ? formatPhone(location.phone) : '',
    messagingLocation: location?.messagingLocation ?? '',
  };
}

const phonePattern = /^\d{3}-?\d{3}-?\d{4}$/;
const postalCodePattern = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/;

/** §5: a phone number is shown XXX-XXX-XXXX; anything that is not 10 digits is left as typed. */
export function formatPhone(value: string): string {
  const trimmed = value.trim();
  if (!phonePattern.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/-/g, '');
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A postal code as Canada Post writes it: upper case, with the space ("k6h1a1" becomes "K6H 1A1"). */
export function formatPostalCode(value: string): string {
  const compact = value.trim().toUpperCase().replace(/\s+/g, '');
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)
    ? `${compact.slice(0, 3)} ${compact.slice(3)}`
    : value.trim().toUpperCase();
}

/** §5 "Other forms": names and region always; the address fields unless virtual; e-mail and phone when given. */
export function validateLocation(values: LocationFormValues): LocationFormProblems {
  const problems: LocationFormProblems = {};
  if (values.name.trim() === '') problems.name = 'locations.nameRequired';
  if (values.nameFr.trim() === '') problems.nameFr = 'locations.nameFrRequired';
  if (!values.isVirtual) {
    if (values.address.trim() === '') problems.address = 'locations.addressRequired';
    if (values.addressFr.trim() === '') problems.addressFr = 'locations.addressFrRequired';
    if (values.city.trim() === '') problems.city = 'locations.cityRequired';
    const postalCode = values.postalCode.trim().toUpperCase();
    if (postalCode === '') problems.postalCode = 'locations.postalCodeRequired';
    else if (!postalCodePattern.test(postalCode)) problems.postalCode = 'locations.postalCodeInvalid';
  }
  const email = values.email.trim();
  if (email !== '' && (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 180))
    problems.email = 'locations.emailInvalid';
  const phone = values.phone.trim();
  if (phone !== '' && !phonePattern.test(phone)) problems.phone = 'locations.phoneInvalid';
  return problems;
}

/** The body of POST /api/locations or PUT /api/locations/{id}; a virtual location sends no address. */
export function toLocationBody(values: LocationFormValues): LocationBody {
  const physical = !values.isVirtual;
  return {
    name: values.name.trim(),
    nameFr: values.nameFr.trim(),
    officeRegion: values.officeRegion,
    isVirtual: values.isVirtual,
    address: physical ? values.address.trim() : '',
    addressFr: physical ? values.addressFr.trim() : '',
    city: physical ? values.city.trim() : '',
    province: physical ? values.province : 'ON',
    postalCode: physical ? formatPostalCode(values.postalCode) : '',
    email: values.email.trim(),
    phone: formatPhone(values.phone),
    messagingLocation: values.messagingLocation.trim(),
  };
}

const serverProblemKeys: Partial<Record<LocationField, ProblemKey>> = {
  address: 'locations.addressRequired',
  addressFr: 'locations.addressFrRequired',
  city: 'locations.cityRequired',
  postalCode: 'locations.postalCodeInvalid',
  email: 'locations.emailInvalid',
  phone: 'locations.phoneInvalid',
};

/** The server's zod issues (400) shown on their fields; other refusals are said above the form. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): LocationFormProblems {
  const problems: LocationFormProblems = {};
  if (code !== 'VALIDATION_FAILED') return problems;
  for (const issue of issues) {
    const field = locationFields.find((name) => name === issue.path[0]);
    if (field && !problems[field]) problems[field] = serverProblemKeys[field] ?? 'locations.invalidField';
  }
  return problems;
}

/** The name of a location in the admin's language (§2.3: nameFr in French). */
export function locationName(location: Pick<Location, 'name' | 'nameFr'>, language: Language): string {
  return language === 'fr' && location.nameFr !== '' ? location.nameFr : location.name;
}
