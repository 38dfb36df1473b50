import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayIn } from '../../domain/shared/plain-date';
import { startTestApp, type TestApp } from '../support/app';
import { newPage, signInAs, type AdminLanguage } from '../support/admin-browser';
import { browserLifecycle } from '../support/browser';
import { request } from '../support/http';
import { bearer, createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 18, /admin/audit/events in Chromium: an Auditor signs in and lands on the event log, sees only the audit
 * entries of the menu, filters by type, opens an event's data and metadata, pages to older and newer events and
 * downloads the range (English and French); a Basic User is refused the screen.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  categoryId?: number;
}

const test = suite<Context>('e2e: admin audit events');
const viewport = { width: 1400, height: 950 };
const STAFF_ENTRIES = ['Calendar Overview', 'Calendars', 'Users', 'Report', 'Services'];

const texts = {
  en: {
    title: 'Event Log',
    menu: 'Staff menu',
    entry: 'Event Log',
    help: 'Help',
    type: 'Event type',
    apply: 'Apply Filters',
    older: 'Older',
    newer: 'Newer',
    show: 'Show event',
    data: 'Data',
    metadata: 'Metadata',
    csv: 'Download CSV',
    jsonl: 'Download JSON Lines',
    from: 'From',
    empty: 'No events match these filters.',
    actor: /^User \d+ \(System Administrator\)$/,
    when: /\d{1,2}:\d\d\u00a0(a|p)\.m\.$/,
  },
  fr: {
    title: 'Journal des événements',
    menu: 'Menu du personnel',
    entry: 'Journal des événements',
    help: 'Aide',
    type: 'Type d’événement',
    apply: 'Appliquer les filtres',
    older: 'Plus anciens',
    newer: 'Plus récents',
    show: 'Afficher l’événement',
    data: 'Données',
    metadata: 'Métadonnées',
    csv: 'Télécharger en CSV',
    jsonl: 'Télécharger en JSON Lines',
    from: 'Du',
    empty: 'Aucun événement ne correspond à ces filtres.',
    actor: /^Utilisateur \d+ \(Administrateur système\)$/,
    when: /\d{1,2}\u00a0h(\u00a0\d\d)?$/,
  },
};

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
    const token = await seedAdminToken(context.app);
    const created = await request(
      context.app.baseUrl,
      'POST',
      '/api/categories',
      { name: 'Audited Category' },
      bearer(token),
    );
    assert.is(created.status, 201, created.text);
    context.categoryId = created.json.id;
    for (const language of ['en', 'fr'])
      await createUser(context.app.baseUrl, token, {
        email: `auditor.${language}@example.com`,
        roles: ['ROLE_AUDITOR'],
        password: STRONG_PASSWORD,
      });
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

/** The table's rows (not the opened details): position, type and actor of each. */
async function eventRows(page: Page) {
  await page.locator('.audit-events-table tbody tr').first().waitFor();
  return page.locator('.audit-events-table tbody tr:not(.audit-event-details)').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim());
      return { position: Number(cells[0]), when: cells[1]!, stream: cells[2]!, type: cells[3]!, actor: cells[4]! };
    }),
  );
}

