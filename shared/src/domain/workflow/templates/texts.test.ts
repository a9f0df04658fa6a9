import { describe, expect, test } from '@jest/globals';
import { describeTranslations } from '../../../../testing/translationChecks.js';
import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '../../i18n/languages.js';
import type { Workflow } from '../model.js';
import { WORKFLOW_TEMPLATES, templateById } from '../templates.js';
import { validateWorkflow } from '../validate.js';
import { DE_TEMPLATE_TEXTS } from './i18n/de/index.js';
import { ES_TEMPLATE_TEXTS } from './i18n/es/index.js';
import { FR_TEMPLATE_TEXTS } from './i18n/fr/index.js';
import { IT_TEMPLATE_TEXTS } from './i18n/it/index.js';
import { TEMPLATE_TAGS_KEY, loadTemplateTexts, localizedTemplate, templateTextsOf, type TemplateTexts } from './texts.js';

const ENGLISH: Record<string, Record<string, string>> = Object.fromEntries(WORKFLOW_TEMPLATES.map((template) => [template.id, templateTextsOf(template)]));
const TRANSLATIONS: Record<Exclude<SupportedLanguage, 'en'>, TemplateTexts> = { es: ES_TEMPLATE_TEXTS, fr: FR_TEMPLATE_TEXTS, de: DE_TEMPLATE_TEXTS, it: IT_TEMPLATE_TEXTS };
const OTHER_LANGUAGES = Object.keys(TRANSLATIONS) as Exclude<SupportedLanguage, 'en'>[];

/** A language's template tables without its tag dictionary. */
const templatesOnly = (texts: TemplateTexts) => Object.fromEntries(Object.entries(texts).filter(([id]) => id !== TEMPLATE_TAGS_KEY));
const tagsOf = (texts: TemplateTexts) => texts[TEMPLATE_TAGS_KEY] ?? {};
const byLanguage = <T,>(pick: (texts: TemplateTexts) => T) => Object.fromEntries(OTHER_LANGUAGES.map((language) => [language, pick(TRANSLATIONS[language])]));

// Every text of every template (names, descriptions, node names, prompts, form
// labels, answer descriptions, approval messages, app messages) in every
// language: none missing, none extra, none left in English.
describeTranslations('industry templates', ENGLISH, { en: ENGLISH, ...byLanguage(templatesOnly) }, { languages: SUPPORTED_LANGUAGES, moreKeysThan: 300 });

/** Tags that are brand or standard names: the same in every language. */
const BRAND_TAGS = new Set(['SMS', 'Twilio', 'HVAC', 'Gmail', 'Slack', 'ETA', 'SLA', 'Microsoft Teams', 'SMTP', 'Google Sheets', 'Pipedrive', 'Airtable', 'Google Calendar', 'BANT', 'HubSpot', 'CRM']);
const ENGLISH_TAGS = Object.fromEntries(WORKFLOW_TEMPLATES.flatMap((template) => template.tags).map((tag) => [tag, tag]));
describeTranslations('template tags', ENGLISH_TAGS, { en: ENGLISH_TAGS, ...byLanguage(tagsOf) }, { languages: SUPPORTED_LANGUAGES, sameInEveryLanguage: BRAND_TAGS });

/** The `{{ … }}` JSONata placeholders of a text, verbatim and sorted. */
const expressionsIn = (text: string) => [...text.matchAll(/\{\{[\s\S]*?\}\}/g)].map((match) => match[0]).sort();

/** The template with every text replaced by its key: its structure alone. */
const skeleton = (template: Workflow) => localizedTemplate(template, { [template.id]: Object.fromEntries(Object.keys(templateTextsOf(template)).map((key) => [key, key])) });

describe.each(OTHER_LANGUAGES.map((language) => [language]))('templates in %s', (language) => {
  const texts = TRANSLATIONS[language];

  test.each(WORKFLOW_TEMPLATES.map((template) => [template.id]))('%s keeps every {{ expression }} of each text verbatim', (id) => {
    const mismatched = Object.entries(ENGLISH[id]!).filter(([key, english]) => JSON.stringify(expressionsIn(english)) !== JSON.stringify(expressionsIn(texts[id]?.[key] ?? '')));
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  test.each(WORKFLOW_TEMPLATES.map((template) => [template.id]))('%s: the localized copy validates as the English one does and changes only the texts', (id) => {
    const template = templateById(id)!;
    const localized = localizedTemplate(template, texts);
    // The same problems as in English: only the accounts still to connect, no text too long or expression broken.
    expect(validateWorkflow(localized)).toEqual(validateWorkflow(template));
    expect(localized.name).toBe(texts[id]!.name);
    expect({ ...skeleton(localized), tags: [] }).toEqual({ ...skeleton(template), tags: [] });
    expect(localized.tags).toEqual(template.tags.map((tag) => tagsOf(texts)[tag]));
    expect(Object.keys(templateTextsOf(localized))).toEqual(Object.keys(ENGLISH[id]!));
  });

  test('is the table loadTemplateTexts gives', async () => {
    await expect(loadTemplateTexts(language)).resolves.toBe(texts);
  });
});

describe('localizedTemplate', () => {
  const template = templateById('tpl-sales-follow-up-email')!;

  test('English is the template itself', async () => {
    await expect(loadTemplateTexts('en')).resolves.toBeUndefined();
    expect(localizedTemplate(template, undefined)).toBe(template);
  });

  test('substitutes by key, does not change the template, and keeps English where a language has no text', () => {
    const localized = localizedTemplate(template, { [template.id]: { name: 'Entwurf', 'draft.role': 'Du schreibst.', 'trigger.input.company': 'Firma' } });
    expect(localized.name).toBe('Entwurf');
    expect(localized.description).toBe(template.description);
    const draft = localized.nodes.find((node) => node.id === 'draft')!.params as { role: string; promptTemplate: string };
    expect(draft.role).toBe('Du schreibst.');
    expect(draft.promptTemplate).toBe((template.nodes.find((node) => node.id === 'draft')!.params as { promptTemplate: string }).promptTemplate);
    const fields = (localized.nodes.find((node) => node.id === 'trigger')!.params as { inputSchema: { key: string; label: string }[] }).inputSchema;
    expect(fields.find((field) => field.key === 'company')?.label).toBe('Firma');
    expect(templateById(template.id)!.name).toBe('Follow-up e-mail draft');
  });

  test('a workflow that is no template, or a language without it, stays as it is', () => {
    const other = { ...template, id: 'mine' };
    expect(localizedTemplate(other, DE_TEMPLATE_TEXTS)).toBe(other);
  });

  test('keys name the human text only: no ids, expressions, URLs or account values', () => {
    const keys = Object.keys(ENGLISH['tpl-sales-lead-qualification']!);
    expect(keys).toEqual(
      expect.arrayContaining(['name', 'description', 'qualify.role', 'qualify.prompt', 'qualify.answer.tier', 'qualify.tool.lookup_company', 'alert.app.text', 'createDeal.app.properties.description']),
    );
    expect(keys.filter((key) => /dealstage|channel|email|url|expression|mapping/.test(key))).toEqual([]);
  });
});
