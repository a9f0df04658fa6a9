// Finds English text left on a page shown in another language: every English
// catalog text (every `i18n/en.ts` in the repository, shared's catalogs and the
// templates' texts) whose translation differs from it, and that appears in the
// page's visible text. Texts that are the same in both languages ("OK", "Name"
// in German) are not English left behind, so they are not reported.
import fs from 'node:fs';
import path from 'node:path';
import { CONNECTORS } from '@agentflow/shared/workflow';

const ROOT = path.resolve(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage', 'e2e']);

/** Every folder holding an English catalog beside the target language's one. */
function catalogFolders(dir: string, language: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIP.has(entry.name)) continue;
    const folder = path.join(dir, entry.name);
    if (fs.existsSync(path.join(folder, 'en.ts')) && fs.existsSync(path.join(folder, `${language}.ts`))) found.push(folder);
    catalogFolders(folder, language, found);
  }
  return found;
}

function flatten(texts: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof texts === 'string') {
    out.set(prefix, texts);
    return;
  }
  if (Array.isArray(texts)) {
    texts.forEach((value, index) => flatten(value, `${prefix}.${index}`, out));
    return;
  }
  if (texts && typeof texts === 'object') for (const [key, value] of Object.entries(texts)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
}

/** A catalog module exports one object (en, de, …): its texts flattened. */
async function catalogTexts(file: string, language: string): Promise<Map<string, string>> {
  const module = (await import(file)) as Record<string, unknown>;
  const value = module[language] ?? module.default ?? Object.values(module).find((v) => v && typeof v === 'object');
  const out = new Map<string, string>();
  flatten(value, '', out);
  return out;
}

/**
 * Every catalog text shown in `language`, by key (all catalog folders merged:
 * keys are namespaced per feature), so a test can find a control by the words
 * a reader of that language sees. Plural keys keep their suffix (_one, _other).
 */
export async function catalogTextsIn(language: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const folder of catalogFolders(ROOT, language)) {
    for (const [key, text] of await catalogTexts(path.join(folder, `${language}.ts`), language)) if (!texts.has(key)) texts.set(key, text);
  }
  return texts;
}

/**
 * The apps' names, which stay as they are in every language (the app step's list of apps shows them all,
 * and a template's tags name its apps): "Google Calendar" on a German page is no English "Calendar" left behind.
 */
export const APP_NAMES: readonly string[] = CONNECTORS.map((connector) => connector.name);

export interface EnglishText {
  catalog: string;
  key: string;
  text: string;
}

/**
 * The English texts that must not appear on a page in `language`: those whose
 * translation differs, long enough to be a phrase of their own (3+ letters),
 * and that the language's own catalogs never use: "Workflow", "Name", "Team"
 * or "Tokens" are German too (other German texts say them), so seeing them on
 * a German page is no sign of English left behind. Interpolated parts
 * ({{name}}) become wildcards.
 */
export async function englishTextsTranslatedIn(language: string): Promise<EnglishText[]> {
  const texts: EnglishText[] = [];
  const ownTexts: string[] = [];
  for (const folder of catalogFolders(ROOT, language)) {
    const english = await catalogTexts(path.join(folder, 'en.ts'), 'en');
    const other = await catalogTexts(path.join(folder, `${language}.ts`), language);
    ownTexts.push(...[...other.values()].map((text) => text.replace(/\s+/g, ' ')));
    for (const [key, text] of english) {
      const translated = other.get(key);
      if (translated === undefined || translated.trim() === text.trim()) continue;
      if (text.replace(/\{\{[^}]*\}\}/g, '').replace(/[^A-Za-z]/g, '').length < 3) continue;
      texts.push({ catalog: path.relative(ROOT, folder), key, text });
    }
  }
  return texts.filter(({ text }) => {
    const pattern = patternOf(text);
    return !ownTexts.some((own) => pattern.test(own));
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text as a whole-word pattern; its placeholders match anything short. */
function patternOf(text: string): RegExp {
  const pattern = text
    .trim()
    .split(/\{\{[^}]*\}\}/)
    .map((part) => escape(part.replace(/\s+/g, ' ')))
    .join('.{0,80}?');
  return new RegExp(`(^|[^A-Za-z])${pattern}($|[^A-Za-z])`);
}

/** The English texts found in `visibleText` (whole words; placeholders match anything short). */
export function englishLeftIn(visibleText: string, english: EnglishText[]): EnglishText[] {
  // Line by line: innerText puts each block on a line of its own, and a heading "Import und Export"
  // above a button "JSON exportieren" must not read as "Export JSON".
  const lines = visibleText.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return english.filter(({ text }) => {
    const pattern = patternOf(text);
    return lines.some((line) => pattern.test(line));
  });
}
