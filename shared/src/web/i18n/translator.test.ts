import { createTranslator } from './translator';

const catalogs = () => ({
  en: { nav: { billing: 'Billing', home: 'Home' }, who: '{{lng}}' },
  fr: { nav: { billing: 'Facturation' } },
});

describe('createTranslator', () => {
  test('is ready at once, in its language', () => {
    const i18n = createTranslator({ language: 'fr', fallbackLanguage: 'en', catalogs: catalogs() });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('fr');
    expect(i18n.t('nav.billing')).toBe('Facturation');
    expect(i18n.t('nav.home')).toBe('Home');
  });

  test('a fixed t keeps its language after a change, and passes it as {{lng}}', async () => {
    const i18n = createTranslator({ language: 'en', fallbackLanguage: 'en', catalogs: catalogs() });
    const english = i18n.getFixedT('en');
    const t = await i18n.changeLanguage('fr');
    expect(i18n.language).toBe('fr');
    expect(t('nav.billing')).toBe('Facturation');
    expect(i18n.t('nav.billing')).toBe('Facturation');
    expect(english('nav.billing')).toBe('Billing');
    expect(english('who')).toBe('en');
    expect(english('nav.billing', { lng: 'fr' })).toBe('Facturation');
  });

  test('instance t: options.lng wins; without it {{lng}} is not given (as in i18next)', () => {
    const i18n = createTranslator({ language: 'en', fallbackLanguage: 'en', catalogs: catalogs() });
    expect(i18n.t('nav.billing', { lng: 'fr' })).toBe('Facturation');
    expect(i18n.t('who')).toBe('{{lng}}');
  });

  test('deep add without overwrite keeps the texts already there; with overwrite replaces them', () => {
    const i18n = createTranslator({ language: 'fr', fallbackLanguage: 'en', catalogs: catalogs() });
    i18n.addResourceBundle('fr', 'translation', { nav: { billing: 'Autre', home: 'Accueil' } }, true, false, { silent: true });
    expect([i18n.t('nav.billing'), i18n.t('nav.home')]).toEqual(['Facturation', 'Accueil']);
    i18n.addResourceBundle('fr', 'translation', { nav: { billing: 'Autre' } }, true, true, { silent: true });
    expect(i18n.t('nav.billing')).toBe('Autre');
  });

  test('a shallow add replaces whole top-level groups', () => {
    const i18n = createTranslator({ language: 'fr', fallbackLanguage: 'en', catalogs: catalogs() });
    i18n.addResourceBundle('fr', 'translation', { nav: { home: 'Accueil' } });
    expect([i18n.t('nav.billing'), i18n.t('nav.home')]).toEqual(['Billing', 'Accueil']);
  });

  test('adds to a language that had no catalog', () => {
    const i18n = createTranslator({ language: 'de', fallbackLanguage: 'en', catalogs: catalogs() });
    i18n.addResourceBundle('de', 'translation', { nav: { billing: 'Abrechnung' } }, true, false);
    expect(i18n.t('nav.billing')).toBe('Abrechnung');
  });

  test("a silent add emits nothing; another emits 'added' until the listener is removed", () => {
    const i18n = createTranslator({ language: 'en', fallbackLanguage: 'en', catalogs: catalogs() });
    const added = jest.fn();
    i18n.store.on('added', added);
    i18n.addResourceBundle('es', 'translation', { nav: { billing: 'Facturación' } }, true, false, { silent: true });
    expect(added).not.toHaveBeenCalled();
    i18n.addResourceBundle('es', 'translation', { nav: { home: 'Inicio' } }, true, false);
    expect(added).toHaveBeenCalledTimes(1);
    i18n.store.off('added', added);
    i18n.addResourceBundle('it', 'translation', { nav: { home: 'Home' } }, true, false);
    expect(added).toHaveBeenCalledTimes(1);
  });

  test('never changes the catalogs it was given, nor the texts added', () => {
    const given = catalogs();
    const added = { nav: { help: 'Help' } };
    const i18n = createTranslator({ language: 'en', fallbackLanguage: 'en', catalogs: given });
    i18n.addResourceBundle('en', 'translation', added, true, false);
    i18n.addResourceBundle('en', 'translation', { nav: { help2: 'More help' } }, true, false);
    expect(i18n.t('nav.help')).toBe('Help');
    expect(given).toEqual(catalogs());
    expect(added).toEqual({ nav: { help: 'Help' } });
  });

  test('instances are independent', () => {
    const first = createTranslator({ language: 'en', fallbackLanguage: 'en', catalogs: catalogs() });
    const second = createTranslator({ language: 'en', fallbackLanguage: 'en', catalogs: catalogs() });
    second.addResourceBundle('en', 'translation', { nav: { billing: 'Invoices' } }, true, true);
    expect(first.t('nav.billing')).toBe('Billing');
  });
});
