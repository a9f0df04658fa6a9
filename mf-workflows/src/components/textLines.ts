// A text area holding one entry per line (allowed websites, IP allow-lists).

/** Lines of a text area, trimmed, empty ones left out. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
