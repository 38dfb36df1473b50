import type { ExportedFile } from '../../domain/data-exports/data-export';
import { timeOfDayIn, todayIn } from '../../domain/shared/plain-date';
import type { ExportColumn } from './columns';
import type { ExportRange } from './sources';

const ABOUT: Record<string, { en: string; fr: string }> = {
  'appointments.csv': {
    en: 'One row per client of each appointment on a date of the range (an appointment of three clients is three rows with the same appointmentId).',
    fr: 'Une ligne par client de chaque rendez-vous d’une date de la période (un rendez-vous de trois clients donne trois lignes au même appointmentId).',
  },
  'registrations.csv': {
    en: 'One row per client of each registration to a course (group-session series) with a session in the range.',
    fr: 'Une ligne par client de chaque inscription à un cours (série de séances de groupe) ayant une séance dans la période.',
  },
  'calendars.csv': {
    en: 'Every calendar, whatever the range.',
    fr: 'Tous les calendriers, quelle que soit la période.',
  },
  'dates.csv': {
    en: 'Each calendar date of the range, with its statistics as the Calendar Overview shows them.',
    fr: 'Chaque date de calendrier de la période, avec ses statistiques telles que l’aperçu des calendriers les montre.',
  },
};

/** README.txt of the archive: what it covers, when it was made, and each file's rows and columns, in English and French. */
export function readme(
  range: ExportRange,
  generatedAt: Date,
  files: (ExportedFile & { columns: ExportColumn[] })[],
): string {
  const at = `${todayIn(range.timeZone, generatedAt)} ${timeOfDayIn(range.timeZone, generatedAt)} (${range.timeZone})`;
  const lines = [
    'Data export / Exportation de données',
    '====================================',
    '',
    `Dates: ${range.startDate} to ${range.endDate} (both included)`,
    `Dates : du ${range.startDate} au ${range.endDate} (inclusivement)`,
    `Generated / Produite : ${at}`,
    '',
    'The files are CSV (comma-separated, UTF-8 with a byte-order mark). They hold personal health information:',
    'keep them as the unit’s privacy rules require. A text that starts with =, +, - or @ is written with a',
    'leading apostrophe, so that a spreadsheet does not run it as a formula. Cancelled appointments are not included.',
    '',
    'Les fichiers sont en CSV (séparés par des virgules, UTF-8 avec marque d’ordre d’octets). Ils contiennent des',
    'renseignements personnels sur la santé : conservez-les selon les règles de confidentialité de l’unité. Un texte',
    'qui commence par =, +, - ou @ est précédé d’une apostrophe, pour qu’un tableur ne l’exécute pas comme une',
    'formule. Les rendez-vous annulés ne sont pas inclus.',
  ];
  for (const file of files) {
    const about = ABOUT[file.name];
    lines.push('', file.name, '-'.repeat(file.name.length), `${file.rows} rows / lignes`);
    if (about) lines.push(about.en, about.fr);
    lines.push('');
    for (const column of file.columns) lines.push(`  ${column.name}: ${column.en} / ${column.fr}`);
  }
  return lines.join('\r\n') + '\r\n';
}
