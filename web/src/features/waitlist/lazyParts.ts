import { lazy, type ComponentType } from 'react';

/**
 * The waitlist's parts load on demand with its texts: neither is part of the public pages' first download
 * (test/web/public-bundle.test.ts). The wizard's parts share one chunk (one request, one entry in the first download's
 * list of chunks to load), the staff's panel another.
 */
function part<M extends { addWaitlistTexts: () => void }, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  /** An extra of a page that works without it: a failed download shows nothing rather than the page's failure. */
  optional = false,
) {
  return lazy(async () => {
    try {
      const module = await load();
      module.addWaitlistTexts();
      return { default: pick(module) };
    } catch (error) {
      if (!optional) throw error;
      return { default: () => null };
    }
  });
}

const publicParts = () => import('./publicParts');

/** A course's full sessions, each with Join the waitlist (the wizard's session step). */
export const WaitlistSessions = part(publicParts, (parts) => parts.WaitlistSessions, true);
/** 'No time that suits you? Join the waitlist for a full date' (the wizard's date step). */
export const WaitlistDates = part(publicParts, (parts) => parts.WaitlistDates, true);
/** Opens the offer of an e-mail's link, or says why it cannot be used. */
export const WaitlistOfferStep = part(publicParts, (parts) => parts.WaitlistOfferStep);
/** The staff's waitlist of a series or of a clinic date, with Remove for administrators. */
export const WaitlistPanel = part(
  () => import('./staffParts'),
  (parts) => parts.WaitlistPanel,
);
