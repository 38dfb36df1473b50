import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { pathInLanguage } from '../../i18n/paths';

/**
 * After the visitor moves to another page (not on the first load, and not when only the language changed, where
 * the focus stays on the language link), put the keyboard focus on the new page's main heading, or on the main
 * region, so keyboard and screen-reader users start at the new content.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const samePage = pathInLanguage(previous.current, 'en') === pathInLanguage(pathname, 'en');
    previous.current = pathname;
    const region = main.current;
    if (samePage || !region) return;
    const target = region.querySelector<HTMLElement>('h1') ?? region;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, main]);
}
