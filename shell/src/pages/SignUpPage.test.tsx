import { Route, Routes } from '@agentflow/shared';
import { fireEvent, screen } from '@testing-library/react';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { SignUpPage } from './SignUpPage';
import { clickAndSettle, expectSubmitRefused } from '@agentflow/shared/testing/submit';

function renderSignUp(route = '/signup', options: ProvidersOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route, ...options },
  );
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Create account' });

function fill(values: Record<'E-mail' | 'Password' | 'Display name', string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}

describe('SignUpPage', () => {
  test('has a heading, the three labelled fields and a link to sign in', () => {
    renderSignUp();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create your account');
    expect(document.title).toBe('Agentflow · Create your account');
    expect(field('E-mail')).toHaveAttribute('autocomplete', 'email');
    expect(field('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('Password')).toHaveAccessibleDescription('At least 8 characters.');
    expect(field('Display name')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  test('the sign-in link keeps a safe next and drops an unsafe one', () => {
    const { unmount } = renderSignUp('/signup?next=%2Fbilling');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin?next=%2Fbilling');
    unmount();
    renderSignUp('/signup?next=https%3A%2F%2Fevil.com');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  test('invalid values: each error next to its field, nothing called', () => {
    const signUp = jest.fn(async () => undefined);
    renderSignUp('/signup', { auth: { signUp } });
    fill({ 'E-mail': 'ada@', Password: 'short', 'Display name': '   ' });
    fireEvent.click(submit());
    expect(signUp).not.toHaveBeenCalled();
    expect(field('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveAccessibleDescription('At least 8 characters. Use at least 8 characters.');
    expect(field('Display name')).toHaveAccessibleDescription('Enter a display name.');
    expect(field('E-mail')).toHaveFocus();
  });

  test('only the failing field is marked', () => {
    const signUp = jest.fn(async () => undefined);
    renderSignUp('/signup', { auth: { signUp } });
    fill({ 'E-mail': 'ada@example.com', Password: 'long enough', 'Display name': 'x'.repeat(81) });
    fireEvent.click(submit());
    expect(signUp).not.toHaveBeenCalled();
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'false');
    expect(field('Password')).toHaveAttribute('aria-invalid', 'false');
    expect(field('Display name')).toHaveAccessibleDescription('Use at most 80 characters.');
    expect(field('Display name')).toHaveFocus();
  });

  test('a valid form calls signUp with trimmed e-mail and name, then follows next', async () => {
    const signUp = jest.fn(async () => undefined);
    renderSignUp('/signup?next=%2Fbilling%3Ftab%3Dplans', { auth: { signUp } });
    fill({ 'E-mail': ' ada@example.com ', Password: 'correct horse', 'Display name': '  Ada Lovelace ' });
    await clickAndSettle(submit());
    expect(signUp).toHaveBeenCalledWith('ada@example.com', 'correct horse', 'Ada Lovelace');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/billing\?tab=plans$/);
  });

  test('success without next, or with an unsafe one, goes to the dashboard', async () => {
    renderSignUp('/signup?next=%2F%2Fevil.com');
    fill({ 'E-mail': 'ada@example.com', Password: 'correct horse', 'Display name': 'Ada' });
    await clickAndSettle(submit());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/dashboard$/);
  });

  test('a rejected sign-up shows its message in an alert and keeps the values', async () => {
    const signUp = jest.fn(async () => {
      throw new Error('Error creating account: An account already uses this e-mail address.');
    });
    renderSignUp('/signup', { auth: { signUp } });
    fill({ 'E-mail': 'ada@example.com', Password: 'correct horse', 'Display name': 'Ada' });
    await expectSubmitRefused(submit, 'Error creating account: An account already uses this e-mail address.');
    expect(field('E-mail')).toHaveValue('ada@example.com');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  test('already signed in: goes on to next', () => {
    renderSignUp('/signup?next=%2Fadmin%2Faccess', { user: testUser() });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/access$/);
  });

  test('is translated (German)', () => {
    renderSignUp('/signup', { language: 'de' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Erstellen Sie Ihr Konto');
    expect(screen.getByLabelText('Anzeigename')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription('Geben Sie Ihre E-Mail-Adresse ein.');
  });
});
