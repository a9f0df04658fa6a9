/**
 * Text normalisation for voice matching: lower case, accents stripped
 * (NFD, combining marks removed), "ß" folded to "ss", punctuation (including
 * apostrophes and hyphens) read as a word break, whitespace collapsed.
 *
 * `normalizeWithOrigins` also remembers, for every character of the
 * normalised text, where it came from in the original, so a span matched in
 * the normalised text can be cut back out of what was actually heard
 * (original letters and accents kept).
 */

export interface NormalizedText {
  /** What was heard, untouched. */
  readonly source: string;
  /** The normalised text: single spaces, no leading or trailing space. */
  readonly text: string;
  /** `origins[i]` is the index in `source` of the character `text[i]` came from. */
  readonly origins: readonly number[];
}

const COMBINING_MARKS = /\p{M}/gu;
/** Punctuation of any script, plus spacing accents some recognisers emit. */
const SEPARATOR = /[\s\p{P}`´¨^~˜ˆ]/u;

function fold(character: string): string {
  return character.toLowerCase().normalize('NFD').replace(COMBINING_MARKS, '').replace(/ß/g, 'ss');
}

export function normalizeWithOrigins(source: string): NormalizedText {
  let text = '';
  const origins: number[] = [];
  let pendingSpace = -1;
  let index = 0;
  for (const character of source) {
    const at = index;
    index += character.length;
    for (const folded of fold(character)) {
      if (SEPARATOR.test(folded)) {
        if (text.length > 0 && pendingSpace < 0) pendingSpace = at;
        continue;
      }
      if (pendingSpace >= 0) {
        text += ' ';
        origins.push(pendingSpace);
        pendingSpace = -1;
      }
      text += folded;
      for (let unit = 0; unit < folded.length; unit += 1) origins.push(at);
    }
  }
  return { source, text, origins };
}

/** The normalised form of `text`, as used for matching. */
export function normalizeVoiceText(text: string): string {
  return normalizeWithOrigins(text).text;
}
