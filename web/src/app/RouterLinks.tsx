import { AnchorButton, Link, type AnchorButtonProps, type LinkProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

/**
 * Blueprint's AnchorButton and Link, navigating inside the app: a real `href` (so opening in a new tab works)
 * and a click handler that moves with the router instead of reloading the page.
 */
interface RouterProps {
  to: To;
  replace?: boolean;
}

function useRouterClick(to: To, replace: boolean | undefined, onClick: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined) {
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
}

export function RouterAnchorButton({ to, replace, onClick, ...props }: Omit<AnchorButtonProps, 'href'> & RouterProps) {
  const href = useHref(to);
  const handleClick = useRouterClick(to, replace, onClick);
  return <AnchorButton {...props} href={href} onClick={handleClick} />;
}

export function RouterLink({ to, replace, onClick, ...props }: Omit<LinkProps, 'href'> & RouterProps) {
  const href = useHref(to);
  const handleClick = useRouterClick(to, replace, onClick);
  return <Link {...props} href={href} onClick={handleClick} />;
}
