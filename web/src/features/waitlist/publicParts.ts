/** The wizard's waitlist parts, one chunk loaded on demand (see lazyParts.ts), with the waitlist's texts. */
export { addWaitlistTexts } from '../../i18n/waitlistTexts';
export { WaitlistDates } from './WaitlistDates';
export { WaitlistOfferStep } from './WaitlistOfferStep';
export { WaitlistSessions } from './WaitlistSessions';
