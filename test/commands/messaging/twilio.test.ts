import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PermanentMessagingError } from '../../../commands/messaging/port';
import { twilioMessenger, type TwilioSettings } from '../../../commands/messaging/twilio';
import { startFakeTwilio, type FakeTwilio } from '../../support/fake-twilio';

/** The Twilio adapter against a local stand-in for Twilio's REST API that checks every request it gets. */
const test = suite<{ twilio: FakeTwilio; settings: TwilioSettings }>('messaging: the Twilio adapter');

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
const authToken = 'a-secret-auth-token';

test.before.each(async (context) => {
  context.twilio = await startFakeTwilio({ accountSid, authToken });
  context.settings = { accountSid, authToken, fromNumber: '+16135550100', apiUrl: context.twilio.url };
});
test.after.each(async (context) => {
  await context.twilio.stop();
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

test('a text message is posted to Messages.json as a form, with Basic auth, and answered by its sid', async ({
  twilio,
  settings,
}) => {
  const body = 'Reminder: your appointment is on Tuesday, November 24, 2026 at 2:30 p.m. Code: K7QX2M9PZA.';
  const { providerId } = await twilioMessenger(settings).sendText({
    to: '(613) 555-0123',
    body,
    language: 'en',
    purpose: 'reminder',
  });
  assert.is(twilio.requests.length, 1);
  const [request] = twilio.requests;
  assert.equal(request!.problems, []);
  assert.is(request!.path, `/2010-04-01/Accounts/${accountSid}/Messages.json`);
  assert.equal(request!.form, { To: '+16135550123', From: '+16135550100', Body: body });
  assert.is(request!.status, 201);
  assert.match(providerId, /^SM[0-9a-f]{32}$/);
});

test('a call is posted to Calls.json with TwiML saying the text in en-CA or fr-CA, XML-escaped', async ({
  twilio,
  settings,
}) => {
  const messenger = twilioMessenger(settings);
  const english = 'Place: Smith & Daughters <Clinic>, "Unit 2". Code: K 7 Q.';
  const french = "Rappel : votre rendez-vous est le mardi 24 novembre 2026 à 14 h 30. Lieu : l'Hôpital.";
  const first = await messenger.call({ to: '+16135550123', say: english, language: 'en', purpose: 'reminder' });
  const second = await messenger.call({ to: '6135550123', say: french, language: 'fr', purpose: 'reminder' });
  assert.match(first.providerId, /^CA[0-9a-f]{32}$/);
  assert.match(second.providerId, /^CA[0-9a-f]{32}$/);
  assert.is.not(first.providerId, second.providerId);
  const [call, appel] = twilio.requests;
  assert.equal(call!.problems, []);
  assert.equal(appel!.problems, []);
  assert.is(call!.path, `/2010-04-01/Accounts/${accountSid}/Calls.json`);
  assert.is(call!.form.To, '+16135550123');
  assert.is(call!.form.From, '+16135550100');
  assert.is(call!.sayLanguage, 'en-CA');
  assert.is(call!.said, english);
  assert.match(call!.form.Twiml!, /Smith &amp; Daughters &lt;Clinic&gt;, &quot;Unit 2&quot;/);
  assert.is(appel!.sayLanguage, 'fr-CA');
  assert.is(appel!.said, french);
});

test('a number Twilio refuses as invalid is a permanent error that does not quote the number', async ({
  twilio,
  settings,
}) => {
  twilio.invalidNumbers.add('+16135550000');
  const error = await rejection(
    twilioMessenger(settings).sendText({ to: '613-555-0000', body: 'Hello', language: 'en', purpose: 'reminder' }),
  );
  assert.instance(error, PermanentMessagingError);
  assert.match(error.message, /HTTP 400, error 21211/);
  assert.not.match(error.message, /555/);
});

test('unsubscribed (21610) and not SMS-capable (21614) are permanent too', async ({ twilio, settings }) => {
  twilio.script({ status: 400, code: 21610 }, { status: 400, code: 21614 });
  const messenger = twilioMessenger(settings);
  const message = { to: '+16135550123', body: 'Hello', language: 'en' as const, purpose: 'reminder' };
  assert.instance(await rejection(messenger.sendText(message)), PermanentMessagingError);
  assert.instance(await rejection(messenger.sendText(message)), PermanentMessagingError);
});

test('an outage, a rate limit or bad credentials are temporary errors, to be retried', async ({ twilio, settings }) => {
  twilio.script({ status: 503, code: 20503 }, { status: 429, code: 20429 });
  const messenger = twilioMessenger(settings);
  const message = { to: '+16135550123', body: 'Hello', language: 'en' as const, purpose: 'reminder' };
  const outage = await rejection(messenger.sendText(message));
  assert.not.instance(outage, PermanentMessagingError);
  assert.match(outage.message, /HTTP 503/);
  const limited = await rejection(
    messenger.call({ to: '+16135550123', say: 'Hi', language: 'en', purpose: 'reminder' }),
  );
  assert.not.instance(limited, PermanentMessagingError);
  assert.match(limited.message, /HTTP 429/);
  const wrongToken = await rejection(twilioMessenger({ ...settings, authToken: 'wrong' }).sendText(message));
  assert.not.instance(wrongToken, PermanentMessagingError);
  assert.match(wrongToken.message, /HTTP 401, error 20003/);
  assert.equal(twilio.requests[2]!.problems, ['bad Basic auth']);
  // And once Twilio is back, the same message goes.
  assert.match((await messenger.sendText(message)).providerId, /^SM/);
});

test('a request Twilio does not answer in time is given up as a temporary error', async ({ twilio, settings }) => {
  twilio.script('hang');
  const started = Date.now();
  const error = await rejection(
    twilioMessenger({ ...settings, timeoutMs: 200 }).sendText({
      to: '+16135550123',
      body: 'Hello',
      language: 'en',
      purpose: 'reminder',
    }),
  );
  assert.not.instance(error, PermanentMessagingError);
  assert.match(error.message, /no answer/);
  assert.ok(Date.now() - started < 5_000, 'ended by the timeout');
});

test('an unreachable Twilio is a temporary error', async ({ twilio, settings }) => {
  await twilio.stop();
  const error = await rejection(
    twilioMessenger(settings).sendText({ to: '+16135550123', body: 'Hello', language: 'en', purpose: 'reminder' }),
  );
  assert.not.instance(error, PermanentMessagingError);
  assert.match(error.message, /no answer/);
});

test.run();
