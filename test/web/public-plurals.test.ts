import i18next from 'i18next';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { publicResources } from '../../web/src/i18n/index';
import { languages, type Language } from '../../web/src/i18n/languages';

/**
 * Issue 14 item 8: every count the public pages show goes through i18next's plural keys (`_one`, `_other`) in both
 * languages, and reads right for 0, 1 and many: French takes the singular for 0 and 1 ("0 place restante").
 */
const test = suite('web/i18n/public plurals');

type Texts = { [key: string]: string | Texts };

function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [nested, text] of flatten(value, `${prefix}${key}.`)) entries.set(nested, text);
  }
  return entries;
}

const texts = Object.fromEntries(
  languages.map((language) => [language, flatten(publicResources[language].translation as unknown as Texts)]),
) as Record<Language, Map<string, string>>;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const t = (language: Language, key: string, count: number): string => {
  const instance = i18next.createInstance();
  void instance.init({
    resources: publicResources,
    lng: language,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // the keys come from the resources at run time: i18next's typed keys cannot know them
  return (instance.t as (key: string, options: { count: number }) => string)(key, { count });
};

test('a text with {{count}} is a plural form, and each plural has _one and _other in both languages', () => {
  for (const language of languages) {
    for (const [key, text] of texts[language]) {
      if (text.includes('{{count}}'))
        assert.match(key, PLURAL_SUFFIX, `${language} ${key} shows a count without plural forms: "${text}"`);
      if (!PLURAL_SUFFIX.test(key)) continue;
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const other of languages) {
        assert.ok(texts[other].has(`${base}_one`), `${other} ${base}_one`);
        assert.ok(texts[other].has(`${base}_other`), `${other} ${base}_other`);
      }
    }
  }
});

test('the times of a date: "plages horaires" in French, never "heures" (21 heures reads as 9 p.m.)', () => {
  assert.is(t('fr', 'booking.date.times', 0), '0 plage horaire disponible');
  assert.is(t('fr', 'booking.date.times', 1), '1 plage horaire disponible');
  assert.is(t('fr', 'booking.date.times', 2), '2 plages horaires disponibles');
  assert.is(t('fr', 'booking.date.times', 21), '21 plages horaires disponibles');
  assert.is(t('en', 'booking.date.times', 0), '0 times available');
  assert.is(t('en', 'booking.date.times', 1), '1 time available');
  assert.is(t('en', 'booking.date.times', 21), '21 times available');
  for (const [key, text] of texts.fr) assert.not.match(text, /\{\{count\}\} heures?\b/, `fr ${key}: "${text}"`);
});

test('spots left and clients: the singular for 0 and 1 in French, for 1 only in English', () => {
  assert.equal(
    [0, 1, 2, 12].map((count) => t('fr', 'booking.session.spotsLeft', count)),
    ['0 place restante', '1 place restante', '2 places restantes', '12 places restantes'],
  );
  assert.equal(
    [0, 1, 2, 12].map((count) => t('en', 'booking.session.spotsLeft', count)),
    ['0 spots left', '1 spot left', '2 spots left', '12 spots left'],
  );
  assert.equal(
    [1, 2].map((count) => t('fr', 'booking.summary.clients', count)),
    ['Client', 'Clients'],
  );
  assert.is(t('fr', 'errors.RATE_LIMITED_WAIT', 0), 'Trop de tentatives. Veuillez patienter 0 minute, puis réessayer.');
  assert.is(t('en', 'errors.RATE_LIMITED_WAIT', 1), 'Too many attempts. Please wait 1 minute and try again.');
});

test.run();
