import { createContext, useContext } from 'react';
import type { WizardParts } from './wizardParts';

/** The wizard's parts the page was given (see wizardParts.ts), for the page's components. */
export const WizardPartsContext = createContext<WizardParts | null>(null);

export function useWizardParts(): WizardParts {
  const parts = useContext(WizardPartsContext);
  if (!parts) throw new Error('useWizardParts: the page renders its parts inside WizardPartsContext');
  return parts;
}
