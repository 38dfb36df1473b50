import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../commands/infrastructure/config';
import { silentLogger } from '../../../commands/infrastructure/logger';
import { openMessenger } from '../../../commands/messaging/open';
import { startFakeTwilio } from '../../support/fake-twilio';

/** MESSAGING chooses where texts and calls go: DATA_DIR/outbox by default, Twilio when configured. */
const test = suite<{ folder: string }>('messaging: choosing the adapter');

const text = { to: '+16135550123', body: 'Hello', language: 'en' as const, purpose: 'reminder' };

test.before.each(async (context) => {
  context.folder = await mkdtemp(path.join(tmpdir(), 'messaging-'));
});
test.after.each(async (context) => {
  await rm(context.folder, { recursive: true, force: true });
});

test('by default, texts and calls are written to DATA_DIR/outbox', async ({ folder }) => {
  const messenger = openMessenger(loadConfig({ DATA_DIR: folder }), silentLogger);
  const sms = await messenger.sendText(text);
  const voice = await messenger.call({ to: text.to, say: 'Hello', language: 'fr', purpose: 'reminder' });
  assert.equal((await readdir(path.join(folder, 'outbox'))).sort(), [sms.providerId, voice.providerId].sort());
});

test('with MESSAGING=twilio, they go to the Twilio API of TWILIO_API_URL and nothing is written', async ({
  folder,
}) => {
  const accountSid = 'AC0000000000000000000000000000abcd';
  const twilio = await startFakeTwilio({ accountSid, authToken: 'token' });
  try {
    const config = loadConfig({
      DATA_DIR: folder,
      MESSAGING: 'twilio',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM_NUMBER: '+16135550100',
      TWILIO_API_URL: `${twilio.url}/`,
    });
    const { providerId } = await openMessenger(config, silentLogger).sendText(text);
    assert.match(providerId, /^SM/);
    assert.is(twilio.requests.length, 1);
    assert.equal(twilio.requests[0]!.problems, []);
    assert.is(twilio.requests[0]!.form.From, '+16135550100');
    assert.equal(await readdir(folder), []);
  } finally {
    await twilio.stop();
  }
});

test('MESSAGING=twilio without its account, token or number does not start', () => {
  assert.throws(
    () => loadConfig({ MESSAGING: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' }),
    /TWILIO_AUTH_TOKEN: required with MESSAGING=twilio[\s\S]*TWILIO_FROM_NUMBER/,
  );
});

test.run();
