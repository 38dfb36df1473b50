import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addressAfterConsent } from '../../web/src/features/landing/afterConsent';

/** Issue 20 item 6: consent asked on the way to a wizard's page (an offer e-mail's link) leads on to that page. */
const test = suite('web/landing/after consent');

test('nothing asked for: the list of services of the language shown', () => {
  assert.is(addressAfterConsent(null, 'en'), '/en/service');
  assert.is(addressAfterConsent('', 'fr'), '/fr/service');
});

test("a service's page, with its query and its #offer=, in the language now shown", () => {
  assert.is(addressAfterConsent('/en/service/12#offer=abc', 'en'), '/en/service/12#offer=abc');
  assert.is(addressAfterConsent('/en/service/12#offer=abc', 'fr'), '/fr/service/12#offer=abc', 'switched to French');
  assert.is(addressAfterConsent('/fr/service?x=1', 'fr'), '/fr/service?x=1');
});

test('anything but a wizard page is ignored (never another site or page)', () => {
  for (const wanted of [
    '//evil.example/en/service',
    'https://evil.example/',
    '/admin/users',
    '/en/service/12/x',
    '/en',
  ])
    assert.is(addressAfterConsent(wanted, 'en'), '/en/service', wanted);
});

test.run();
