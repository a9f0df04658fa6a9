import { CATALOGS } from '@agentflow/shared/testing/catalogs';
import { createI18n } from './index';

describe('createI18n', () => {
  test("createI18n('fr') translates errors.title", () => {
    const i18n = createI18n('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('errors.title')).toBe('Une erreur s’est produite');
    expect(i18n.t('errors.title')).toBe(CATALOGS.fr.errors.title);
  });

  test('is ready synchronously and defaults to English', () => {
    const i18n = createI18n();
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('en');
    expect(i18n.t('errors.title')).toBe('Something went wrong');
  });

  test.each([
    ['es', 'Algo salió mal'],
    ['de', 'Etwas ist schiefgelaufen'],
    ['it', 'Si è verificato un problema'],
  ] as const)('%s translates errors.title', (language, expected) => {
    expect(createI18n(language).t('errors.title')).toBe(expected);
  });

  test('interpolates without HTML-escaping (React escapes)', () => {
    const i18n = createI18n('en');
    expect(i18n.t('common.signedInAs', { name: 'Ada <ada@example.com>' })).toBe('Signed in as Ada <ada@example.com>');
    expect(createI18n('de').t('home.hostNote', { host: 'shell' })).toBe('Läuft innerhalb von: shell');
  });

  test('instances are independent', async () => {
    const first = createI18n('en');
    const second = createI18n('en');
    await second.changeLanguage('it');
    expect(first.t('nav.billing')).toBe('Billing');
    expect(second.t('nav.billing')).toBe('Fatturazione');
  });

  test('an unknown key falls back to the key itself, not null', () => {
    expect(createI18n('fr').t('no.such.key')).toBe('no.such.key');
  });
});