async function walk(context: Context, language: AdminLanguage) {
  const t = texts[language];
  const page = await newPage(context, viewport, language);
  // signed in at /admin, an Auditor without a staff role lands on the event log
  await signInAs(context, page, `auditor.${language}@example.com`, STRONG_PASSWORD, '/admin', language);
  await page.waitForURL('**/admin/audit/events');
  await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
  const menu = page.getByRole('navigation', { name: t.menu });
  const entries = await menu.getByRole('link').allInnerTexts();
  assert.ok(entries.includes(t.entry), entries.join());
  assert.ok(entries.includes(t.help), entries.join());
  for (const staff of STAFF_ENTRIES) assert.not.ok(entries.includes(staff), `${staff} is not offered`);

  // newest first, 50 a page; Older and Newer walk the log
  const first = await eventRows(page);
  assert.is(first.length, 50);
  assert.ok(first[0]!.position > first[49]!.position);
  assert.match(first[0]!.when, t.when);
  assert.ok(await page.getByRole('button', { name: t.newer }).isDisabled());
  await page.getByRole('button', { name: t.older }).click();
  await page.waitForURL(/before=/);
  await page.waitForFunction(
    (newest) => Number(document.querySelector('.audit-events-table tbody tr td')?.textContent) < newest,
    first[49]!.position + 1,
  );
  const second = await eventRows(page);
  assert.ok(second[0]!.position < first[49]!.position, 'older events');
  await page.getByRole('button', { name: t.newer }).click();
  await page.waitForURL(/after=/);
  await page.waitForFunction(
    (newest) => Number(document.querySelector('.audit-events-table tbody tr td')?.textContent) === newest,
    first[0]!.position,
  );

  // filtered by type: the System Administrator's new category among them
  await page.getByLabel(t.type).selectOption('CategoryCreated');
  await page.getByRole('button', { name: t.apply }).click();
  await page.waitForURL(/type=CategoryCreated/);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.audit-events-table tbody tr td:nth-child(4)')].every(
      (cell) => cell.textContent === 'CategoryCreated',
    ),
  );
  const created = await eventRows(page);
  const audited = created.find((row) => row.stream.startsWith(`category-${context.categoryId} `));
  assert.ok(audited, 'the new category');
  assert.match(audited!.actor, t.actor);
  assert.ok(
    created.every((row) => row.type === 'CategoryCreated'),
    created.map((row) => row.type).join(),
  );

  // an event opens on its data and metadata
  await page.getByRole('button', { name: `${t.show} ${audited!.position}` }).click();
  const data = await page.getByRole('region', { name: t.data, exact: true }).locator('pre').innerText();
  assert.is(JSON.parse(data).fields.name, 'Audited Category');
  const metadata = JSON.parse(
    await page.getByRole('region', { name: t.metadata, exact: true }).locator('pre').innerText(),
  );
  assert.is(metadata.actor.role, 'ROLE_ROOT');
  assert.type(metadata.correlationId, 'string');
  assert.type(metadata.clientAddress, 'string');

  // the range as files
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.csv }).click()]);
  assert.match(csv.suggestedFilename(), /^audit-events-.*\.csv$/);
  const bytes = await readFile((await csv.path())!);
  assert.equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte order mark');
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  assert.is(lines[0], 'position,recordedAt,streamId,revision,type,actor,correlationId,clientAddress,data');
  assert.is(lines.length, created.length + 1);
  assert.ok(lines.slice(1).every((line) => line.includes(',CategoryCreated,')));
  const [jsonl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t.jsonl }).click(),
  ]);
  assert.match(jsonl.suggestedFilename(), /^audit-events-.*\.jsonl$/);
  const events = (await readFile((await jsonl.path())!))
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string });
  assert.is(events.length, created.length);

  // a range with nothing in it
  const tomorrow = addDays(todayIn('America/Toronto', new Date()), 1);
  await page.locator('#audit-from-date').fill(tomorrow);
  await page.getByRole('button', { name: t.apply }).click();
  await page.getByText(t.empty).waitFor();
}

register('in English: an Auditor lands on the log, filters, opens an event, pages and downloads', (context) =>
  walk(context, 'en'),
);

register('in French: the same walk', (context) => walk(context, 'fr'));

register('a Basic User is refused the screen', async (context) => {
  const token = await seedAdminToken(context.app!);
  await createUser(context.app!.baseUrl, token, {
    email: 'journal.basic@example.com',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  const page = await newPage(context, viewport);
  await signInAs(context, page, 'journal.basic@example.com', STRONG_PASSWORD, '/admin/audit/events');
  await page.getByText('Access denied').waitFor();
  assert.is(await page.locator('.audit-events-table').count(), 0);
  const entries = await page.getByRole('navigation', { name: 'Staff menu' }).getByRole('link').allInnerTexts();
  assert.not.ok(entries.includes('Event Log'));
});

test.run();
