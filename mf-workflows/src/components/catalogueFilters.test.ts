import { applyFilters, filtersFromParams, matchesSearch, normalizeText, withParam } from './catalogueFilters';
import { FAKE_TEMPLATES, testWorkflow } from '../testing/fakeCatalogueSource';

describe('normalizeText', () => {
  test('drops accents (NFD), lower-cases and collapses spaces', () => {
    expect(normalizeText('  Café  Crème ÉLAN  ')).toBe('cafe creme elan');
    expect(normalizeText('Straße Ünïcödé')).toBe('straße unicode');
    expect(normalizeText('Cafe\u0301')).toBe('cafe'); // already decomposed
  });
});

describe('matchesSearch', () => {
  const workflow = testWorkflow({ id: 'w', name: 'Relance clients', description: 'Prépare un e-mail de suivi', tags: ['Facturación'] });
  test.each([
    ['', true],
    ['RELANCE', true],
    ['prepare', true],
    ['facturacion', true],
    ['FACTURACIÓN', true],
    ['suivi relance', true],
    ['suivi payroll', false],
    ['nothing', false],
  ])('%j → %s', (query, expected) => {
    expect(matchesSearch(workflow, query)).toBe(expected);
  });
});

describe('filtersFromParams / withParam', () => {
  test('reads valid values and ignores unknown ones', () => {
    expect(filtersFromParams(new URLSearchParams('search=x&category=ai&industry=real-estate&tab=organization&run=%20Payroll%20'))).toEqual({
      search: 'x',
      category: 'ai',
      industry: 'real-estate',
      tab: 'organization',
      run: 'Payroll',
    });
    expect(filtersFromParams(new URLSearchParams('category=AI&industry=mining&tab=all'))).toEqual({ search: '', category: 'all', industry: 'all', tab: null, run: '' });
  });

  test('withParam sets, and removes on empty or all, without touching the rest', () => {
    const params = new URLSearchParams('search=x&tab=mine');
    expect(withParam(params, 'category', 'ai').toString()).toBe('search=x&tab=mine&category=ai');
    expect(withParam(params, 'search', '').toString()).toBe('tab=mine');
    expect(withParam(params, 'tab', 'all').toString()).toBe('search=x');
    expect(params.toString()).toBe('search=x&tab=mine');
  });
});

describe('applyFilters', () => {
  test('category, industry and search all apply', () => {
    expect(applyFilters(FAKE_TEMPLATES, { search: '', category: 'ai', industry: 'all' }).map((w) => w.id)).toEqual(['tpl-lead', 'tpl-listing']);
    expect(applyFilters(FAKE_TEMPLATES, { search: '', category: 'ai', industry: 'sales' }).map((w) => w.id)).toEqual(['tpl-lead']);
    expect(applyFilters(FAKE_TEMPLATES, { search: 'garden', category: 'all', industry: 'all' }).map((w) => w.id)).toEqual(['tpl-listing']);
    expect(applyFilters(FAKE_TEMPLATES, { search: 'garden', category: 'automation', industry: 'all' })).toEqual([]);
  });
});
