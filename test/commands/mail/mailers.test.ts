import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { outboxMailer } from '../../../commands/mail/outbox';
import { smtpMailer } from '../../../commands/mail/smtp';
import { startSmtpCapture } from '../../support/smtp-capture';

const message = {
  to: 'nurse@example.org',
  subject: 'Your sign-in code',
  text: 'Your code is 482913. It expires in 10 minutes.',
  purpose: 'two-factor code',
  staffAccess: true,
  attachments: [
    { filename: 'appointment.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' },
  ],
};

const test = suite('mail: mailers');

test('the SMTP mailer delivers to a real SMTP server', async () => {
  const capture = await startSmtpCapture();
  try {
    await smtpMailer(capture.url, 'Health Unit <no-reply@example.com>').send(message);
    assert.is(capture.messages.length, 1);
    const [mail] = capture.messages;
    assert.equal(mail!.to, ['nurse@example.org']);
    assert.is(mail!.from, 'no-reply@example.com');
    assert.match(mail!.raw, /Subject: Your sign-in code/);
    assert.match(mail!.raw, /482913/);
    assert.match(mail!.raw, /filename=appointment\.ics/);
  } finally {
    await capture.stop();
  }
});

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

test('the outbox mailer writes an .eml file and logs its purpose and file, not recipient, subject or text, in production', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  try {
    const { logger, lines } = captureLog();
    await outboxMailer(folder, 'no-reply@example.com', logger, { logContent: false }).send(message);
    const files = await readdir(folder);
    assert.is(files.length, 1);
    assert.match(files[0]!, /\.eml$/);
    const raw = await readFile(path.join(folder, files[0]!), 'utf8');
    assert.match(raw, /To: nurse@example\.org/);
    assert.match(raw, /482913/);
    assert.is(lines.length, 1);
    assert.is(lines[0]!.purpose, 'two-factor code');
    assert.is(lines[0]!.file, files[0]);
    assert.not.match(JSON.stringify(lines[0]), /482913|nurse@example\.org|Your sign-in code/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('in development the outbox log shows a staff code, so it can be read off the console, but never a client’s mail', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  try {
    const { logger, lines } = captureLog();
    const mailer = outboxMailer(folder, 'no-reply@example.com', logger, { logContent: true });
    await mailer.send(message);
    await mailer.send({
      to: 'ada@example.org',
      subject: 'Your appointment',
      text: 'Hello Ada Lovelace, your code is K7QX2M9PZA.',
      purpose: 'appointment confirmation',
    });
    assert.match(JSON.stringify(lines[0]), /482913/);
    assert.not.match(JSON.stringify(lines[1]), /Ada|K7QX2M9PZA|ada@example/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test.run();
