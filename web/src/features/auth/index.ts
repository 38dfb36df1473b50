/** What the app and other features use of this feature. Keep it light: whatever it re-exports loads with every importer (lazy screens are imported by app/routes.tsx directly). */
export { PasswordRules } from './PasswordRules';
export { RequireAuth } from './RequireAuth';
export { failedPasswordRules } from './passwordPolicy';
export { useLogout } from './useLogout';
export { emailProblem } from './validation';
