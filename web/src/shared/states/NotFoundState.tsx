import { NonIdealState } from '@blueprintjs/core';
import type { ReactElement } from 'react';

interface NotFoundStateProps {
  title: string;
  description?: string;
  /** The way out: home, or back to the list. */
  action: ReactElement;
}

/** The page-wide "not found" state of the public and staff pages: an unknown address, record, calendar or series. */
export function NotFoundState({ title, description, action }: NotFoundStateProps) {
  return <NonIdealState className="page-state" icon="search" title={title} description={description} action={action} />;
}
