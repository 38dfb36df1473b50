import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { capturingLogger } from '../support/capturing-logger';
import { demoBooking, lockDemoSlot } from '../support/demo-booking';
import { request } from '../support/http';

/**
 * Issue 12, item 7: logs carry ids only. A booking by a client with a marker name and address, its confirmation
 * e-mail and a refused sign-in under that address leave the marker nowhere in the log.
 */
const MARKER = 'Qvxjmarker';
const test = suite<{ app: TestApp; log: ReturnType<typeof capturingLogger> }>('api: logs without personal data');

test.before(async (context) => {
  context.log = capturingLogger('debug');
  context.app = await startTestApp({ logger: context.log.logger });
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a booking, its confirmation e-mail and a failed sign-in log no name, address or code', async ({ app, log }) => {
  const { serviceId, token } = await lockDemoSlot(app);
  const booked = await request(
    app.baseUrl,
    'POST',
    '/api/public/appointments',
    demoBooking(
      token,
      serviceId,
      { firstName: MARKER, lastName: `${MARKER}son` },
      `${MARKER.toLowerCase()}@example.com`,
    ),
  );
  assert.is(booked.status, 201, booked.text);
  // The dispatcher may already have sent it when notified; otherwise this sends it now.
  for (let tries = 0; tries < 50 && !log.text().includes('mail written to the outbox'); tries++) {
    await app.server.mailDispatcher.drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const signIn = await request(app.baseUrl, 'POST', '/api/login_check', {
    username: `${MARKER}@example.com`,
    password: 'Wrong!Passw0rd',
  });
  assert.is(signIn.status, 401);

  const text = log.text();
  assert.match(text, /mail written to the outbox/, 'the confirmation was sent and logged');
  assert.match(text, /"path":"\/api\/public\/appointments"/, 'requests are logged');
  assert.not.ok(
    text.toLowerCase().includes(MARKER.toLowerCase()),
    text
      .split('\n')
      .filter((line) => line.toLowerCase().includes(MARKER.toLowerCase()))
      .join('\n'),
  );
  assert.not.ok(text.includes(booked.json.confirmationCode), 'nor the confirmation code');
});

test.run();
