import { existsSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TopicContent } from '../../web/src/features/help/TopicContent';
import {
  helpTopics,
  screenshotSize,
  stepImage,
  stepNumbers,
  videoAddress,
} from '../../web/src/features/help/helpTopics';
import { adminResources } from '../../web/src/i18n/adminTexts';

/** The help topics (§2.3 /admin/help): a video only when its address is configured, otherwise the written guide. */
const test = suite('web: help topics');

const languages = ['en', 'fr'] as const;
const topic = helpTopics[0];

async function render(video: string | null, language: 'en' | 'fr' = 'en'): Promise<string> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: adminResources.en }, fr: { translation: adminResources.fr } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: instance }, createElement(TopicContent, { topic, video, language })),
  );
}

test('a configured address is trimmed; an unset or blank variable configures no video', () => {
  assert.is(
    videoAddress(' https://videos.example.org/create-calendar.mp4 '),
    'https://videos.example.org/create-calendar.mp4',
  );
  assert.is(videoAddress('/help/videos/create-calendar.mp4'), '/help/videos/create-calendar.mp4');
  assert.is(videoAddress(undefined), null);
  assert.is(videoAddress('   '), null);
});

test('with a configured address the topic embeds a <video controls> of it, above the written steps', async () => {
  const html = await render('https://videos.example.org/create-calendar.mp4');
  assert.match(html, /<video[^>]*controls=""[^>]*src="https:\/\/videos\.example\.org\/create-calendar\.mp4"/);
  assert.ok(html.indexOf('<video') < html.indexOf('help-steps'), 'the video comes first');
  assert.is(html.match(/<img /g)?.length, topic.steps, 'the written guide stays as a text alternative');
});

test('without one, the guide only: numbered steps with lazy screenshots of the language, sized', async () => {
  for (const language of languages) {
    const html = await render(null, language);
    assert.not.match(html, /<video/);
    assert.is(html.match(/<li /g)?.length, topic.steps);
    for (const step of stepNumbers(topic)) {
      assert.ok(html.includes(`src="${stepImage(language, topic, step)}"`), `${language} step ${step}`);
    }
    assert.ok(html.includes(adminResources[language].help.topics.createCalendar.steps['1'].alt), 'alt text');
    assert.match(html, new RegExp(`width="${screenshotSize.width}" height="${screenshotSize.height}" loading="lazy"`));
  }
});

test('every step of every topic has its text, alt text and screenshot in English and French', () => {
  for (const language of languages)
    for (const { key, slug, steps } of helpTopics) {
      const texts = adminResources[language].help.topics[key];
      assert.ok(texts.title && texts.summary, `${language} ${key}`);
      assert.equal(
        Object.keys(texts.steps).map(Number),
        stepNumbers({ key, slug, steps } as (typeof helpTopics)[number]),
      );
      for (const [step, { text, alt }] of Object.entries(texts.steps)) {
        assert.ok(text.trim() && alt.trim(), `${language} ${key} step ${step}`);
        const file = `web/public/help/${language}/${slug}-${step}.png`;
        assert.ok(existsSync(file), `${file} exists (npm run help:screenshots)`);
        const png = readFileSync(file);
        assert.equal([png.readUInt32BE(16), png.readUInt32BE(20)], [screenshotSize.width, screenshotSize.height], file);
      }
    }
});

test.run();
