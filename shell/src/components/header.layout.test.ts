import { readFileSync } from 'node:fs';
import path from 'node:path';

// The signed-in header wrapped onto two or three lines at 1280 px (worse in
// German). From 1280 px it is one row in all five languages: these are the
// stylesheet's promises that make it so (screenshots at 1280 and 390 px in
// en, de, es, fr and it check the result). jsdom lays nothing out, so the
// rules are read from the CSS, media queries included.
const css = ['styles.css', 'workspaces/workspaceSwitcher.css'].map((file) => readFileSync(path.join(__dirname, '..', file), 'utf8')).join('\n');

interface Rule {
  media: string | null;
  selector: string;
  body: string;
}

/** Every rule with the media query around it (null: none), comments dropped. */
function rules(): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: Rule[] = [];
  const walk = (block: string, media: string | null) => {
    let index = 0;
    while (index < block.length) {
      const open = block.indexOf('{', index);
      if (open < 0) break;
      const head = block.slice(index, open).trim();
      let depth = 1;
      let close = open + 1;
      for (; close < block.length && depth > 0; close++) depth += block[close] === '{' ? 1 : block[close] === '}' ? -1 : 0;
      const body = block.slice(open + 1, close - 1);
      if (head.startsWith('@media')) walk(body, head.slice('@media'.length).trim());
      else found.push({ media, selector: head, body });
      index = close;
    }
  };
  walk(text, null);
  return found;
}

/** The declarations for `selector` (exactly one of the rule's selectors) under media queries that hold at `width` px. */
function declarationsAt(width: number, selector: string): string {
  return rules()
    .filter((rule) => rule.selector.split(',').some((part) => part.trim() === selector) && appliesAt(rule.media, width))
    .map((rule) => rule.body)
    .join(';');
}

function appliesAt(media: string | null, width: number): boolean {
  if (!media) return true;
  if (/prefers-|print|hover/.test(media)) return false;
  const min = /min-width:\s*([\d.]+)px/.exec(media);
  const max = /max-width:\s*([\d.]+)px/.exec(media);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

/** The last value `property` gets among these declarations (the cascade, for one specificity). */
function valueOf(declarations: string, property: string): string | undefined {
  const values = [...declarations.matchAll(new RegExp(`(?:^|[;\\s])${property}\\s*:\\s*([^;]+)`, 'g'))].map((match) => match[1]!.trim());
  return values[values.length - 1];
}

const visuallyHidden = (declarations: string) => valueOf(declarations, 'position') === 'absolute' && valueOf(declarations, 'clip') === 'rect(0 0 0 0)' && !/display\s*:\s*none|visibility\s*:\s*hidden/.test(declarations);

test('from 720 px the nav links never break inside and the header tools stay side by side', () => {
  for (const width of [1280, 1440, 1920]) {
    expect(valueOf(declarationsAt(width, '.main-nav > ul a'), 'white-space')).toBe('nowrap');
    expect(valueOf(declarationsAt(width, '.header-tools'), 'flex-wrap')).toBe('nowrap');
  }
});

test('from 720 px the account button shows the avatar only: its text is visually hidden, never removed (it is the button’s name)', () => {
  for (const width of [1280, 1920]) expect(visuallyHidden(declarationsAt(width, '.user-menu-button .user-status'))).toBe(true);
  // Phones list the account in the open menu, with the name.
  expect(valueOf(declarationsAt(390, '.user-menu-button .user-status'), 'position')).toBeUndefined();
});

test('a signed-in header below 1600 px shows the brand’s mark only (visually hidden name) and slightly smaller links', () => {
  expect(visuallyHidden(declarationsAt(1280, '.app-header--signed-in .brand-name'))).toBe(true);
  expect(valueOf(declarationsAt(1280, '.app-header--signed-in .main-nav > ul a'), 'font-size')).toBe('0.9rem');
  expect(declarationsAt(1600, '.app-header--signed-in .brand-name')).toBe('');
  expect(declarationsAt(1600, '.app-header--signed-in .main-nav > ul a')).toBe('');
});

test('in the header a long workspace name is cut short, with an ellipsis, and the icon goes', () => {
  const name = declarationsAt(1280, '.workspace-switcher-name');
  expect(valueOf(name, 'max-width')).toBe('7rem');
  expect(valueOf(name, 'text-overflow')).toBe('ellipsis');
  expect(valueOf(name, 'white-space')).toBe('nowrap');
  expect(valueOf(declarationsAt(1280, '.workspace-switcher-icon'), 'display')).toBe('none');
});

test('the header wraps rather than push the page sideways (below 1280 px the links wrap too)', () => {
  for (const width of [720, 1024, 1280, 1920]) expect(valueOf(declarationsAt(width, '.app-header'), 'flex-wrap')).toBe('wrap');
  for (const width of [720, 1024, 1279]) expect(valueOf(declarationsAt(width, '.main-nav'), 'flex-wrap')).toBe('wrap');
  expect(valueOf(declarationsAt(1280, '.main-nav'), 'flex-wrap')).toBeUndefined();
});
