/** A column of an exported CSV file: its header and what it holds, in English and French (for the README). */
export interface ExportColumn {
  name: string;
  en: string;
  fr: string;
}

const column = (name: string, en: string, fr: string): ExportColumn => ({ name, en, fr });

const calendarColumns = [
  column('calendarId', 'Calendar id', 'Numéro du calendrier'),
  column('calendarName', 'Calendar name', 'Nom du calendrier'),
];
const instant = (name: string, en: string, fr: string) =>
  column(name, `${en} (YYYY-MM-DD HH:MM:SS, the unit's time zone)`, `${fr} (AAAA-MM-JJ HH:MM:SS, fuseau de l’unité)`);

/** appointments.csv: one row per client of each appointment on a date of the range. */
export const appointmentColumns: ExportColumn[] = [
  column('appointmentId', 'Appointment id', 'Numéro du rendez-vous'),
  column('confirmationCode', 'Confirmation code given to the client', 'Code de confirmation remis au client'),
  ...calendarColumns,
  column('locationName', 'Location (clinic)', 'Emplacement (clinique)'),
  column('officeRegion', 'Office region of the location', 'Région du bureau de l’emplacement'),
  column('date', 'Date (YYYY-MM-DD)', 'Date (AAAA-MM-JJ)'),
  column('startTime', 'Start time (HH:MM:SS)', 'Heure de début (HH:MM:SS)'),
  column('endTime', 'End time (HH:MM:SS)', 'Heure de fin (HH:MM:SS)'),
  column('laneId', 'Lane id', 'Numéro de la colonne'),
  column('laneName', 'Lane name', 'Nom de la colonne'),
  column(
    'clientNumber',
    'Client number within the appointment (1, 2, …)',
    'Rang du client dans le rendez-vous (1, 2, …)',
  ),
  column('clientCount', 'Clients in the appointment', 'Nombre de clients du rendez-vous'),
  column('firstName', 'First name', 'Prénom'),
  column('lastName', 'Last name', 'Nom'),
  column('preferredName', 'Preferred name', 'Nom préféré'),
  column('clientId', 'Client id (health card or chart number)', 'Numéro du client'),
  column('pronoun', 'Pronoun (he, she, they)', 'Pronom (he, she, they)'),
  column('dateOfBirth', 'Date of birth (YYYY-MM-DD)', 'Date de naissance (AAAA-MM-JJ)'),
  column('clientLanguage', 'Client’s language', 'Langue du client'),
  column('legalGuardian', 'Legal guardian present (true/false)', 'Tuteur légal présent (true/false)'),
  column('notGuardian', 'Accompanied by someone other than a guardian', 'Accompagné d’une autre personne qu’un tuteur'),
  column('authorized', 'Authorization given', 'Autorisation donnée'),
  column('translationServices', 'Translation services needed', 'Services de traduction requis'),
  column('codes', 'Codes, separated by "; "', 'Codes, séparés par « ; »'),
  column('dose', 'Dose number', 'Numéro de dose'),
  column('attendance', 'Attendance (arrived, consult, left, noshow)', 'Présence (arrived, consult, left, noshow)'),
  column('room', 'Room', 'Salle'),
  column('email', 'E-mail of the appointment', 'Courriel du rendez-vous'),
  column('language', 'Language of the appointment (en, fr)', 'Langue du rendez-vous (en, fr)'),
  column('phone', 'Phone', 'Téléphone'),
  column('phoneDoNotCall', 'Do not call the phone', 'Ne pas appeler ce téléphone'),
  column('phoneAlt', 'Other phone', 'Autre téléphone'),
  column('phoneAltDoNotCall', 'Do not call the other phone', 'Ne pas appeler l’autre téléphone'),
  column(
    'phoneReminderType',
    'Text reminder (0 none, 2 to the phone, 4 to the other phone, 6 to the number in phoneReminderCustom)',
    'Rappel par texto (0 aucun, 2 au téléphone, 4 à l’autre téléphone, 6 au numéro de phoneReminderCustom)',
  ),
  column('phoneReminderCustom', 'Number for the text reminder', 'Numéro pour le rappel par texto'),
  instant('bookedAt', 'When it was booked', 'Moment de la réservation'),
  instant('updatedAt', 'Last change', 'Dernière modification'),
];

