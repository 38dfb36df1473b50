import Piscina from 'piscina';
import { workerModuleUrl } from './worker-module';

/** Cleaned pages kept by their input: a booking rush sends the same few templates' bodies again and again. */
const MAX_REMEMBERED = 100;
const remembered = new Map<string, string>();

let pool: Piscina<string, string> | undefined;

/**
 * Staff-written HTML as it is kept and sent (page-html-cleaner.ts: DOMPurify over jsdom). jsdom costs ~100 MB of
 * memory in a process that loads it, and pages are cleaned rarely (a saved service or template; a confirmation's
 * template body, the same few over and over), so the cleaning runs on one thread that starts when needed and ends
 * after half a minute unused, and each result is remembered: the API workers and the mail sender do not carry jsdom.
 */
export async function cleanPageHtml(html: string): Promise<string> {
  if (!html.trim()) return html;
  const known = remembered.get(html);
  if (known !== undefined) return known;
  pool ??= new Piscina<string, string>({
    filename: workerModuleUrl('page-html-cleaner', import.meta.url),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    // A thread's default young generation lets jsdom's start-up garbage pile up: 4 MB keeps the thread at 55-65 MB
    // instead of ~100, with no measurable cost to a cleaning.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  const cleaned = await pool.run(html);
  remember(html, cleaned);
  // Cleaning is idempotent: a body cleaned when it was saved goes out again, unchanged, without waking the thread.
  remember(cleaned, cleaned);
  return cleaned;
}

function remember(html: string, cleaned: string): void {
  remembered.delete(html);
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(html, cleaned);
}

/** Whether the cleaning thread's pool is open (it may have no thread while idle). */
export const pageHtmlCleaningOpen = (): boolean => pool !== undefined;

/** Ends the cleaning thread (when the server stops); the next cleaning starts it again. */
export async function closePageHtmlCleaning(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
