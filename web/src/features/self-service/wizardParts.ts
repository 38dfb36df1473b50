import { useBotCheck } from '../bot-check';
import {
  addressLine,
  DateStep,
  FormField,
  initialWizardState,
  lockFailureCode,
  minutesSeconds,
  StepFrame,
  TimeStep,
  useCountdown,
  useCreatePublicLockMutation,
  useLockRelease,
  useReleasePublicLockMutation,
  wizardReducer,
} from '../public-booking';
import { useGetPublicServiceQuery } from '../services';

/**
 * What the "Find my booking" page uses of the booking wizard: imported here, by the app's routes (the public pages'
 * first download, which holds the wizard already), and handed to the page's module, which loads on demand and
 * imports only their types. A static import of the wizard from that module would bring the whole wizard within the
 * reach of a second entry, and the bundler would split the first download into more, smaller chunks (+2.5 kB
 * gzipped, measured; test/web/public-bundle.test.ts).
 */
export const wizardParts = {
  addressLine,
  DateStep,
  FormField,
  initialWizardState,
  lockFailureCode,
  minutesSeconds,
  StepFrame,
  TimeStep,
  useBotCheck,
  useCountdown,
  useCreatePublicLockMutation,
  useGetPublicServiceQuery,
  useLockRelease,
  useReleasePublicLockMutation,
  wizardReducer,
};

export type WizardParts = typeof wizardParts;
