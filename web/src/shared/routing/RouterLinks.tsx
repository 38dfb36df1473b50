import { AnchorButton, Link, type AnchorButtonProps, type Intent } from '@blueprintjs/core';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

/**
 * Blueprint's AnchorButton and Link, navigating inside the app: a real `href` (so opening in a new tab works)
 * and a click handler that moves with the router instead of reloading the page.
 */
interface RouterProps {
  to: To;
  replace?: boolean;
}

type ClickHandler<E extends HTMLElement> = (event: MouseEvent<E>) => void;

function useRouterClick<E extends HTMLElement>(
  to: To,
  replace: boolean | undefined,
  onClick: ClickHandler<E> | undefined,
) {
  const navigate = useLinkClickHandler<E>(to, { replace });
  return (event: MouseEvent<E>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
}

export function RouterAnchorButton({ to, replace, onClick, ...props }: Omit<AnchorButtonProps, 'href'> & RouterProps) {
  const href = useHref(to);
  const handleClick = useRouterClick<HTMLElement>(to, replace, onClick);
  return <AnchorButton {...props} href={href} onClick={handleClick} />;
}

/** Blueprint Link's own props (its published LinkProps type does not resolve React's types here). */
interface BlueprintLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'color'> {
  underline?: 'always' | 'hover' | 'none';
  color?: Intent | 'inherit';
}

export function RouterLink({ to, replace, onClick, ...props }: BlueprintLinkProps & RouterProps) {
  const href = useHref(to);
  const handleClick = useRouterClick(to, replace, onClick);
  return <Link {...props} href={href} onClick={handleClick} />;
}
