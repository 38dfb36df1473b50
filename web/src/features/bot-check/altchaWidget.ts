/**
 * The ALTCHA web component, loaded only by the pages that need it. The `external` build with its worker served as
 * a file of our own origin, because the default build starts its workers from blob: URLs, which the app's Content
 * Security Policy (worker-src falls back to 'self') refuses. Its styles (which hide the invisible widget) are
 * a stylesheet for the same reason.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// The one algorithm the server's challenges use (commands/bot-check/settings.ts).
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
