import type { ServiceFields } from '../../domain/services/service';
import { defaultServiceFields } from '../../domain/services/service';

/** The demo calendars (by name) that each demo service offers, by the service's title. */
export const demoServiceCalendars: Record<string, string[]> = {
  'Childhood Immunization Clinic': ['Cornwall Immunization Clinic', 'Hawkesbury Immunization Clinic'],
  'Prenatal Classes': ['Rockland Prenatal Classes'],
  'Travel Health Consultation': ['Winchester Flu Clinic'],
};

/**
 * The services a new demo store starts with (their calendars come from `demoServiceCalendars` once the demo
 * calendars exist). Two are open to the public; the travel clinic is switched off.
 */
export const demoServices: ServiceFields[] = [
  {
    ...defaultServiceFields,
    title: 'Childhood Immunization Clinic',
    titleFr: 'Clinique de vaccination des enfants',
    description: 'Routine vaccines for children from 2 months to 17 years of age.',
    descriptionFr: 'Vaccins de routine pour les enfants de 2 mois à 17 ans.',
    enabled: true,
    isPublic: true,
    landingPage: '<p>Book a vaccination appointment for your child at one of our clinics.</p>',
    landingPageFr: '<p>Prenez rendez-vous pour faire vacciner votre enfant dans l’une de nos cliniques.</p>',
    confirmationPage: '<p>Please bring your child’s immunization record.</p>',
    confirmationPageFr: '<p>Veuillez apporter le carnet de vaccination de votre enfant.</p>',
    consentRequired: true,
  },
  {
    ...defaultServiceFields,
    title: 'Prenatal Classes',
    titleFr: 'Cours prénatals',
    description: 'A six-week course for expectant parents, in person or online.',
    descriptionFr: 'Un cours de six semaines pour les futurs parents, en personne ou en ligne.',
    enabled: true,
    isPublic: true,
    defaultSpots: 2,
    landingPage: '<p>Register for a prenatal course near you.</p>',
    landingPageFr: '<p>Inscrivez-vous à un cours prénatal près de chez vous.</p>',
    confirmationPage: '<p>We look forward to seeing you.</p>',
    confirmationPageFr: '<p>Au plaisir de vous voir.</p>',
  },
  {
    ...defaultServiceFields,
    title: 'Travel Health Consultation',
    titleFr: 'Consultation santé-voyage',
    description: 'Advice and vaccines before you travel.',
    descriptionFr: 'Conseils et vaccins avant votre voyage.',
    enabled: false,
    isPublic: true,
    landingPage: '<p>Travel health consultations are paused.</p>',
    landingPageFr: '<p>Les consultations santé-voyage sont suspendues.</p>',
    confirmationPage: '<p>Thank you.</p>',
    confirmationPageFr: '<p>Merci.</p>',
  },
];
