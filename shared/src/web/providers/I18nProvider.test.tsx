/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { useI18n } from '../federation/contexts';
import type { I18nContextValue } from '../federation/contexts';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type SupportedLanguage } from '../../domain/i18n/languages';
import { I18nProvider } from './I18nProvider';
import { useEffect } from 'react';

let context: I18nContextValue | undefined;

function Probe() {
  const i18n = useI18n();
  // Handed to the test after each commit (an effect), so rendering stays pure.
  useEffect(() => {
    context = i18n;
  });
  return (
    <p data-testid="probe" data-language={i18n.language}>
      {i18n.t('errors.title')}
    </p>
  );
}

function current(): I18nContextValue {
  if (!context) throw new Error('the probe has not rendered');
  return context;
}

beforeEach(() => {
  context = undefined;
  localStorage.clear();
  document.documentElement.lang = '';
});

afterEach(() => jest.restoreAllMocks());

describe('I18nProvider', () => {
  test('starts in the language saved under preferredLanguage', () => {
    expect(LANGUAGE_STORAGE_KEY).toBe('preferredLanguage');
    localStorage.setItem('preferredLanguage', 'fr');
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('Une erreur s’est produite');
    expect(current().language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  test.each([
    ['ignores an unsupported saved language and follows the browser', 'klingon', ['de-AT', 'en-US'], 'Etwas ist schiefgelaufen', 'de'],
    ['falls back to English when neither the saved nor the browser language is supported', null, ['ja-JP'], 'Something went wrong', 'en'],
  ])('%s', (_name, saved, browser, title, lang) => {
    if (saved) localStorage.setItem('preferredLanguage', saved);
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent(title);
    expect(document.documentElement.lang).toBe(lang);
  });

  test('still starts when storage is blocked', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['it-IT']);
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('Si è verificato un problema');
  });

  test('initialLanguage wins over the saved preference', () => {
    localStorage.setItem('preferredLanguage', 'fr');
    render(
      <I18nProvider initialLanguage="es">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('Algo salió mal');
    expect(current().supportedLanguages).toEqual(SUPPORTED_LANGUAGES);
  });

  test('setLanguage persists the choice, sets <html lang> and re-renders consumers', async () => {
    render(
      <I18nProvider initialLanguage="en">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('Something went wrong');
    const before = current();

    await act(() => before.setLanguage('es'));

    expect(screen.getByTestId('probe')).toHaveTextContent('Algo salió mal');
    expect(screen.getByTestId('probe')).toHaveAttribute('data-language', 'es');
    expect(localStorage.getItem('preferredLanguage')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(current().language).toBe('es');
    expect(current().t).not.toBe(before.t);
    expect(current().i18n.language).toBe('es');
  });

  test('the choice survives a reload (a new provider reads it back)', async () => {
    const first = render(
      <I18nProvider initialLanguage="en">
        <Probe />
      </I18nProvider>,
    );
    await act(() => current().setLanguage('it'));
    first.unmount();
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('Si è verificato un problema');
  });

  test('setLanguage still applies the language when storage is blocked', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    render(
      <I18nProvider initialLanguage="en">
        <Probe />
      </I18nProvider>,
    );
    await act(() => current().setLanguage('de'));
    expect(screen.getByTestId('probe')).toHaveTextContent('Etwas ist schiefgelaufen');
  });

  test('an unsupported language rejects and changes nothing', async () => {
    render(
      <I18nProvider initialLanguage="fr">
        <Probe />
      </I18nProvider>,
    );
    await expect(current().setLanguage('pt' as SupportedLanguage)).rejects.toThrow('Unsupported language: pt');
    expect(screen.getByTestId('probe')).toHaveTextContent('Une erreur s’est produite');
    expect(current().language).toBe('fr');
    expect(localStorage.getItem('preferredLanguage')).toBeNull();
    expect(document.documentElement.lang).toBe('fr');
  });
});
