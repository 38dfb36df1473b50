/**
 * The six help topics of /admin/help (§2.3): each is a written step-by-step guide with a screenshot per step
 * (`web/public/help/<language>/<slug>-<step>.png`, made by `npm run help:screenshots`), and an embedded video
 * when its address is configured (helpVideos.ts).
 */
export const helpTopics = [
  { key: 'createCalendar', slug: 'create-calendar', steps: 5 },
  { key: 'createDates', slug: 'create-dates', steps: 5 },
  { key: 'editDates', slug: 'edit-dates', steps: 5 },
  { key: 'moveDates', slug: 'move-dates', steps: 4 },
  { key: 'copyDates', slug: 'copy-dates', steps: 4 },
  { key: 'calendarAccess', slug: 'calendar-access', steps: 4 },
] as const;

export type HelpTopic = (typeof helpTopics)[number];
export type HelpTopicKey = HelpTopic['key'];

/** Every screenshot has this size (the viewport it was taken in). */
export const screenshotSize = { width: 1000, height: 650 } as const;

export const topicBySlug = (slug: string | undefined): HelpTopic | undefined =>
  helpTopics.find((topic) => topic.slug === slug);

/** The step numbers of a topic, from 1. */
export const stepNumbers = (topic: HelpTopic): number[] => Array.from({ length: topic.steps }, (_, index) => index + 1);

/** Where the screenshot of a step is served from (web/public is the site's root). */
export const stepImage = (language: string, topic: HelpTopic, step: number): string =>
  `/help/${language}/${topic.slug}-${step}.png`;

/** A configured video address (an absolute URL or a path on this site), or null when none is set. */
export function videoAddress(configured: unknown): string | null {
  return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : null;
}
