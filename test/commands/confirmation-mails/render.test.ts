import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  htmlToText,
  renderConfirmation,
  withoutDoublePeriod,
  type ConfirmationContent,
} from '../../../commands/confirmation-mails/render';
import { demoTemplates } from '../../../commands/seed/demo-reference-data';
import { retryDelayMs, defaultRetryPolicy } from '../../../commands/confirmation-mails/queue';

const test = suite('confirmation mails: rendering');

const template = {
  name: 'Confirmation',
  fromEmail: 'clinic@healthunit.example',
  fromName: 'Health Unit',
  fromNameFr: 'Bureau de santé',
  subject: 'Appointment on {{date}} at {{time}}',
  subjectFr: 'Rendez-vous le {{date}} à {{time}}',
  body: '<p>Hello {{firstName}} {{lastName}},</p><p>{{calendar}}, {{location}}: {{address}}.<br>Code: {{confirmationCode}} {{unknown}}</p><p><a href="https://unit.example/help">Help</a></p>',
  bodyFr: '<p>Bonjour {{ firstName }},</p><p>{{date}}, {{time}} à {{endTime}}, {{location}} : {{address}}</p>',
};

const content = (changes: Partial<ConfirmationContent> = {}): ConfirmationContent => ({
  language: 'en',
  template,
  calendarName: 'Cornwall Immunization Clinic',
  location: {
    name: 'Cornwall Office',
    nameFr: 'Bureau de Cornwall',
    isVirtual: false,
    address: '1000 Pitt Street',
    addressFr: '1000, rue Pitt',
    city: 'Cornwall',
    postalCode: 'K6J 5T1',
  },
  clients: [{ firstName: 'Ada', lastName: 'Lovelace', preferredName: '' }],
  confirmationCode: 'ABCDE23456',
  sessions: [{ date: '2026-11-25', startTime: '09:00:00', endTime: '09:15:00' }],
  manageLink: null,
  ...changes,
});

test('English: subject, sender, placeholders, 12-hour times', async () => {
  const mail = await renderConfirmation(content());
  assert.equal(mail.from, { name: 'Health Unit', address: 'clinic@healthunit.example' });
  assert.is(mail.subject, 'Appointment on Wednesday, November 25, 2026 at 9:00\u00a0a.m.');
  assert.match(mail.html, '<p>Hello Ada Lovelace,</p>');
  assert.match(mail.html, 'Cornwall Immunization Clinic, Cornwall Office: 1000 Pitt Street, Cornwall K6J 5T1.');
  assert.match(mail.html, 'Code: ABCDE23456 {{unknown}}', 'an unknown placeholder stays as written');
  assert.is(
    mail.text,
    'Hello Ada Lovelace,\n\nCornwall Immunization Clinic, Cornwall Office: 1000 Pitt Street, Cornwall K6J 5T1.\nCode: ABCDE23456 {{unknown}}\n\nHelp (https://unit.example/help)',
  );
});

test('French: the French variants, French dates and times, the French address', async () => {
  const mail = await renderConfirmation(
    content({ language: 'fr', sessions: [{ date: '2026-12-01', startTime: '14:30:00', endTime: '15:00:00' }] }),
  );
  assert.is(mail.from.name, 'Bureau de santé');
  assert.is(mail.subject, 'Rendez-vous le mardi 1er décembre 2026 à 14\u00a0h\u00a030');
  assert.is(
    mail.text,
    'Bonjour Ada,\n\nmardi 1er décembre 2026, 14\u00a0h\u00a030 à 15\u00a0h, Bureau de Cornwall : 1000, rue Pitt, Cornwall K6J 5T1',
  );
});

test('French falls back to English where the French text is empty', async () => {
  const mail = await renderConfirmation(
    content({ language: 'fr', template: { ...template, subjectFr: ' ', fromNameFr: '' } }),
  );
  assert.is(mail.subject, 'Appointment on mercredi 25 novembre 2026 at 9\u00a0h');
  assert.is(mail.from.name, 'Health Unit');
});

