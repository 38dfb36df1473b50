import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AccessLogTable } from '../../web/src/features/access-log/AccessLogTable';
import type { AccessLogItem } from '../../web/src/features/access-log/types';
import { adminResources } from '../../web/src/i18n/adminTexts';

/** The access log screen's rows: staff by name and id; a client's own lookups and changes online (issue 20). */
const test = suite('web/access-log: who did what');

const entry = (position: number, changes: Partial<AccessLogItem>): AccessLogItem => ({
  position: String(position),
  at: '2026-11-24T14:05:00.000Z',
  userId: 12,
  userName: 'Nora Nurse',
  roles: ['ROLE_USER'],
  clientAddress: '203.0.113.7',
  requestId: null,
  action: 'appointment.read',
  records: [{ kind: 'appointment', id: 41 }],
  details: {},
  ...changes,
});

const publicActions = ['public.lookup', 'public.view', 'public.cancel', 'public.reschedule'];
const items = [
  entry(1, {}),
  entry(2, { userId: 44, userName: null }),
  ...publicActions.map((action, index) => entry(3 + index, { userId: 0, userName: null, roles: ['PUBLIC'], action })),
];

async function render(language: 'en' | 'fr'): Promise<string[][]> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: adminResources.en }, fr: { translation: adminResources.fr } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  const html = renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: instance }, createElement(AccessLogTable, { items })),
  );
  // Who and what, row by row.
  return [...html.matchAll(/<tr><td>[^<]*<\/td><td>(.*?)<\/td><td>(.*?)<\/td>/g)].map((row) => [
    row[1]!.replace(/<[^>]+>/g, ''),
    row[2]!,
  ]);
}

test('a client online is “The client (online)”, without a user id; its four actions are named', async () => {
  assert.equal(await render('en'), [
    ['Nora Nurse #12', 'Opened an appointment'],
    ['User 44 #44', 'Opened an appointment'],
    ['The client (online)', 'Looked up their booking online'],
    ['The client (online)', 'Opened their booking online'],
    ['The client (online)', 'Cancelled their booking online'],
    ['The client (online)', 'Rescheduled their booking online'],
  ]);
});

test('and in French: « Le client (en ligne) »', async () => {
  assert.equal(await render('fr'), [
    ['Nora Nurse #12', 'A ouvert un rendez-vous'],
    ['Utilisateur 44 #44', 'A ouvert un rendez-vous'],
    ['Le client (en ligne)', 'A recherché son rendez-vous en ligne'],
    ['Le client (en ligne)', 'A ouvert son rendez-vous en ligne'],
    ['Le client (en ligne)', 'A annulé son rendez-vous en ligne'],
    ['Le client (en ligne)', 'A déplacé son rendez-vous en ligne'],
  ]);
});

test.run();
