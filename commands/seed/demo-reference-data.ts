import type { Knex } from 'knex';
import type { CategoryFields } from '../../domain/categories/category';
import { defaultLocationFields, type LocationFields, type OfficeRegion } from '../../domain/locations/location';
import type { TemplateFields } from '../../domain/templates/template';
import type { LogPosition } from '../../domain/event-store/port';
import type { CommandContext, CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { createCategory } from '../categories/handlers';
import { createLocation } from '../locations/handlers';
import { createTemplate } from '../templates/handlers';

/** The categories a new demo store starts with; Immunization is the default for new calendars. */
export const demoCategories: CategoryFields[] = [
  { name: 'Immunization', isDefault: true },
  { name: 'Prenatal and Parenting', isDefault: false },
  { name: 'Travel Health', isDefault: false },
];

const office = (
  officeRegion: OfficeRegion,
  name: string,
  nameFr: string,
  address: Partial<LocationFields>,
): LocationFields => ({
  ...defaultLocationFields,
  officeRegion,
  name,
  nameFr,
  ...address,
});

/** One location per office region (§2.3), with addresses in eastern Ontario; the virtual one has none. */
export const demoLocations: LocationFields[] = [
  office('Alexandria', 'Alexandria Office', 'Bureau d’Alexandria', {
    address: '595 Main Street South',
    addressFr: '595, rue Main Sud',
    city: 'Alexandria',
    postalCode: 'K0C 1A0',
    phone: '613-555-0101',
    email: 'alexandria@healthunit.example',
    messagingLocation: 'ALEX',
  }),
  office('Casselman', 'Casselman Office', 'Bureau de Casselman', {
    address: '872 Principale Street',
    addressFr: '872, rue Principale',
    city: 'Casselman',
    postalCode: 'K0A 1M0',
    phone: '613-555-0102',
    email: 'casselman@healthunit.example',
    messagingLocation: 'CASS',
  }),
  office('Cornwall', 'Cornwall Office', 'Bureau de Cornwall', {
    address: '1000 Pitt Street',
    addressFr: '1000, rue Pitt',
    city: 'Cornwall',
    postalCode: 'K6J 5T1',
    phone: '613-555-0103',
    email: 'cornwall@healthunit.example',
    messagingLocation: 'CORN',
  }),
  office('Hawkesbury', 'Hawkesbury Office', 'Bureau de Hawkesbury', {
    address: '134 Main Street East',
    addressFr: '134, rue Main Est',
    city: 'Hawkesbury',
    postalCode: 'K6A 1A3',
    phone: '613-555-0104',
    email: 'hawkesbury@healthunit.example',
    messagingLocation: 'HAWK',
  }),
  office('Rockland', 'Rockland Office', 'Bureau de Rockland', {
    address: '2784 Laurier Street',
    addressFr: '2784, rue Laurier',
    city: 'Rockland',
    postalCode: 'K4K 1A2',
    phone: '613-555-0105',
    email: 'rockland@healthunit.example',
    messagingLocation: 'ROCK',
  }),
  office('Winchester', 'Winchester Office', 'Bureau de Winchester', {
    address: '478 Main Street West',
    addressFr: '478, rue Main Ouest',
    city: 'Winchester',
    postalCode: 'K0C 2K0',
    phone: '613-555-0106',
    email: 'winchester@healthunit.example',
    messagingLocation: 'WINC',
  }),
  office('PR', 'Prescott-Russell Office', 'Bureau de Prescott-Russell', {
    address: '59 Court Street',
    addressFr: '59, rue Court',
    city: 'L’Orignal',
    postalCode: 'K0B 1K0',
    phone: '613-555-0107',
    email: 'pr@healthunit.example',
    messagingLocation: 'PR',
  }),
  office('SDG', 'Stormont, Dundas and Glengarry Office', 'Bureau de Stormont, Dundas et Glengarry', {
    address: '26 Court Street',
    addressFr: '26, rue Court',
    city: 'Morrisburg',
    postalCode: 'K0C 1X0',
    phone: '613-555-0108',
    email: 'sdg@healthunit.example',
    messagingLocation: 'SDG',
  }),
  office('Virtual', 'Virtual', 'Virtuel', {
    isVirtual: true,
    province: 'N/A',
    phone: '613-555-0109',
    email: 'virtual@healthunit.example',
    messagingLocation: 'VIRT',
  }),
];

const sender = { fromEmail: 'no-reply@healthunit.example', fromName: 'Health Unit', fromNameFr: 'Bureau de santé' };

/**
 * The two e-mail templates of a new store, created first so that they get ids 1 (confirmation) and 2 (reminder), the
 * ids a new calendar's settings default to. Bodies use placeholders the mailer fills per appointment (the list is in
 * commands/confirmation-mails/render.ts).
 */
export const demoTemplates: TemplateFields[] = [
  {
    ...sender,
    name: 'Appointment confirmation',
    subject: 'Your appointment on {{date}} is confirmed',
    subjectFr: 'Votre rendez-vous du {{date}} est confirmé',
    body: '<p>Hello {{firstName}},</p><p>Your appointment at {{calendar}} is booked for {{date}} at {{time}}.</p><p>{{location}}<br>{{address}}</p><p>Confirmation code: <strong>{{confirmationCode}}</strong></p><p>The attached calendar file adds the appointment to your calendar.</p>',
    bodyFr:
      '<p>Bonjour {{firstName}},</p><p>Votre rendez-vous à {{calendar}} est prévu le {{date}} à {{time}}.</p><p>{{location}}<br>{{address}}</p><p>Code de confirmation : <strong>{{confirmationCode}}</strong></p><p>Le fichier de calendrier joint ajoute le rendez-vous à votre agenda.</p>',
  },
  {
    ...sender,
    name: 'Appointment reminder',
    subject: 'Reminder: your appointment on {{date}}',
    subjectFr: 'Rappel : votre rendez-vous le {{date}}',
    body: '<p>Hello {{clientName}},</p><p>This is a reminder of your appointment on {{date}} at {{time}}, at {{location}}.</p><p>Confirmation code: {{confirmationCode}}</p>',
    bodyFr:
      '<p>Bonjour {{clientName}},</p><p>Nous vous rappelons votre rendez-vous le {{date}} à {{time}}, à l’endroit suivant : {{location}}.</p><p>Code de confirmation : {{confirmationCode}}</p>',
  },
];

export interface SeededReferenceData {
  /** Category ids by name. */
  categoryIds: Record<string, number>;
  /** Location ids by office region. */
  locationIds: Partial<Record<OfficeRegion, number>>;
  templateIds: { confirmation: number; reminder: number };
  position?: LogPosition;
}

/** Seeds the demo categories, locations and e-mail templates through their command handlers, and returns their ids. */
export async function seedReferenceData(
  dependencies: CommandDependencies & { knex: Knex; lookups: ReadModelLookups },
  context: CommandContext,
): Promise<SeededReferenceData> {
  let position: LogPosition | undefined;
  const templateIds: number[] = [];
  for (const fields of demoTemplates) {
    const template = await createTemplate(dependencies, fields, context);
    templateIds.push(template.templateId);
    position = template.append?.position ?? position;
  }
  const categoryIds: Record<string, number> = {};
  for (const fields of demoCategories) {
    const category = await createCategory(dependencies, fields, context);
    categoryIds[fields.name] = category.categoryId;
    position = category.append?.position ?? position;
  }
  const locationIds: SeededReferenceData['locationIds'] = {};
  for (const fields of demoLocations) {
    const location = await createLocation(dependencies, fields, context);
    locationIds[fields.officeRegion] = location.locationId;
    position = location.append?.position ?? position;
  }
  const [confirmation, reminder] = templateIds as [number, number];
  return { categoryIds, locationIds, templateIds: { confirmation, reminder }, ...(position ? { position } : {}) };
}
