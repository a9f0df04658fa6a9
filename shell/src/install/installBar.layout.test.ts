import { readFileSync } from 'node:fs';
import path from 'node:path';

// The review saw a floating Install button lying over the page, even after
// "Maybe later". The bar is in the page's flow instead (a smart app banner):
// no rule of the shell's stylesheet may take it, or its button, out of the flow.
const css = readFileSync(path.join(__dirname, '..', 'styles.css'), 'utf8');

/** The declarations of every rule whose selector names `className`, media queries included. */
function declarationsOf(className: string): string[] {
  const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)];
  return rules.filter(([, selector]) => new RegExp(`\\.${className}(?![\\w-])`).test(selector ?? '')).map(([, , body]) => body ?? '');
}

test.each(['install-bar', 'install-fab', 'install-bar-text'])('.%s stays in the flow: never fixed, absolute or sticky', (className) => {
  const declarations = declarationsOf(className);
  expect(declarations.length).toBeGreaterThan(0);
  for (const body of declarations) expect(body).not.toMatch(/position\s*:\s*(fixed|absolute|sticky)/);
});

test('the bar shows on phones only: hidden by default, laid out under 768 px', () => {
  expect(css).toMatch(/\.install-bar\s*\{\s*display:\s*none;\s*\}/);
  expect(css).toMatch(/@media \(max-width: 767\.98px\)\s*\{\s*\.install-bar\s*\{/);
});
