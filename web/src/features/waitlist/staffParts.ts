/** The staff's waitlist panel, a chunk loaded on demand (see lazyParts.ts), with the waitlist's texts. */
export { addWaitlistTexts } from '../../i18n/waitlistTexts';
export { WaitlistPanel } from './WaitlistPanel';