test('client input is escaped in the HTML, not in the text; the preferred name greets', async () => {
  const mail = await renderConfirmation(
    content({ clients: [{ firstName: 'Bob', lastName: '<script>alert(1)</script> & Co', preferredName: 'Rob' }] }),
  );
  assert.match(mail.html, 'Hello Rob &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co,');
  assert.not.match(mail.html, '<script>');
  assert.match(mail.text, 'Hello Rob <script>alert(1)</script> & Co,');
});

test('a plain-text body keeps its lines in both versions; group sessions list every date', async () => {
  const sessions = [
    { date: '2026-12-02', startTime: '18:00:00', endTime: '20:00:00' },
    { date: '2026-12-09', startTime: '18:00:00', endTime: '20:00:00' },
  ];
  const mail = await renderConfirmation(
    content({
      template: { ...template, body: 'Hi {{clientName}},\nYour sessions:\n{{sessions}}' },
      sessions,
      clients: [
        { firstName: 'A', lastName: 'B', preferredName: '' },
        { firstName: 'C', lastName: 'D', preferredName: '' },
      ],
    }),
  );
  assert.is(
    mail.text,
    'Hi A B, C D,\nYour sessions:\nWednesday, December 2, 2026, 6:00\u00a0p.m. – 8:00\u00a0p.m.\nWednesday, December 9, 2026, 6:00\u00a0p.m. – 8:00\u00a0p.m.',
  );
  assert.is(
    mail.html,
    'Hi A B, C D,<br>\nYour sessions:<br>\nWednesday, December 2, 2026, 6:00\u00a0p.m. – 8:00\u00a0p.m.<br>Wednesday, December 9, 2026, 6:00\u00a0p.m. – 8:00\u00a0p.m.',
  );
});

test('a virtual location has no address', async () => {
  const mail = await renderConfirmation(
    content({
      location: {
        name: 'Virtual',
        nameFr: 'Virtuel',
        isVirtual: true,
        address: '',
        addressFr: '',
        city: '',
        postalCode: '',
      },
    }),
  );
  assert.match(mail.text, 'Cornwall Immunization Clinic, Virtual: .');
});

test('html to text: entities, lists, line breaks', () => {
  assert.is(
    htmlToText('<h1>Title</h1>\n<ul><li>one &amp; two</li><li>three&nbsp;&#233;</li></ul><p>end</p>'),
    'Title\n\n- one & two\n- three\u00a0é\n\nend',
  );
});

test('the demo confirmation template fills every placeholder it uses', async () => {
  for (const language of ['en', 'fr'] as const) {
    const mail = await renderConfirmation(content({ language, template: demoTemplates[0]! }));
    assert.not.match(mail.html + mail.subject, '{{', language);
    assert.match(mail.text, 'ABCDE23456');
    assert.match(mail.text, language === 'fr' ? '1000, rue Pitt' : '1000 Pitt Street');
  }
});

test('a value ending with a period before the template’s period gives one period (at 8:45 a.m., not a.m..)', async () => {
  const sessions = [{ date: '2026-11-25', startTime: '08:45:00', endTime: '09:00:00' }];
  const html = {
    ...template,
    subject: 'Booked at {{time}}.',
    body: '<p>See you at {{time}}. Bring your card.</p><p>Ends <strong>{{endTime}}</strong>.</p><p>{{time}}, {{date}}.</p>',
  };
  const mail = await renderConfirmation(content({ template: html, sessions }));
  assert.is(mail.subject, 'Booked at 8:45\u00a0a.m.');
  assert.match(mail.html, '<p>See you at 8:45\u00a0a.m. Bring your card.</p>');
  assert.match(mail.html, '<p>Ends <strong>9:00\u00a0a.m</strong>.</p>', 'behind a closing tag too');
  assert.match(mail.html, '<p>8:45\u00a0a.m., Wednesday, November 25, 2026.</p>', 'a period not followed by one stays');
  assert.is(
    mail.text,
    'See you at 8:45\u00a0a.m. Bring your card.\n\nEnds 9:00\u00a0a.m.\n\n8:45\u00a0a.m., Wednesday, November 25, 2026.',
  );
  assert.not.match(mail.html + mail.text + mail.subject, '..', 'no double period anywhere');

  const plain = await renderConfirmation(
    content({
      template: { ...template, body: 'Your visit: {{date}} at {{time}}.\nCode {{confirmationCode}}.' },
      sessions,
    }),
  );
  assert.is(plain.text, 'Your visit: Wednesday, November 25, 2026 at 8:45\u00a0a.m.\nCode ABCDE23456.');
  assert.is(plain.html, 'Your visit: Wednesday, November 25, 2026 at 8:45\u00a0a.m.<br>\nCode ABCDE23456.');
});

