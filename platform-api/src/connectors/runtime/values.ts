// A connector step's values are templates: a string that is one whole
// {{ placeholder }} keeps the expression's value as it is (a number, a list,
// a file reference), any other string is rendered as text, and lists and
// records are rendered value by value. The operation's schema checks the
// result.
import { isTemplateValue, withoutBlanks } from '@agentflow/shared/workflow';
import { evaluate, renderTemplate } from '../../expressions/evaluate.js';

const WHOLE = /^\s*\{\{([\s\S]*)\}\}\s*$/;

export async function renderValue(value: unknown, input: unknown): Promise<unknown> {
  if (isTemplateValue(value)) {
    const whole = WHOLE.exec(value);
    if (whole && !whole[1]!.includes('{{') && !whole[1]!.includes('}}')) return evaluate(whole[1]!, input);
    return renderTemplate(value, input);
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => renderValue(item, input)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = await renderValue(item, input);
    return out;
  }
  return value;
}

/** The rendered values, blanks (a cleared form field, an expression giving nothing) left out. */
export async function renderValues(values: Record<string, unknown>, input: unknown): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = await renderValue(value, input);
  return withoutBlanks(out);
}
