import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { CANVAS_CATALOGS } from './index';

test('the index bundles English and fetches each other language', async () => {
  expect(CANVAS_CATALOGS.en).toBe(en);
  const all = { es, fr, de, it };
  for (const language of ['es', 'fr', 'de', 'it'] as const) expect(await CANVAS_CATALOGS.loaders[language]()).toBe(all[language]);
});

// The canvas's own texts obey the same rules as the shared catalogs. "No" (a condition's false
// branch) is the same word in Spanish and Italian, so those two are checked with it allowed.
describeTranslations('workflow canvas texts (de, fr)', en, { en, de, fr });
describeTranslations('workflow canvas texts (es, it)', en, { en, es, it }, { sameInEveryLanguage: new Set(['workflows.canvas.branch.false']) });
