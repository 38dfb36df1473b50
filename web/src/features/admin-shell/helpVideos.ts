/**
 * The six tutorial videos of the help page (§1). Each address is configurable at build time through a Vite
 * variable (an absolute URL or a path on this site); without one, a file under /help/videos/ is assumed.
 */
function address(configured: unknown, fallback: string): string {
  return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : fallback;
}

// Each variable is read by its full name, so that Vite replaces it in the build.
export const helpVideos = [
  {
    key: 'createCalendar',
    href: address(import.meta.env.VITE_HELP_VIDEO_CREATE_CALENDAR, '/help/videos/create-calendar.mp4'),
  },
  { key: 'createDates', href: address(import.meta.env.VITE_HELP_VIDEO_CREATE_DATES, '/help/videos/create-dates.mp4') },
  { key: 'editDates', href: address(import.meta.env.VITE_HELP_VIDEO_EDIT_DATES, '/help/videos/edit-dates.mp4') },
  { key: 'moveDates', href: address(import.meta.env.VITE_HELP_VIDEO_MOVE_DATES, '/help/videos/move-dates.mp4') },
  { key: 'copyDates', href: address(import.meta.env.VITE_HELP_VIDEO_COPY_DATES, '/help/videos/copy-dates.mp4') },
  {
    key: 'calendarAccess',
    href: address(import.meta.env.VITE_HELP_VIDEO_CALENDAR_ACCESS, '/help/videos/calendar-access.mp4'),
  },
] as const;
