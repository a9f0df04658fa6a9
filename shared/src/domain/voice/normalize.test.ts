import { normalizeVoiceText, normalizeWithOrigins } from './normalize.js';

describe('normalizeVoiceText', () => {
  test.each<[string, string]>([
    ['Open Workflows', 'open workflows'],
    ['  ¡Hola,   MUNDO!  ', 'hola mundo'],
    ['¿Qué puedo decir?', 'que puedo decir'],
    ['Déconnecte-moi', 'deconnecte moi'],
    ["contrôle d'accès", 'controle d acces'],
    ['contrôle d’accès', 'controle d acces'],
    ['«Überblick»', 'uberblick'],
    ['„Rechnungsversand“', 'rechnungsversand'],
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['e\u0301xito', 'exito'],
    ['Ópen wörkflows', 'open workflows'],
    ['search: invoices; now.', 'search invoices now'],
    ['R&D 🚀 + €', 'r d 🚀 + €'],
    ['tab\tand\nnewline', 'tab and newline'],
    ['', ''],
    ['  ...  ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeVoiceText(input)).toBe(expected);
  });
});

describe('normalizeWithOrigins', () => {
  test('every normalised character points back at where it came from', () => {
    const source = '¡Busca «Año»!';
    const { text, origins } = normalizeWithOrigins(source);
    expect(text).toBe('busca ano');
    expect(origins).toHaveLength(text.length);
    expect([...text].map((character, index) => [character, source.charAt(origins[index] ?? -1)])).toEqual([
      ['b', 'B'],
      ['u', 'u'],
      ['s', 's'],
      ['c', 'c'],
      ['a', 'a'],
      [' ', ' '],
      ['a', 'A'],
      ['n', 'ñ'],
      ['o', 'o'],
    ]);
  });

  test('a folded character that grows keeps pointing at its source', () => {
    const { text, origins } = normalizeWithOrigins('Maß 🚀');
    expect(text).toBe('mass 🚀');
    expect(origins).toEqual([0, 1, 2, 2, 3, 4, 4]);
  });

  test('the source is kept untouched', () => {
    expect(normalizeWithOrigins(' Ça va ? ').source).toBe(' Ça va ? ');
  });
});
