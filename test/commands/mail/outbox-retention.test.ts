import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../commands/infrastructure/config';
import { silentLogger } from '../../../commands/infrastructure/logger';
import { outboxFolder, startOutboxHousekeeping } from '../../../commands/mail/open';
import { pruneOutbox, startOutboxRetention } from '../../../commands/mail/outbox-retention';

/** DATA_DIR/outbox keeps OUTBOX_RETENTION_DAYS days of mail, in a real folder with files of chosen ages. */
const test = suite<{ folder: string }>('mail: outbox retention');

const DAY_MS = 86_400_000;

async function mailAged(folder: string, name: string, days: number) {
  const file = path.join(folder, name);
  await writeFile(file, 'Subject: test\r\n\r\nbody');
  const when = new Date(Date.now() - days * DAY_MS);
  await utimes(file, when, when);
}

const namesIn = async (folder: string) => (await readdir(folder)).sort();

test.before.each(async (context) => {
  context.folder = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
});
test.after.each(async (context) => {
  await rm(context.folder, { recursive: true, force: true });
});

test('mail older than the retention goes; newer mail and other files stay', async ({ folder }) => {
  await mailAged(folder, 'old.eml', 8);
  await mailAged(folder, 'just-over.eml', 7.01);
  await mailAged(folder, 'recent.eml', 6.9);
  await mailAged(folder, 'today.eml', 0);
  await mailAged(folder, 'notes.txt', 30);
  assert.is(await pruneOutbox(folder, 7, new Date()), 2);
  assert.equal(await namesIn(folder), ['notes.txt', 'recent.eml', 'today.eml']);
  assert.is(await pruneOutbox(folder, 7, new Date()), 0, 'nothing more to remove');
});

test('a missing outbox (no mail written yet) is not an error', async ({ folder }) => {
  assert.is(await pruneOutbox(path.join(folder, 'never-created'), 7, new Date()), 0);
});

test('the retention prunes at start, then on its timer', async ({ folder }) => {
  await mailAged(folder, 'old.eml', 10);
  const retention = startOutboxRetention({ folder, days: 7, logger: silentLogger, intervalMs: 50 });
  try {
    await retention.pruned;
    assert.equal(await namesIn(folder), [], 'pruned at start');
    await mailAged(folder, 'later.eml', 9);
    await mailAged(folder, 'fresh.eml', 1);
    const deadline = Date.now() + 3_000;
    while ((await namesIn(folder)).includes('later.eml') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(await namesIn(folder), ['fresh.eml'], 'pruned again by the timer');
  } finally {
    retention.stop();
  }
});

test('0 days keeps every mail', async ({ folder }) => {
  await mailAged(folder, 'ancient.eml', 400);
  const retention = startOutboxRetention({ folder, days: 0, logger: silentLogger, intervalMs: 20 });
  await retention.pruned;
  await new Promise((resolve) => setTimeout(resolve, 80));
  retention.stop();
  assert.equal(await namesIn(folder), ['ancient.eml']);
});

test('the server keeps DATA_DIR/outbox to OUTBOX_RETENTION_DAYS; with SMTP_URL and Twilio there is no outbox to keep', async ({
  folder,
}) => {
  const config = loadConfig({ DATA_DIR: folder, OUTBOX_RETENTION_DAYS: '3' });
  await mkdir(outboxFolder(config));
  await mailAged(outboxFolder(config), 'four-days.eml', 4);
  await mailAged(outboxFolder(config), 'two-days.eml', 2);
  const housekeeping = startOutboxHousekeeping(config, silentLogger) as ReturnType<typeof startOutboxRetention>;
  await housekeeping.pruned;
  housekeeping.stop();
  assert.equal(await namesIn(outboxFolder(config)), ['two-days.eml']);
  assert.is(
    startOutboxHousekeeping(
      loadConfig({
        DATA_DIR: folder,
        SMTP_URL: 'smtp://localhost:2525',
        MESSAGING: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM_NUMBER: '+16135550100',
      }),
      silentLogger,
    ),
    undefined,
  );
});

test('OUTBOX_RETENTION_DAYS defaults to 7 and must be a whole number of days', () => {
  assert.is(loadConfig({}).outboxRetentionDays, 7);
  assert.is(loadConfig({ OUTBOX_RETENTION_DAYS: '30' }).outboxRetentionDays, 30);
  assert.is(loadConfig({ OUTBOX_RETENTION_DAYS: '0' }).outboxRetentionDays, 0);
  assert.throws(() => loadConfig({ OUTBOX_RETENTION_DAYS: 'soon' }), /OUTBOX_RETENTION_DAYS/);
  assert.throws(() => loadConfig({ OUTBOX_RETENTION_DAYS: '-1' }), /OUTBOX_RETENTION_DAYS/);
});

test.run();
