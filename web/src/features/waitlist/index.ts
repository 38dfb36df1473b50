/** What the app and other features use of this feature. Keep it light: whatever it re-exports loads with every importer; its screens are lazy (lazyParts.ts). */
export { WaitlistDates, WaitlistOfferStep, WaitlistPanel, WaitlistSessions } from './lazyParts';
export { offerTokenOf } from './offerLink';
export type { OpenedOffer, WaitlistAddress } from './types';
