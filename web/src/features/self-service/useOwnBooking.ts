import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Language } from '../../i18n/languages';
import { errorMessage, type ApiError } from '../../shared/errorMessages';
import { isLostBooking } from './failures';
import { hashWithoutToken, storedToken, storeToken, tokenOfHash } from './manageToken';
import { useOpenOwnBookingMutation } from './selfServiceApi';
import type { ManagedBooking } from './types';

/**
 * The booking the page shows and the token that opens it. A token comes with an e-mail's link (`#token=…`, taken
 * out of the address at once), from a lookup, or from this visit's storage; the booking is opened again in the
 * page's language when it changes, and on demand (`refresh`) after a change was refused.
 */
export function useOwnBooking(language: Language) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(() => tokenOfHash(location.hash) ?? storedToken());
  const [opened, setOpened] = useState<{ booking: ManagedBooking; language: Language } | null>(null);
  const [stale, setStale] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [openFailure, setOpenFailure] = useState<unknown>(null);
  /** Why the visitor is back at the lookup form (an expired link, a booking no longer found). */
  const [lookupNotice, setLookupNotice] = useState<string | null>(null);
  const [openBooking] = useOpenOwnBookingMutation();
  const requested = useRef<string | null>(null);

  useEffect(() => {
    const fromLink = tokenOfHash(location.hash);
    if (!fromLink) return;
    storeToken(fromLink);
    setToken(fromLink);
    setOpened(null);
    const address = { pathname: location.pathname, search: location.search, hash: hashWithoutToken(location.hash) };
    void navigate(address, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  const show = useCallback((booking: ManagedBooking, shownIn: Language) => {
    storeToken(booking.token);
    setToken(booking.token);
    setOpened({ booking, language: shownIn });
    setStale(false);
    setOpenFailure(null);
    setLookupNotice(null);
  }, []);

  const forget = useCallback((notice: string | null = null) => {
    storeToken(null);
    setToken(null);
    setOpened(null);
    setOpenFailure(null);
    setLookupNotice(notice);
  }, []);

  const wanted = token !== null && (opened === null || opened.language !== language || stale);
  useEffect(() => {
    const key = `${token}|${language}|${attempt}`;
    if (!wanted || token === null || requested.current === key) return;
    requested.current = key;
    openBooking({ token, locale: language })
      .unwrap()
      .then(
        (booking) => show(booking, language),
        (error: unknown) => {
          if (isLostBooking(error)) forget(errorMessage(t, error as ApiError));
          else setOpenFailure(error);
        },
      );
  }, [wanted, token, language, attempt, openBooking, show, forget, t]);

  return {
    token,
    booking: opened?.booking ?? null,
    opening: wanted && openFailure === null,
    openFailure,
    lookupNotice,
    show,
    forget,
    /** Opens the booking again (after a refusal, or when the last try failed). */
    refresh: () => {
      setStale(true);
      setOpenFailure(null);
      setAttempt((count) => count + 1);
    },
    /** After a cancel: the booking stays on the screen, its token is no longer kept. */
    release: () => {
      storeToken(null);
      setToken(null);
    },
  };
}
