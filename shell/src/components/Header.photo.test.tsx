// The header's account button and menu show the profile photo: the link
// platform-api signs, else the account's photoURL, else the initials; an
// expired link is fetched again when the picture fails; in English and German.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testProfile, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { FILE_LIMITS } from '@agentflow/shared/files';
import type { ProfilePhoto } from '@agentflow/shared';
import { Header } from './Header';
import { fakeNotificationsSource } from '../notifications/fakeSource';
import { NotificationsSourceContext } from '../notifications/source';
import { fakePhotoApi, linkOf } from '../profile/testing/fakePhotoApi';
import { LINK_TRUSTED_MS, forgetProfilePhotos } from '../profile/useProfilePhoto';

const PHOTO: ProfilePhoto = { fileId: 'HeaderHeaderHeader01', updatedAt: '2026-11-26T10:00:00.000Z' };
let api: ReturnType<typeof fakePhotoApi>;
const realFetch = global.fetch;

beforeEach(() => forgetProfilePhotos());
afterEach(() => {
  global.fetch = realFetch;
  jest.restoreAllMocks();
});

function renderHeader({ photo = null as ProfilePhoto | null, photoURL = null as string | null, ...options }: ProvidersOptions & { photo?: ProfilePhoto | null; photoURL?: string | null } = {}) {
  api = fakePhotoApi({ photo });
  global.fetch = api.fetch as typeof fetch;
  return renderWithProviders(
    <NotificationsSourceContext.Provider value={fakeNotificationsSource()}>
      <Header />
    </NotificationsSourceContext.Provider>,
    { user: testUser(), ...options, auth: { userProfile: testProfile({ photo, photoURL }), ...options.auth } },
  );
}

const accountButton = (name = /Signed in as|Angemeldet als/) => screen.getByRole('button', { name });
const buttonPicture = () => within(accountButton()).getByTestId(/avatar-(image|initials)/);
const openMenu = () => fireEvent.click(accountButton());

test('the button and the menu show the uploaded photo; the menu names whose it is', async () => {
  renderHeader({ photo: PHOTO });
  await waitFor(() => expect(buttonPicture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));
  // Decorative in the button: its text already says who is signed in.
  expect(buttonPicture()).toHaveAttribute('alt', '');
  expect(accountButton()).toHaveAccessibleName('Signed in as Ada Lovelace');
  openMenu();
  const identity = screen.getByTestId('user-menu-identity');
  expect(within(identity).getByRole('img', { name: 'Profile photo of Ada Lovelace' })).toHaveAttribute('src', linkOf(PHOTO.fileId));
  expect(identity).toHaveTextContent('Ada Lovelace');
  // The menu keeps only its items.
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Sign out']);
  expect(api.calls.map((call) => call.method)).toEqual(['GET']);
});

test('in German', async () => {
  renderHeader({ photo: PHOTO, language: 'de' });
  await waitFor(() => expect(buttonPicture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));
  expect(accountButton()).toHaveAccessibleName('Angemeldet als Ada Lovelace');
  openMenu();
  expect(within(screen.getByTestId('user-menu-identity')).getByRole('img', { name: 'Profilfoto von Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByRole('menu', { name: 'Konto' })).toBeInTheDocument();
});

test("without an uploaded photo: the account's photoURL, and no call to platform-api", () => {
  renderHeader({ photoURL: 'https://example.com/ada.png' });
  expect(buttonPicture()).toHaveAttribute('src', 'https://example.com/ada.png');
  expect(api.calls).toEqual([]);
});

test('without any photo: the initials, hidden from screen readers in the button, named in the menu', () => {
  renderHeader();
  expect(buttonPicture()).toHaveTextContent('AL');
  expect(buttonPicture()).toHaveAttribute('aria-hidden', 'true');
  openMenu();
  expect(within(screen.getByTestId('user-menu-identity')).getByRole('img', { name: 'Profile photo of Ada Lovelace' })).toHaveTextContent('AL');
  expect(api.calls).toEqual([]);
});

test('platform-api failing: the photoURL, then the initials, and no retry loop', async () => {
  renderHeader({ photo: PHOTO, photoURL: 'https://example.com/ada.png' });
  api.fail('GET', 503, { error: 'down', code: 'unavailable' });
  await waitFor(() => expect(api.calls).toHaveLength(1));
  await act(async () => undefined);
  expect(buttonPicture()).toHaveAttribute('src', 'https://example.com/ada.png');
  fireEvent.error(buttonPicture());
  expect(buttonPicture()).toHaveTextContent('AL');
  expect(api.calls).toHaveLength(1);
});

test('a link that expired while shown is fetched again when the picture fails, and only then', async () => {
  renderHeader({ photo: PHOTO });
  await waitFor(() => expect(buttonPicture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));
  // Not stale yet: a failing picture falls back without asking again.
  fireEvent.error(buttonPicture());
  expect(buttonPicture()).toHaveTextContent('AL');
  expect(api.calls).toHaveLength(1);
  // Minutes later the link has expired: the menu's picture fails, a new link is fetched, both show it.
  api.newLink();
  const now = Date.now();
  jest.spyOn(Date, 'now').mockReturnValue(now + LINK_TRUSTED_MS + 1000);
  openMenu();
  const menuPicture = within(screen.getByTestId('user-menu-identity')).getByRole('img');
  fireEvent.error(menuPicture);
  await waitFor(() => expect(buttonPicture()).toHaveAttribute('src', linkOf(PHOTO.fileId, 2)));
  expect(within(screen.getByTestId('user-menu-identity')).getByRole('img')).toHaveAttribute('src', linkOf(PHOTO.fileId, 2));
  expect(api.calls.map((call) => call.method)).toEqual(['GET', 'GET']);
});

test('a link is trusted for less time than platform-api signs it for', () => {
  expect(LINK_TRUSTED_MS).toBeLessThan(FILE_LIMITS.linkSeconds * 1000);
  expect(LINK_TRUSTED_MS).toBeGreaterThan(FILE_LIMITS.linkSeconds * 1000 * 0.8);
});
