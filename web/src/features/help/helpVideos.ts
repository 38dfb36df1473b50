import type { HelpTopicKey } from './helpTopics';
import { videoAddress } from './helpTopics';

/**
 * The tutorial video of each help topic, when its address is configured at build time (an absolute URL or a path
 * on this site); a topic without one shows its written guide only. Each variable is read by its full name, so
 * that Vite replaces it in the build.
 */
export const helpVideos: Record<HelpTopicKey, string | null> = {
  createCalendar: videoAddress(import.meta.env.VITE_HELP_VIDEO_CREATE_CALENDAR),
  createDates: videoAddress(import.meta.env.VITE_HELP_VIDEO_CREATE_DATES),
  editDates: videoAddress(import.meta.env.VITE_HELP_VIDEO_EDIT_DATES),
  moveDates: videoAddress(import.meta.env.VITE_HELP_VIDEO_MOVE_DATES),
  copyDates: videoAddress(import.meta.env.VITE_HELP_VIDEO_COPY_DATES),
  calendarAccess: videoAddress(import.meta.env.VITE_HELP_VIDEO_CALENDAR_ACCESS),
};
