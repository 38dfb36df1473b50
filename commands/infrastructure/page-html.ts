import Piscina from 'piscina';

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
    filename: new URL('./page-html-cleaner.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
  });
  const cleaned = await pool.run(html);
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(html, cleaned);
  return cleaned;
}

/** Ends the cleaning thread (when the server stops); the next cleaning starts it again. */
export async function closePageHtmlCleaning(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
