import i18next from 'i18next';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { publicResources } from '../../web/src/i18n/index';
import { errorMessage } from '../../web/src/shared/errorMessages';

/** Every refusal the API answers shows its own translated message; what is not a code shows the generic one. */
const test = suite('web/shared/error messages');

async function translator(language: 'en' | 'fr') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: publicResources[language] },
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

const refused = (error: string, status = 409) => ({ status, data: { error } });

test('a code of the map and a code only in the texts both show their message, in both languages', async () => {
  const en = await translator('en');
  const fr = await translator('fr');
  assert.is(errorMessage(en, refused('SLOT_UNAVAILABLE')), 'The time slot is currently unavailable.');
  for (const [t, generic] of [
    [en, en('errors.generic')],
    [fr, fr('errors.generic')],
  ] as const) {
    const message = errorMessage(t, refused('REQUEST_FORM_ALREADY_FULFILLED'));
    assert.is.not(message, generic, 'not the generic message');
    assert.is(message, t('errors.REQUEST_FORM_ALREADY_FULFILLED'));
  }
});

test('an unknown code or a key outside the codes gets the generic message', async () => {
  const en = await translator('en');
  assert.is(errorMessage(en, refused('NO_SUCH_CODE')), en('errors.generic'));
  assert.is(errorMessage(en, refused('generic.x')), en('errors.generic'));
});

test.run();
