/**
 * A tiny phrase-template language, so phrase tables stay readable data:
 *
 *   word word     words, matched after normalisation (case, accents and
 *                 punctuation do not matter: "d'accès" is "d acces")
 *   (a|b c)       one of the alternatives
 *   [a|b c]       optionally one of the alternatives
 *   {slot}        a captured value: one or more words (at most one per template)
 *
 * Groups nest: "(show [me]|open) [the|my] workflows". A template compiles to
 * an anchored regular expression over normalised text.
 */
import { normalizeVoiceText } from './normalize.js';

export type SlotName = 'query' | 'name' | 'language';
const SLOT_NAMES: readonly string[] = ['query', 'name', 'language'] satisfies SlotName[];

type Node =
  | { readonly kind: 'word'; readonly text: string }
  | { readonly kind: 'group'; readonly alternatives: readonly Node[][]; readonly optional: boolean }
  | { readonly kind: 'slot'; readonly name: SlotName };

type Token = '(' | ')' | '[' | ']' | '|' | { readonly word: string } | { readonly slot: string };

export interface CompiledTemplate {
  readonly template: string;
  /** Anchored; capture group 1 is the slot, if any. Has the `d` flag for indices. */
  readonly regex: RegExp;
  readonly slot: SlotName | null;
}

function tokenize(template: string): Token[] {
  const tokens: Token[] = [];
  let word = '';
  const flush = () => {
    if (word) {
      const normalized = normalizeVoiceText(word);
      if (normalized) tokens.push({ word: normalized });
      word = '';
    }
  };
  for (let index = 0; index < template.length; index += 1) {
    const character = template.charAt(index);
    if (character === '(' || character === ')' || character === '[' || character === ']' || character === '|') {
      flush();
      tokens.push(character);
    } else if (character === '{') {
      flush();
      const close = template.indexOf('}', index);
      if (close < 0) throw new Error(`Unclosed slot in voice template "${template}"`);
      tokens.push({ slot: template.slice(index + 1, close).trim() });
      index = close;
    } else if (/\s/.test(character)) {
      flush();
    } else {
      word += character;
    }
  }
  flush();
  return tokens;
}

class Parser {
  private position = 0;
  constructor(
    private readonly template: string,
    private readonly tokens: readonly Token[],
  ) {}

  parse(): Node[] {
    const sequence = this.sequence();
    if (this.position < this.tokens.length) this.fail(`unexpected "${String(this.tokens[this.position])}"`);
    return sequence;
  }

  private fail(message: string): never {
    throw new Error(`Bad voice template "${this.template}": ${message}`);
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    for (;;) {
      const token = this.tokens[this.position];
      if (token === undefined || token === ')' || token === ']' || token === '|') break;
      this.position += 1;
      if (token === '(' || token === '[') {
        const close = token === '(' ? ')' : ']';
        const alternatives = [this.sequence()];
        while (this.tokens[this.position] === '|') {
          this.position += 1;
          alternatives.push(this.sequence());
        }
        if (this.tokens[this.position] !== close) this.fail(`missing "${close}"`);
        this.position += 1;
        if (alternatives.some((alternative) => alternative.length === 0)) this.fail('empty alternative');
        nodes.push({ kind: 'group', alternatives, optional: token === '[' });
      } else if ('slot' in token) {
        if (!SLOT_NAMES.includes(token.slot)) this.fail(`unknown slot {${token.slot}}`);
        nodes.push({ kind: 'slot', name: token.slot as SlotName });
      } else {
        nodes.push({ kind: 'word', text: token.word });
      }
    }
    return nodes;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Words are joined by single spaces; an optional part carries its own space,
 * so "show [me] workflows" matches "show workflows" and "show me workflows".
 */
function compileSequence(nodes: readonly Node[], template: string): string {
  let out = '';
  let started = false;
  for (const node of nodes) {
    const body = compileNode(node, template);
    if (node.kind === 'group' && node.optional) {
      out += started ? `(?: ${body})?` : `(?:${body} )?`;
    } else {
      out += started ? ` ${body}` : body;
      started = true;
    }
  }
  if (!started) throw new Error(`Bad voice template "${template}": a sequence has only optional parts`);
  return out;
}

function compileNode(node: Node, template: string): string {
  switch (node.kind) {
    case 'word':
      return escapeRegExp(node.text);
    case 'slot':
      // Lazy, so a trailing optional word is not swallowed: "{language} [um]".
      return '(.+?)';
    case 'group':
      return `(?:${node.alternatives.map((alternative) => compileSequence(alternative, template)).join('|')})`;
  }
}

function slots(nodes: readonly Node[]): SlotName[] {
  return nodes.flatMap((node) => {
    if (node.kind === 'slot') return [node.name];
    if (node.kind === 'group') return node.alternatives.flatMap(slots);
    return [];
  });
}

export function compileTemplate(template: string): CompiledTemplate {
  const nodes = new Parser(template, tokenize(template)).parse();
  const found = slots(nodes);
  if (found.length > 1) throw new Error(`Bad voice template "${template}": at most one slot`);
  const slot = found[0] ?? null;
  if (slot !== null && nodes.some((node) => node.kind === 'group' && slots([node]).length > 0)) {
    throw new Error(`Bad voice template "${template}": a slot cannot sit inside a group`);
  }
  return { template, regex: new RegExp(`^${compileSequence(nodes, template)}$`, 'du'), slot };
}
