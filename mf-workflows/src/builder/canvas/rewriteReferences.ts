// References to renamed node keys rewritten in a node's params: every string
// (expressions, templates) with `old.field`, `` `old`.field `` or `$.old`
// pointing at the new key. Used by paste (fresh keys) and by renaming a key.
// (The domain's renameNodeKey, when it lands, is the one home for this rule.)

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text with references to renamed keys rewritten (in one pass, so a→b, b→c never chains): `old.field`, `` `old`.field `` and `$.old`. */
export function rewriteText(text: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0) return text;
  const keys = [...renames.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
  const end = '(?![A-Za-z0-9_`-])';
  // A bare key is not part of a longer name and not a field of something else ("input.agent_1" stays).
  const pattern = new RegExp(`\`(${keys})\`|\\$\\.(${keys})${end}|(^|[^A-Za-z0-9_.$\`-])(${keys})${end}`, 'g');
  return text.replace(pattern, (match, quoted?: string, dollar?: string, before?: string, bare?: string) => {
    if (quoted) return `\`${renames.get(quoted)!}\``;
    if (dollar) return `$.${renames.get(dollar)!}`;
    return bare ? `${before ?? ''}${renames.get(bare)!}` : match;
  });
}

function rewriteValue(value: unknown, renames: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return rewriteText(value, renames);
  if (Array.isArray(value)) return value.map((v) => rewriteValue(v, renames));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteValue(v, renames)]));
  return value;
}

/** The params with every reference to a renamed key following it. */
export function rewriteReferences(params: Record<string, unknown>, renames: ReadonlyMap<string, string>): Record<string, unknown> {
  return rewriteValue(params, renames) as Record<string, unknown>;
}
