// A fresh module registry per test: the Jest setup registers every catalog
// up front, and these tests need the app's real starting point (English only).
type Registry = typeof import('./catalogRegistry');
type I18nModule = typeof import('./index');

function freshModules(): { registry: Registry; i18n: I18nModule } {
  let modules: { registry: Registry; i18n: I18nModule } | undefined;
  jest.isolateModules(() => {
    modules = { registry: require('./catalogRegistry') as Registry, i18n: require('./index') as I18nModule };
  });
  return modules!;
}

test('only English is there at first; another language arrives on request, once', async () => {
  const { registry } = freshModules();
  expect(registry.loadedCatalog('en')?.nav.billing).toBe('Billing');
  expect(registry.loadedCatalog('fr')).toBeUndefined();
  const [first, second] = await Promise.all([registry.loadCatalog('fr'), registry.loadCatalog('fr')]);
  expect(first).toBe(second);
  expect(first.nav.billing).toBe('Facturation');
  expect(registry.loadedCatalog('fr')).toBe(first);
});

test('createI18n for a language not loaded yet starts in English; ensureLanguage adds it', async () => {
  const { i18n } = freshModules();
  const instance = i18n.createI18n('de');
  expect(instance.language).toBe('en');
  expect(instance.t('nav.billing')).toBe('Billing');
  await i18n.ensureLanguage(instance, 'de');
  await instance.changeLanguage('de');
  expect(instance.t('nav.billing')).toBe('Abrechnung');
  // Once loaded, new instances start in it directly.
  expect(i18n.createI18n('de').language).toBe('de');
});

test('registerCatalogs makes a language available without fetching', () => {
  const { registry, i18n } = freshModules();
  const english = registry.loadedCatalog('en')!;
  registry.registerCatalogs({ it: { ...english, nav: { ...english.nav, billing: 'Fatturazione (test)' } } });
  expect(i18n.createI18n('it').t('nav.billing')).toBe('Fatturazione (test)');
});

test('detectInitialLanguage: saved choice, else browser language, else English', () => {
  const { i18n } = freshModules();
  const storage = new Map<string, string>();
  const original = {
    localStorage: Object.getOwnPropertyDescriptor(globalThis, 'localStorage'),
    navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator'),
  };
  const setNavigator = (languages: string[]) =>
    Object.defineProperty(globalThis, 'navigator', { value: { languages, language: languages[0] }, configurable: true });
  Object.defineProperty(globalThis, 'localStorage', { value: { getItem: (key: string) => storage.get(key) ?? null }, configurable: true });
  setNavigator(['fr-CA', 'en']);
  try {
    expect(i18n.detectInitialLanguage()).toBe('fr');
    storage.set('preferredLanguage', 'it');
    expect(i18n.detectInitialLanguage()).toBe('it');
    storage.set('preferredLanguage', 'pt');
    setNavigator(['pt-BR']);
    expect(i18n.detectInitialLanguage()).toBe('en');
  } finally {
    for (const [name, descriptor] of Object.entries(original)) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  }
});

test("a remote's texts merged for a language before its catalog arrives survive the catalog's arrival", async () => {
  const { i18n } = freshModules();
  let remote: typeof import('./remoteCatalogs') | undefined;
  jest.isolateModules(() => {
    remote = require('./remoteCatalogs') as typeof import('./remoteCatalogs');
  });
  const instance = i18n.createI18n('en');
  const texts = { consoleOnly: { hello: 'Hello' } };
  const catalogs = { en: texts, es: { consoleOnly: { hello: 'Hola' } }, fr: texts, de: { consoleOnly: { hello: 'Hallo' } }, it: texts };
  remote!.addRemoteCatalogs(instance, catalogs);
  remote!.addRemoteCatalogs(instance, catalogs); // idempotent
  await i18n.ensureLanguage(instance, 'de');
  await instance.changeLanguage('de');
  expect(instance.t('consoleOnly.hello')).toBe('Hallo');
  expect(instance.t('nav.billing')).toBe('Abrechnung');
});