test('the demo confirmation template: one period after the time, in both languages', async () => {
  const sessions = [{ date: '2026-11-25', startTime: '08:45:00', endTime: '09:00:00' }];
  const english = await renderConfirmation(content({ template: demoTemplates[0]!, sessions }));
  assert.match(english.text, 'at 8:45\u00a0a.m.\n');
  assert.not.match(english.text + english.html, 'a.m..');
  const french = await renderConfirmation(content({ language: 'fr', template: demoTemplates[0]!, sessions }));
  assert.match(french.text, 'à 8\u00a0h\u00a045.\n', 'a French time has no period of its own: the template’s stays');
});

test('withoutDoublePeriod: only a value’s final period, only before a period', () => {
  assert.is(withoutDoublePeriod('8:45 a.m.', '.'), '8:45 a.m');
  assert.is(withoutDoublePeriod('8:45 a.m.', '</strong></p>.'), '8:45 a.m');
  assert.is(withoutDoublePeriod('8:45 a.m.', ' .'), '8:45 a.m.', 'a space between: two sentences');
  assert.is(withoutDoublePeriod('8:45 a.m.', ', then'), '8:45 a.m.');
  assert.is(withoutDoublePeriod('8:45 a.m.', ''), '8:45 a.m.', 'at the end of the text');
  assert.is(withoutDoublePeriod('Etc...', '.'), 'Etc..', 'an ellipsis stays one: Etc... then the template’s period');
  assert.is(withoutDoublePeriod('14 h 30', '.'), '14 h 30');
});

test('a plain-text body ends with the link to manage the booking too; an odd link is escaped in the HTML', async () => {
  const link = 'https://unit.example/fr/appointment#token=1.2.a"b<c';
  const mail = await renderConfirmation(
    content({ language: 'fr', template: { ...template, bodyFr: 'Code {{confirmationCode}}' }, manageLink: link }),
  );
  assert.is(mail.text, `Code ABCDE23456\n\nPour consulter, déplacer ou annuler votre réservation : ${link}`);
  const escaped = 'https://unit.example/fr/appointment#token=1.2.a&quot;b&lt;c';
  assert.is(
    mail.html,
    `Code ABCDE23456\n<p>Pour consulter, déplacer ou annuler votre réservation : <a href="${escaped}">${escaped}</a></p>`,
  );
});

test('{{manageLink}} in a body is the link, with or without spaces, in the HTML and the text: nothing appended', async () => {
  const link = 'https://unit.example/en/appointment#token=7.1795616100.sig';
  const mail = await renderConfirmation(
    content({
      template: { ...template, body: '<p><a href="{{ manageLink }}">Manage</a> {{manageLink}}</p>' },
      manageLink: link,
    }),
  );
  assert.is(mail.html, `<p><a href="${link}">Manage</a> ${link}</p>`);
  assert.is(mail.text, `Manage (${link}) ${link}`);
});

test('without a link (none to give), nothing is appended and {{manageLink}} is empty', async () => {
  const plain = await renderConfirmation(content({ template: { ...template, body: 'Code {{confirmationCode}}.' } }));
  assert.is(plain.text, 'Code ABCDE23456.');
  assert.is(plain.html, 'Code ABCDE23456.');
  const placed = await renderConfirmation(content({ template: { ...template, body: '[{{manageLink}}] Code.' } }));
  assert.is(placed.text, '[] Code.');
});

test('retries wait 1, 2, 4 … minutes, at most an hour, and stop after the last attempt', () => {
  const minutes = Array.from({ length: 10 }, (_, index) => retryDelayMs(index + 1, defaultRetryPolicy)).map((delay) =>
    delay === null ? null : delay / 60_000,
  );
  assert.equal(minutes, [1, 2, 4, 8, 16, 32, 60, 60, 60, null]);
});

test.run();
