import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { smtpMailer } from '../../../commands/mail/smtp';
import { notifyAdministratorsOfRequest } from '../../../commands/request-forms/notify-administrators';
import { capturingLogger } from '../../support/capturing-logger';
import { mailText } from '../../support/identity';
import { startSmtpCapture } from '../../support/smtp-capture';

/** The notice administrators get when a request arrives (issue 16 item 1), through a real SMTP server. */
const test = suite('commands: request forms notify administrators');

const request = { requestFormId: 31, requestType: 'requestformcalendar' as const, requestedBy: 'Staff Nurse' };
const administrators = { administratorEmails: async () => ['admin@example.com', 'root@example.com'] };

test('each administrator gets one bilingual notice with a link to the request', async () => {
  const capture = await startSmtpCapture();
  try {
    const { logger } = capturingLogger();
    await notifyAdministratorsOfRequest(
      {
        mailer: smtpMailer(capture.url, 'Health Unit <no-reply@example.com>'),
        logger,
        publicUrl: 'https://booking.example.org/',
        lookups: administrators,
      },
      request,
    );
    assert.equal(capture.messages.map((mail) => mail.to).sort(), [['admin@example.com'], ['root@example.com']]);
    const text = mailText(capture.messages[0]!);
    assert.match(text, 'Staff Nurse has submitted a request for a new calendar.');
    assert.match(text, 'Staff Nurse a soumis une demande pour un nouveau calendrier.');
    assert.match(text, 'https://booking.example.org/admin/request-forms/31/view');
    assert.match(capture.messages[0]!.raw, /Subject: New request form/);
  } finally {
    await capture.stop();
  }
});

test('a mail server that cannot be reached is logged, without the address, and nothing is thrown', async () => {
  const { logger, text } = capturingLogger();
  await notifyAdministratorsOfRequest(
    {
      mailer: smtpMailer('smtp://127.0.0.1:1', 'no-reply@example.com'),
      logger,
      publicUrl: '',
      lookups: administrators,
    },
    request,
  );
  assert.match(text(), 'request notice not sent');
  assert.not.match(text(), 'admin@example.com');
});

test('a failing look-up of the administrators is logged and nothing is thrown', async () => {
  const { logger, text } = capturingLogger();
  const failing = { administratorEmails: () => Promise.reject(new Error('database down')) };
  await notifyAdministratorsOfRequest(
    { mailer: { send: () => assert.unreachable('nothing to send') as never }, logger, publicUrl: '', lookups: failing },
    request,
  );
  assert.match(text(), 'request notice not sent');
});

test.run();
