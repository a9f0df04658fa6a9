import { Route, Routes } from '@agentflow/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { LocationProbe, renderWithProviders, testProfile, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { ProfilePage } from './ProfilePage';
import { clickAndSettle, expectSubmitRefused } from '@agentflow/shared/testing/submit';

function renderProfile(options: ProvidersOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/profile', ...options },
  );
}

/** Signed in with a profile; `auth` adds or overrides context fields. */
function signedIn(auth: ProvidersOptions['auth'] = {}, options: ProvidersOptions = {}) {
  return renderProfile({ user: testUser(), ...options, auth: { userProfile: testProfile(), ...auth } });
}

const displayName = () => screen.getByLabelText('Display name');
const phoneNumber = () => screen.getByLabelText('Phone number');
const language = () => screen.getByLabelText('Language');
const save = () => screen.getByRole('button', { name: 'Save changes' });

function details(): Record<string, string | undefined> {
  const list = document.querySelector('dl');
  if (!list) throw new Error('no details list');
  return Object.fromEntries(Array.from(list.querySelectorAll('dt')).map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

beforeEach(() => localStorage.clear());

describe('ProfilePage', () => {
  test('signed out: sent to sign in, coming back to /profile', () => {
    renderProfile();
    expect(screen.getByTestId('location')).toHaveTextContent('/signin?next=%2Fprofile');
  });

  test('while the sign-in state loads: a status text', () => {
    renderProfile({ auth: { loading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  test('shows the e-mail and the member-since date, never the internal roles (b2c_user)', () => {
    signedIn({ userProfile: testProfile({ roles: ['b2c_user', 'free'] }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your profile');
    expect(document.title).toBe('Agentflow · Your profile');
    expect(details()).toEqual({ 'E-mail': 'ada@example.com', 'Member since': 'March 5, 2024' });
    expect(screen.queryByText(/b2c_user/)).not.toBeInTheDocument();
  });

  test('no creation date is said in words', () => {
    signedIn({ userProfile: testProfile({ roles: [], createdAt: null }) });
    expect(details()).toEqual({ 'E-mail': 'ada@example.com', 'Member since': 'Not available' });
  });

  test('the form starts from the profile', () => {
    signedIn({ userProfile: testProfile({ displayName: 'Ada', phoneNumber: '+44 20 7946 0958', preferences: { language: 'it' } }) });
    expect(displayName()).toHaveValue('Ada');
    expect(phoneNumber()).toHaveValue('+44 20 7946 0958');
    expect(language()).toHaveValue('it');
    expect(within(language()).getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Italiano']);
  });

  test('invalid values: errors next to their fields, nothing saved', () => {
    const updateProfile = jest.fn(async () => undefined);
    signedIn({ updateProfile });
    fireEvent.change(displayName(), { target: { value: '   ' } });
    fireEvent.change(phoneNumber(), { target: { value: 'call me' } });
    fireEvent.click(save());
    expect(updateProfile).not.toHaveBeenCalled();
    expect(displayName()).toHaveAccessibleDescription('Enter a display name.');
    expect(phoneNumber()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneNumber()).toHaveAccessibleDescription('Optional. Leave it empty to remove your number. Enter a valid phone number, such as +1 415 555 0100.');
    expect(language()).toHaveAttribute('aria-invalid', 'false');
    expect(displayName()).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('saving sends the trimmed fields and the language, then confirms; the page language stays', async () => {
    const updateProfile = jest.fn(async () => undefined);
    signedIn({ updateProfile });
    fireEvent.change(displayName(), { target: { value: '  Countess Ada  ' } });
    fireEvent.change(phoneNumber(), { target: { value: ' +1 415 555 0100 ' } });
    await clickAndSettle(save());
    expect(updateProfile).toHaveBeenCalledTimes(1);
    expect(updateProfile).toHaveBeenCalledWith({ displayName: 'Countess Ada', phoneNumber: '+1 415 555 0100', preferences: { language: 'en' } });
    expect(screen.getByRole('status')).toHaveTextContent('Your profile is saved.');
    expect(localStorage.getItem('preferredLanguage')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your profile');
  });

  test('an emptied phone number is saved as null', async () => {
    const updateProfile = jest.fn(async () => undefined);
    signedIn({ updateProfile, userProfile: testProfile({ phoneNumber: '+1 415 555 0100' }) });
    fireEvent.change(phoneNumber(), { target: { value: '' } });
    await clickAndSettle(save());
    expect(updateProfile).toHaveBeenCalledWith({ displayName: 'Ada Lovelace', phoneNumber: null, preferences: { language: 'en' } });
  });

  test('choosing another language saves it and switches the page to it', async () => {
    const updateProfile = jest.fn(async () => undefined);
    signedIn({ updateProfile });
    fireEvent.change(language(), { target: { value: 'fr' } });
    await clickAndSettle(save());
    expect(updateProfile).toHaveBeenCalledWith({ displayName: 'Ada Lovelace', phoneNumber: null, preferences: { language: 'fr' } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Votre profil');
    expect(screen.getByRole('status')).toHaveTextContent('Votre profil est enregistré.');
    expect(details()['Membre depuis']).toBe('5 mars 2024');
    expect(localStorage.getItem('preferredLanguage')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  test('a rejected save shows its message, no confirmation, and keeps the page language', async () => {
    const updateProfile = jest.fn(async () => {
      throw new Error('Error saving your profile: The network is unavailable. Check your connection and try again.');
    });
    signedIn({ updateProfile });
    fireEvent.change(language(), { target: { value: 'de' } });
    await expectSubmitRefused(save, 'Error saving your profile: The network is unavailable. Check your connection and try again.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(localStorage.getItem('preferredLanguage')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your profile');
  });

  test('the demo account: a note instead of the form', () => {
    renderProfile({ user: testUser({ email: 'demo@agentflow.local' }), auth: { isDemoUser: true, userProfile: null } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your profile');
    expect(screen.getByText('You are using the shared demo account, which has no profile.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  test('a profile that failed to load: the provider error, and no form', () => {
    signedIn({ userProfile: null, error: 'Error loading user profile. Please try again.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading user profile. Please try again.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('a profile not there yet, without an error: a loading text', () => {
    signedIn({ userProfile: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('is translated (Italian), date included', () => {
    signedIn({}, { language: 'it' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Il tuo profilo');
    expect(details()).toEqual({ 'Indirizzo e-mail': 'ada@example.com', 'Membro dal': '5 marzo 2024' });
    expect(screen.getByLabelText('Numero di telefono')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salva le modifiche' })).toBeInTheDocument();
  });
});
