import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { Header } from './Header';
import { LanguageSwitcher } from './LanguageSwitcher';

beforeEach(() => localStorage.clear());

describe('LanguageSwitcher', () => {
  test('offers every supported language, named in itself, with the current one selected', () => {
    renderWithProviders(<LanguageSwitcher />, { language: 'de' });
    const select = screen.getByRole('combobox', { name: 'Sprache' });
    expect(select).toHaveValue('de');
    expect(within(select).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['en', 'English'],
      ['es', 'Español'],
      ['fr', 'Français'],
      ['de', 'Deutsch'],
      ['it', 'Italiano'],
    ]);
  });

  test('switching language re-renders the page in it and remembers the choice', async () => {
    renderWithProviders(<Header />);
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'it' } });
    });
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Navigazione principale' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Fatturazione' })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('combobox', { name: 'Lingua' })).toHaveValue('it');
    expect(localStorage.getItem('preferredLanguage')).toBe('it');
    expect(document.documentElement.lang).toBe('it');
  });
});
