import { Route, Routes } from '@agentflow/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { LocationProbe, renderWithProviders, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { SignInPage } from './SignInPage';
import { clickAndSettle, expectSubmitRefused } from '@agentflow/shared/testing/submit';

function renderSignIn(route = '/signin', options: ProvidersOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route, ...options },
  );
}

const email = () => screen.getByLabelText('E-mail');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Sign in' });

function fill(values: { email?: string; password?: string }) {
  if (values.email !== undefined) fireEvent.change(email(), { target: { value: values.email } });
  if (values.password !== undefined) fireEvent.change(password(), { target: { value: values.password } });
}

/** A promise the test settles itself, to look at the page while an action runs. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SignInPage', () => {
  test('has a heading, labelled fields, the sign-in choices and links to sign-up and reset', () => {
    renderSignIn('/signin', { auth: { demoAvailable: true } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(document.title).toBe('Agentflow · Sign in');
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    expect(email()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try the demo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the sign-up link keeps a safe next', () => {
    renderSignIn('/signin?next=%2Fbilling');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?next=%2Fbilling');
  });

  test('an empty form shows each error next to its field, focuses the first, and calls nothing', () => {
    const signIn = jest.fn(async () => undefined);
    renderSignIn('/signin', { auth: { signIn } });
    fireEvent.click(submit());
    expect(signIn).not.toHaveBeenCalled();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('Enter your password.');
    expect(email()).toHaveFocus();
  });

  test('an invalid e-mail is reported on the e-mail field only', () => {
    const signIn = jest.fn(async () => undefined);
    renderSignIn('/signin', { auth: { signIn } });
    fill({ email: 'not-an-address', password: 'secret' });
    fireEvent.click(submit());
    expect(signIn).not.toHaveBeenCalled();
    expect(email()).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(password()).toHaveAttribute('aria-invalid', 'false');
    expect(password()).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Enter your password.')).not.toBeInTheDocument();
  });

  test('editing a field clears its error', () => {
    renderSignIn();
    fireEvent.click(submit());
    fill({ email: 'a' });
    expect(email()).toHaveAttribute('aria-invalid', 'false');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
  });

  test('a valid form calls signIn with the trimmed e-mail and the password as typed, then goes to the dashboard', async () => {
    const signIn = jest.fn(async () => undefined);
    renderSignIn('/signin', { auth: { signIn } });
    fill({ email: '  ada@example.com  ', password: ' pass word ' });
    await clickAndSettle(submit());
    expect(signIn).toHaveBeenCalledWith('ada@example.com', ' pass word ');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/dashboard$/);
  });

  test('success goes to a safe next, query included', async () => {
    renderSignIn(`/signin?next=${encodeURIComponent('/billing/invoices?page=2')}`);
    fill({ email: 'ada@example.com', password: 'secret' });
    await clickAndSettle(submit());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/billing\/invoices\?page=2$/);
  });

  test.each([['//evil.com'], ['https://evil.com'], ['/\\evil.com'], ['javascript:alert(1)']])('an unsafe next (%j) is ignored: the dashboard instead', async (next) => {
    renderSignIn(`/signin?next=${encodeURIComponent(next)}`);
    fill({ email: 'ada@example.com', password: 'secret' });
    await clickAndSettle(submit());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/dashboard$/);
  });

  test('a rejected sign-in shows its message in an alert and stays on the page', async () => {
    const signIn = jest.fn(async () => {
      throw new Error('Error signing in: The e-mail or password is incorrect.');
    });
    renderSignIn('/signin?next=%2Fbilling', { auth: { signIn } });
    fill({ email: 'ada@example.com', password: 'wrong' });
    await expectSubmitRefused(submit, 'Error signing in: The e-mail or password is incorrect.');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  test('the buttons are disabled while an action runs, and a second submit does nothing', async () => {
    const pending = deferred();
    const signIn = jest.fn(() => pending.promise);
    renderSignIn('/signin', { auth: { signIn, demoAvailable: true } });
    fill({ email: 'ada@example.com', password: 'secret' });
    fireEvent.click(submit());
    expect(submit()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Try the demo' })).toBeDisabled();
    fireEvent.submit(submit().closest('form')!);
    expect(signIn).toHaveBeenCalledTimes(1);
    await act(async () => pending.reject(new Error('Error signing in: The network is unavailable.')));
    expect(screen.getByRole('alert')).toHaveTextContent('The network is unavailable.');
    expect(submit()).toBeEnabled();
  });

  test('Continue with Google calls signInWithGoogle, then follows next', async () => {
    const signInWithGoogle = jest.fn(async () => undefined);
    renderSignIn('/signin?next=%2Fadmin%2Faccess', { auth: { signInWithGoogle } });
    await clickAndSettle(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(signInWithGoogle).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/access$/);
  });

  test('a failed Google sign-in shows its message', async () => {
    const signInWithGoogle = jest.fn(async () => {
      throw new Error('Error signing in with Google: The sign-in window was closed before it finished.');
    });
    renderSignIn('/signin', { auth: { signInWithGoogle } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in window was closed before it finished.');
  });

  test('Try the demo calls signInAsDemoUser and goes to the dashboard', async () => {
    const signInAsDemoUser = jest.fn(async () => undefined);
    const signIn = jest.fn(async () => undefined);
    renderSignIn('/signin', { auth: { signInAsDemoUser, signIn, demoAvailable: true } });
    await clickAndSettle(screen.getByRole('button', { name: 'Try the demo' }));
    expect(signInAsDemoUser).toHaveBeenCalledTimes(1);
    expect(signIn).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/dashboard$/);
  });

  test('no demo button when no demo account is configured', () => {
    renderSignIn('/signin', { auth: { demoAvailable: false } });
    expect(screen.queryByRole('button', { name: 'Try the demo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  test('already signed in: goes straight to next, or to the dashboard', () => {
    const { unmount } = renderSignIn('/signin?next=%2Fbilling', { user: testUser() });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/billing$/);
    unmount();
    renderSignIn('/signin?next=%2F%2Fevil.com', { user: testUser() });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/workflows\/dashboard$/);
  });

  test('is translated (French), field errors included', async () => {
    renderSignIn('/signin', { language: 'fr', auth: { demoAvailable: true } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Connexion');
    expect(document.title).toBe('Agentflow · Connexion');
    const frEmail = screen.getByLabelText('Adresse e-mail');
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuer avec Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Essayer la démo' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(frEmail).toHaveAccessibleDescription('Saisissez votre adresse e-mail.'));
  });
});
