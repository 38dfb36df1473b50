import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { offerTokenOf } from '../waitlist';

/**
 * The waitlist offer of the page's address (the offer e-mail's link, `#offer=`; issue 20 item 6): its token, the
 * address without it, and `forget` (a used or abandoned offer leaves the address, so a reload starts afresh). A link
 * opened in this tab while the wizard is past its first step calls `onOpenedMidway`, to start over on the offer.
 */
export function useOfferLink(onOpenedMidway: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = offerTokenOf(location.hash);
  const withoutOffer = `${location.pathname}${location.search}`;
  const shown = useRef(token);
  useEffect(() => {
    const changed = token !== shown.current;
    shown.current = token;
    if (changed && token) onOpenedMidway(); // the callback of the render where the token changed
  }, [token]); // only a change of the token counts
  return {
    token,
    withoutOffer,
    forget: () => {
      if (token) void navigate(withoutOffer, { replace: true });
    },
  };
}
