/** What the app and other features use of this feature. Keep it light: whatever it re-exports loads with every importer (lazy screens are imported by app/routes.tsx directly). */
export { CalendarChoiceLabel } from './CalendarChoiceLabel';
export { useGetCalendarQuery, useGetCalendarsQuery } from './calendarsApi';
export { LanesEditor } from './lanes/LanesEditor';
export { editableLanes, laneProblems, lanesToSave } from './lanes/laneRules';
export { useLaneMessage } from './lanes/useLaneMessage';
export type { Calendar } from './types';
export { calendarPrefillOf, savedCalendarOf } from './prefill';
export type { CalendarPrefill, CalendarPrefillState, SavedCalendarState } from './prefill';
