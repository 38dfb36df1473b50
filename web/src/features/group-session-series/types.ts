import type { z } from 'zod';
import type { seriesList, seriesResponse, sessionDate } from '../../../../api/calendar-dates/schemas';
import type { registrationList } from '../../../../api/group-session-series/schemas';

/** Answers of the series calls, inferred from the API's own schemas (types only). */
export type SessionDate = z.infer<typeof sessionDate>;
export type Series = z.infer<typeof seriesResponse>;
export type SeriesList = z.infer<typeof seriesList>;
export type RegistrationList = z.infer<typeof registrationList>;
export type Registration = RegistrationList['items'][number];

export interface SeriesAddress {
  calendarId: number;
  seriesId: number;
}
