import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../commands/infrastructure/config';
import { silentLogger } from '../../../commands/infrastructure/logger';
import { outboxFolder, startOutboxHousekeeping } from '../../../commands/mail/open';
import { pruneOutbox, type startOutboxRetention } from '../../../commands/mail/outbox-retention';
import { outboxMessenger } from '../../../commands/messaging/outbox';

/** The default messaging adapter: each text or call a JSON file in a real folder, logged without personal data. */
const test = suite<{ folder: string }>('messaging: the outbox');

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/**
 * A log line without the fields whose digits are the machine's (time, pid, host) or a random file name's: a time
 * ending in .613 s is no phone number.
 */
const withoutMachineDigits = ({
  time: _time,
  pid: _pid,
  hostname: _hostname,
  file: _file,
  ...rest
}: Record<string, unknown>) => JSON.stringify(rest);

const text = {
  to: '613-555-0123',
  body: 'Reminder: your appointment is on Tuesday, November 24, 2026 at 2:30 p.m. Confirmation code: K7QX2M9PZA.',
  language: 'en' as const,
  purpose: 'reminder',
};

test.before.each(async (context) => {
  context.folder = await mkdtemp(path.join(tmpdir(), 'outbox-'));
});
test.after.each(async (context) => {
  await rm(context.folder, { recursive: true, force: true });
});

test('a text message is written as sms-….json, in E.164, and logged by purpose and file only', async ({ folder }) => {
  const { logger, lines } = captureLog();
  const { providerId } = await outboxMessenger(folder, logger).sendText(text);
  const files = await readdir(folder);
  assert.equal(files, [providerId]);
  assert.match(providerId, /^sms-\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{6}\.json$/);
  assert.equal(JSON.parse(await readFile(path.join(folder, providerId), 'utf8')), {
    channel: 'sms',
    to: '+16135550123',
    language: 'en',
    purpose: 'reminder',
    body: text.body,
  });
  assert.is(lines.length, 1);
  assert.is(lines[0]!.purpose, 'reminder');
  assert.is(lines[0]!.file, providerId);
  assert.not.match(withoutMachineDigits(lines[0]!), /613|555|0123|K7QX2M9PZA|November/);
});

test('a voice call is written as voice-….json with the text it says, logged without number or text', async ({
  folder,
}) => {
  const { logger, lines } = captureLog();
  const { providerId } = await outboxMessenger(folder, logger).call({
    to: '+16135550199',
    say: 'Rappel : votre rendez-vous est le mardi 24 novembre 2026 à 14 h 30. Code de confirmation : K 7 Q X.',
    language: 'fr',
    purpose: 'reminder',
  });
  assert.match(providerId, /^voice-.+\.json$/);
  const written = JSON.parse(await readFile(path.join(folder, providerId), 'utf8')) as Record<string, string>;
  assert.is(written.channel, 'voice');
  assert.is(written.to, '+16135550199');
  assert.is(written.language, 'fr');
  assert.match(written.say!, /14 h 30/);
  assert.is(lines[0]!.file, providerId);
  assert.not.match(withoutMachineDigits(lines[0]!), /6135550199|K 7 Q X|novembre/);
});

test('the outbox retention removes old text and call files with old mail, and leaves other files', async ({
  folder,
}) => {
  const aged = async (name: string, days: number) => {
    await writeFile(path.join(folder, name), '{}');
    const when = new Date(Date.now() - days * 86_400_000);
    await utimes(path.join(folder, name), when, when);
  };
  await aged('sms-2026-01-01T09-00-00-000Z-abcdef.json', 9);
  await aged('voice-2026-01-01T09-00-00-000Z-abcdef.json', 9);
  await aged('sms-2026-01-08T09-00-00-000Z-123456.json', 1);
  await aged('settings.json', 30);
  assert.is(await pruneOutbox(folder, 7, new Date()), 2);
  assert.equal((await readdir(folder)).sort(), ['settings.json', 'sms-2026-01-08T09-00-00-000Z-123456.json']);
});

test('with SMTP_URL but texts in the outbox, the server still keeps the outbox to its retention', async ({
  folder,
}) => {
  const config = loadConfig({ DATA_DIR: folder, SMTP_URL: 'smtp://localhost:2525', OUTBOX_RETENTION_DAYS: '3' });
  const { providerId } = await outboxMessenger(outboxFolder(config), silentLogger).sendText(text);
  const when = new Date(Date.now() - 4 * 86_400_000);
  await utimes(path.join(outboxFolder(config), providerId), when, when);
  const housekeeping = startOutboxHousekeeping(config, silentLogger) as ReturnType<typeof startOutboxRetention>;
  assert.ok(housekeeping, 'the outbox is kept');
  await housekeeping.pruned;
  housekeeping.stop();
  assert.equal(await readdir(outboxFolder(config)), []);
});

test.run();
