import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { SUPPORTED_LANGUAGES } from '../../../domain/i18n/languages.js';
import { HELP_TOPICS } from '../topics.js';
import { en } from './en.js';
import { HELP_CONTENT } from './index.js';

// Every help text is translated: product names appear inside sentences, never alone.
describeTranslations('help content', en, HELP_CONTENT, {
  sameInEveryLanguage: new Set<string>(),
  languages: SUPPORTED_LANGUAGES,
  moreKeysThan: HELP_TOPICS.length * 5,
});

describe.each(SUPPORTED_LANGUAGES.map((language) => [language]))('%s help', (language) => {
  const catalog = HELP_CONTENT[language];

  test('has exactly the help topics, each with a title, an intro and 3 to 6 tips', () => {
    expect(Object.keys(catalog.topics).sort()).toEqual([...HELP_TOPICS].sort());
    for (const topic of HELP_TOPICS) {
      const content = catalog.topics[topic];
      expect({ topic, title: content.title.trim().length > 0, intro: content.intro.trim().length > 0 }).toEqual({ topic, title: true, intro: true });
      expect({ topic, tips: content.tips.length >= 3 && content.tips.length <= 6 }).toEqual({ topic, tips: true });
    }
  });

  test('never repeats a tip within a topic (the sidebar keys its list by the text)', () => {
    for (const topic of HELP_TOPICS) {
      const tips = catalog.topics[topic].tips;
      expect({ topic, unique: new Set(tips).size === tips.length }).toEqual({ topic, unique: true });
    }
  });

  test('explains why the microphone button is missing', () => {
    expect(catalog.voiceUnsupported.trim()).not.toBe('');
    for (const browser of ['Chrome', 'Edge', 'Safari']) expect(catalog.voiceUnsupported).toContain(browser);
  });

  test('uses typographic apostrophes, not ASCII ones', () => {
    const texts = [catalog.voiceUnsupported, ...HELP_TOPICS.flatMap((topic) => [catalog.topics[topic].title, catalog.topics[topic].intro, ...catalog.topics[topic].tips])];
    expect(texts.filter((text) => /['"]/.test(text))).toEqual([]);
  });
});

test('the voice topic names example commands', () => {
  const voice = [en.topics.voice.intro, ...en.topics.voice.tips].join(' ').toLowerCase();
  expect(voice).toContain('open workflows');
  expect(voice).toContain('search workflows for');
});
