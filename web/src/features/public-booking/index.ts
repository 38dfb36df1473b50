/** What the app and other features use of this feature. Keep it light: whatever it re-exports loads with every importer (lazy screens are imported by app/routes.tsx directly). */
export { BookingWizard } from './BookingWizard';
export type { PublicService, PublicServiceSummary } from './serviceTypes';
// issue 20: the "Find my booking" page (features/self-service) reuses the wizard's date and time steps and its calls
export { DateStep } from './DateStep';
export { TimeStep } from './TimeStep';
export { StepFrame } from './StepFrame';
export { FormField } from './FormField';
export { addressLine } from './LocationText';
export { useCreatePublicLockMutation, useReleasePublicLockMutation } from './bookingApi';
export { lockFailureCode } from './bookingErrors';
export { minutesSeconds, useCountdown } from './useCountdown';
export { useLockRelease } from './useLockRelease';
export { initialWizardState, wizardReducer } from './wizardState';
export type { HeldLock, WizardAction, WizardState } from './wizardState';
export type { FieldError } from './appointmentForm';
export type { LockRequest } from './types';
