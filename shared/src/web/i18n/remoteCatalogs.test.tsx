/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { useI18n } from '../federation/contexts';
import { I18nProvider } from '../providers/I18nProvider';
import { lazyCatalogs, useRemoteCatalogs, type LazyCatalogs } from './remoteCatalogs';

type Texts = { lazyProbe: { hello: string } };
const text = (hello: string): Texts => ({ lazyProbe: { hello } });

/** Lazy catalogs whose loaders the test resolves by hand (and counts). */
function deferredCatalogs() {
  const calls: string[] = [];
  const pending = new Map<string, (texts: Texts) => void>();
  const loader = (language: string) => () => {
    calls.push(language);
    return new Promise<Texts>((resolve) => pending.set(language, resolve));
  };
  const catalogs = lazyCatalogs<Texts>(text('Hello'), { es: loader('es'), fr: loader('fr'), de: loader('de'), it: loader('it') });
  return { catalogs, calls, arrive: (language: string, hello: string) => act(async () => pending.get(language)!(text(hello))) };
}

function Greeting({ catalogs }: { catalogs: LazyCatalogs<Texts> }) {
  const ready = useRemoteCatalogs(catalogs);
  const { t, setLanguage } = useI18n();
  return (
    <div>
      <p data-testid="greeting" data-ready={String(ready)}>
        {t('lazyProbe.hello')}
      </p>
      <button type="button" onClick={() => void setLanguage('fr')}>
        fr
      </button>
    </div>
  );
}

beforeEach(() => localStorage.clear());

test('English is there at once and no other language is fetched for an English reader', () => {
  const { catalogs, calls } = deferredCatalogs();
  render(
    <I18nProvider initialLanguage="en">
      <Greeting catalogs={catalogs} />
    </I18nProvider>,
  );
  expect(screen.getByTestId('greeting')).toHaveTextContent('Hello');
  expect(screen.getByTestId('greeting')).toHaveAttribute('data-ready', 'true');
  expect(calls).toEqual([]);
});

test("a German reader's texts are fetched once and replace the English when they arrive", async () => {
  const { catalogs, calls, arrive } = deferredCatalogs();
  render(
    <I18nProvider initialLanguage="de">
      <Greeting catalogs={catalogs} />
    </I18nProvider>,
  );
  await act(async () => undefined);
  expect(screen.getByTestId('greeting')).toHaveAttribute('data-ready', 'false');
  await arrive('de', 'Hallo');
  expect(screen.getByTestId('greeting')).toHaveTextContent('Hallo');
  expect(screen.getByTestId('greeting')).toHaveAttribute('data-ready', 'true');
  expect(calls).toEqual(['de']);
  expect(catalogs.loaded.de).toEqual(text('Hallo'));
});

test('switching language waits for the lazy texts in use, so the switch shows no English', async () => {
  const { catalogs, calls, arrive } = deferredCatalogs();
  render(
    <I18nProvider initialLanguage="en">
      <Greeting catalogs={catalogs} />
    </I18nProvider>,
  );
  act(() => screen.getByRole('button', { name: 'fr' }).click());
  await act(async () => undefined);
  expect(calls).toEqual(['fr']);
  expect(screen.getByTestId('greeting')).toHaveTextContent('Hello');
  await arrive('fr', 'Bonjour');
  await act(async () => undefined);
  expect(screen.getByTestId('greeting')).toHaveTextContent('Bonjour');
  expect(calls).toEqual(['fr']);
});
