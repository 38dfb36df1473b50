import { MenuItem, type MenuItemProps } from '@blueprintjs/core';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/** A Blueprint MenuItem that is a real link inside the app (opens in a new tab too), marked when current. */
export function RouterMenuItem({
  to,
  active,
  ...props
}: Omit<MenuItemProps, 'href' | 'onClick' | 'active'> & { to: string; active: boolean }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <MenuItem
      {...props}
      roleStructure="listitem"
      href={href}
      onClick={onClick}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}