/** registrations.csv: one row per client of each course registration whose series has a session in the range. */
export const registrationColumns: ExportColumn[] = [
  column('registrationId', 'Registration id (an appointment id)', 'Numéro de l’inscription (numéro de rendez-vous)'),
  column('confirmationCode', 'Confirmation code given to the client', 'Code de confirmation remis au client'),
  ...calendarColumns,
  column('seriesId', 'Series id', 'Numéro de la série'),
  column('seriesName', 'Series name', 'Nom de la série'),
  column('firstSession', 'Date of the first session', 'Date de la première séance'),
  column('lastSession', 'Date of the last session', 'Date de la dernière séance'),
  column('sessionCount', 'Sessions in the series', 'Nombre de séances de la série'),
  column('deadline', 'Registration deadline', 'Date limite d’inscription'),
  column('spots', 'Spots taken by the registration', 'Places prises par l’inscription'),
  column('clientNumber', 'Client number within the registration', 'Rang du client dans l’inscription'),
  column('firstName', 'First name', 'Prénom'),
  column('lastName', 'Last name', 'Nom'),
  column('preferredName', 'Preferred name', 'Nom préféré'),
  column('dateOfBirth', 'Date of birth (YYYY-MM-DD)', 'Date de naissance (AAAA-MM-JJ)'),
  column('email', 'E-mail', 'Courriel'),
  column('language', 'Language (en, fr)', 'Langue (en, fr)'),
  column('phone', 'Phone', 'Téléphone'),
  column('phoneAlt', 'Other phone', 'Autre téléphone'),
  instant('registeredAt', 'When the client registered', 'Moment de l’inscription'),
];

/** calendars.csv: every calendar, whatever the range. */
export const calendarFileColumns: ExportColumn[] = [
  ...calendarColumns,
  column('calendarNameFr', 'Calendar name in French', 'Nom du calendrier en français'),
  column('enabled', 'Enabled (true/false)', 'Activé (true/false)'),
  column('groupSession', 'Group sessions (a course)', 'Séances de groupe (un cours)'),
  column('allowMultipleClients', 'Several clients per appointment', 'Plusieurs clients par rendez-vous'),
  column('locationId', 'Location id', 'Numéro de l’emplacement'),
  column('locationName', 'Location', 'Emplacement'),
  column('officeRegion', 'Office region', 'Région du bureau'),
  column('categoryId', 'Category id', 'Numéro de la catégorie'),
  column('categoryName', 'Category', 'Catégorie'),
  instant('createdAt', 'Created', 'Création'),
  instant('updatedAt', 'Last change', 'Dernière modification'),
];

/** dates.csv: each calendar date of the range with its statistics (as the Calendar Overview shows them). */
export const dateColumns: ExportColumn[] = [
  ...calendarColumns,
  column('date', 'Date (YYYY-MM-DD)', 'Date (AAAA-MM-JJ)'),
  column('enabled', 'Open to bookings (true/false)', 'Ouverte aux réservations (true/false)'),
  column('laneCount', 'Lanes', 'Nombre de colonnes'),
  column('laneNames', 'Lane names, separated by "; "', 'Noms des colonnes, séparés par « ; »'),
  column('capacity', 'Percent full', 'Pourcentage de remplissage'),
  column('appointmentCount', 'Appointments', 'Rendez-vous'),
  column('clientCount', 'Clients', 'Clients'),
  column('bookedSlotCount', 'Booked slots', 'Plages réservées'),
  column('totalSlotCount', 'Slots', 'Plages'),
  column('firstAppointmentTime', 'First appointment', 'Premier rendez-vous'),
  column('lastAppointmentTime', 'Last appointment', 'Dernier rendez-vous'),
  column('minStartTime', 'Earliest lane start', 'Début de la première colonne'),
  column('maxEndTime', 'Latest lane end', 'Fin de la dernière colonne'),
  column('seriesId', 'Series id (a course session)', 'Numéro de la série (séance d’un cours)'),
  column('seriesName', 'Series name', 'Nom de la série'),
  column('seriesSpots', 'Spots of the series', 'Places de la série'),
  column('seriesRegistrations', 'Registrations of the series', 'Inscriptions de la série'),
];
