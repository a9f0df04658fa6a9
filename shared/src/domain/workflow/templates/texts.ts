// The human text of a template, by a stable key, so a template can be shown
// and copied in the user's language. A template's structure (ids, types,
// expressions, keys, URLs) is written once, in English, in its industry file;
// the other languages only hold its texts (./i18n/<language>/), keyed as
// templateTextsOf() names them:
//   name, description                      the template's own
//   <node>.name                            every node's name
//   <node>.input.<field>                   a manual form field's label
//   <node>.role, <node>.prompt             an agent's instructions and prompt
//   <node>.answer[.<property>…]            the descriptions of an agent's JSON answer
//   <node>.tool.<tool>                     an agent's HTTP tool description
//   <node>.message                         an approval's message
//   <node>.app.<value path>                an app step's wording (message text, subject, body, title…)
// Tags are shared between templates: one dictionary per language, keyed by the
// English tag (TEMPLATE_TAGS_KEY), brand names left as they are.
// `{{ … }}` placeholders inside a text are JSONata and stay identical in
// every language (a test checks it).
import type { SupportedLanguage } from '../../i18n/languages.js';
import type { Workflow, WorkflowNode } from '../model.js';

/** One template's texts in one language: key → text. */
export type TemplateTextTable = Readonly<Record<string, string>>;
/** One language's texts of every template: template id → its texts (and TEMPLATE_TAGS_KEY → the tags, by English tag). */
export type TemplateTexts = Readonly<Record<string, TemplateTextTable>>;

/** The entry of a language's TemplateTexts that translates tags (English tag → tag); no template has this id. */
export const TEMPLATE_TAGS_KEY = '*tags';

/** The app-step values that are wording a reader sees (the rest name things in the user's account). */
const APP_WORDING_KEYS: ReadonlySet<string> = new Set(['text', 'title', 'subject', 'body', 'summary', 'description', 'dealname']);

/** Whether a text has words outside its `{{ … }}` placeholders (a bare `{{ x.y }}` is no wording). */
const hasWording = (text: string) => /\p{L}/u.test(text.replace(/\{\{[\s\S]*?\}\}/g, ''));

type Rewrite = (key: string, text: string) => string;
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An agent's JSON-schema descriptions: `answer`, `answer.<property>`, `answer.<list>.items.<property>`. */
function rewriteSchema(schema: unknown, key: string, rewrite: Rewrite): unknown {
  if (!isRecord(schema)) return schema;
  const copy: Json = { ...schema };
  if (typeof copy.description === 'string') copy.description = rewrite(key, copy.description);
  if (isRecord(copy.properties)) {
    copy.properties = Object.fromEntries(Object.entries(copy.properties).map(([name, property]) => [name, rewriteSchema(property, `${key}.${name}`, rewrite)]));
  }
  if (copy.items !== undefined) copy.items = rewriteSchema(copy.items, `${key}.items`, rewrite);
  return copy;
}

/** An app step's wording values, walked through nested records (`properties.description`). */
function rewriteAppValues(values: unknown, key: string, rewrite: Rewrite): unknown {
  if (!isRecord(values)) return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (isRecord(value)) return [name, rewriteAppValues(value, `${key}.${name}`, rewrite)];
      if (typeof value === 'string' && APP_WORDING_KEYS.has(name) && hasWording(value)) return [name, rewrite(`${key}.${name}`, value)];
      return [name, value];
    }),
  );
}

function rewriteParams(node: WorkflowNode, rewrite: Rewrite): Json {
  const params: Json = { ...(node.params as Json) };
  const at = (field: string) => `${node.id}.${field}`;
  switch (node.type) {
    case 'trigger.manual':
      if (Array.isArray(params.inputSchema)) {
        params.inputSchema = params.inputSchema.map((field: unknown) =>
          isRecord(field) && typeof field.label === 'string' ? { ...field, label: rewrite(at(`input.${String(field.key)}`), field.label) } : field,
        );
      }
      break;
    case 'agent': {
      if (typeof params.role === 'string') params.role = rewrite(at('role'), params.role);
      if (typeof params.promptTemplate === 'string') params.promptTemplate = rewrite(at('prompt'), params.promptTemplate);
      if (isRecord(params.output) && params.output.schema !== undefined) params.output = { ...params.output, schema: rewriteSchema(params.output.schema, at('answer'), rewrite) };
      const tools = params.tools;
      if (isRecord(tools) && Array.isArray(tools.http)) {
        params.tools = {
          ...tools,
          http: tools.http.map((tool: unknown) =>
            isRecord(tool) && typeof tool.description === 'string' ? { ...tool, description: rewrite(at(`tool.${String(tool.name)}`), tool.description) } : tool,
          ),
        };
      }
      break;
    }
    case 'approval':
      if (typeof params.message === 'string') params.message = rewrite(at('message'), params.message);
      break;
    case 'connector':
      params.params = rewriteAppValues(params.params, at('app'), rewrite);
      break;
    default:
      break;
  }
  return params;
}

/** A copy of the template with each of its texts passed through `rewrite(key, text)`, and each tag through `rewriteTag`. */
function rewriteTexts(template: Workflow, rewrite: Rewrite, rewriteTag: (tag: string) => string = (tag) => tag): Workflow {
  return {
    ...template,
    name: rewrite('name', template.name),
    description: rewrite('description', template.description),
    tags: template.tags.map(rewriteTag),
    nodes: template.nodes.map((node) => ({ ...node, name: rewrite(`${node.id}.name`, node.name), params: rewriteParams(node, rewrite) })),
  };
}

/** A template's texts by key: what every other language translates. */
export function templateTextsOf(template: Workflow): Record<string, string> {
  const texts: Record<string, string> = {};
  rewriteTexts(template, (key, text) => {
    texts[key] = text;
    return text;
  });
  return texts;
}

/**
 * The template with its texts in a language (a copy; the argument is not
 * changed). Keys the language lacks keep their English text; `texts` is the
 * language's table (loadTemplateTexts), undefined for English.
 */
export function localizedTemplate(template: Workflow, texts: TemplateTexts | undefined): Workflow {
  const table = texts?.[template.id];
  if (!table) return template;
  const tags = texts?.[TEMPLATE_TAGS_KEY] ?? {};
  return rewriteTexts(
    template,
    (key, text) => table[key] ?? text,
    (tag) => tags[tag] ?? tag,
  );
}

/**
 * The texts of every template in a language, loaded on demand (each language
 * is a chunk of its own, so no page carries the four translations it does not
 * show); English is the templates' own text: undefined.
 */
export async function loadTemplateTexts(language: SupportedLanguage): Promise<TemplateTexts | undefined> {
  switch (language) {
    case 'es':
      return (await import('./i18n/es/index.js')).ES_TEMPLATE_TEXTS;
    case 'fr':
      return (await import('./i18n/fr/index.js')).FR_TEMPLATE_TEXTS;
    case 'de':
      return (await import('./i18n/de/index.js')).DE_TEMPLATE_TEXTS;
    case 'it':
      return (await import('./i18n/it/index.js')).IT_TEMPLATE_TEXTS;
    default:
      return undefined;
  }
}
