// The profile page's photo card against a fake platform-api: what it shows
// (photo, else photoURL, else initials), an upload (busy, then the new photo
// here and in the header at once), the size checked before sending, refusals
// in the user's words, removal after a confirmation; in English and German.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testProfile, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { FILE_LIMITS } from '@agentflow/shared/files';
import type { ProfilePhoto } from '@agentflow/shared';
import { ProfilePage } from '../pages/ProfilePage';
import { Header } from '../components/Header';
import { fakeNotificationsSource } from '../notifications/fakeSource';
import { NotificationsSourceContext } from '../notifications/source';
import { fakePhotoApi, linkOf } from './testing/fakePhotoApi';
import { forgetProfilePhotos } from './useProfilePhoto';

const PHOTO: ProfilePhoto = { fileId: 'StoredStoredStored01', updatedAt: '2026-11-26T10:00:00.000Z' };
let api: ReturnType<typeof fakePhotoApi>;
const realFetch = global.fetch;

beforeEach(() => {
  forgetProfilePhotos();
  localStorage.clear();
});
afterEach(() => {
  global.fetch = realFetch;
});

function renderPage({ photo = null as ProfilePhoto | null, photoURL = null as string | null, withHeader = false, ...options }: ProvidersOptions & { photo?: ProfilePhoto | null; photoURL?: string | null; withHeader?: boolean } = {}) {
  api = fakePhotoApi({ photo });
  global.fetch = api.fetch as typeof fetch;
  return renderWithProviders(
    <NotificationsSourceContext.Provider value={fakeNotificationsSource()}>
      {withHeader ? <Header /> : null}
      <ProfilePage />
    </NotificationsSourceContext.Provider>,
    { route: '/profile', user: testUser(), ...options, auth: { userProfile: testProfile({ photo, photoURL }), ...options.auth } },
  );
}

const card = () => screen.getByRole('region', { name: /Profile photo|Profilfoto/ });
const picture = () => within(card()).getByRole('img');
const input = () => screen.getByTestId('photo-input') as HTMLInputElement;
const jpeg = (size = 2048) => new File([new Uint8Array(size)], 'me.jpg', { type: 'image/jpeg' });

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(input(), { target: { files: [file] } });
  });
}

describe('what the card shows', () => {
  test('no photo: the initials, said in words, Upload photo and no Remove; nothing asked of the API', () => {
    renderPage();
    expect(picture()).toHaveAccessibleName('No photo yet: your initials are shown');
    expect(picture()).toHaveTextContent('AL');
    expect(within(card()).getByRole('button', { name: 'Upload photo' })).toHaveAccessibleDescription('JPEG, PNG or WebP, up to 5.0\u00a0MB. It is resized and its camera data removed.');
    expect(within(card()).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(api.calls).toEqual([]);
  });

  test('a stored photo: shown through the link platform-api signs, asked once with the ID token', async () => {
    renderPage({ photo: PHOTO });
    await waitFor(() => expect(picture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));
    expect(picture()).toHaveAccessibleName('Your profile photo');
    expect(api.calls).toEqual([{ method: 'GET', authorization: 'Bearer test-id-token-user-1', file: null }]);
    expect(within(card()).getByRole('button', { name: 'Remove photo' })).toBeEnabled();
  });

  test("no uploaded photo but the account's photoURL: that one", () => {
    renderPage({ photoURL: 'https://example.com/ada.png' });
    expect(picture()).toHaveAttribute('src', 'https://example.com/ada.png');
  });

  test('a photo link that does not load falls back to photoURL, then to the initials', async () => {
    renderPage({ photo: PHOTO, photoURL: 'https://example.com/ada.png' });
    await waitFor(() => expect(picture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));
    fireEvent.error(picture());
    expect(picture()).toHaveAttribute('src', 'https://example.com/ada.png');
    fireEvent.error(picture());
    expect(picture()).toHaveTextContent('AL');
  });
});

describe('uploading', () => {
  test('busy while sending, then the new photo here and in the header, without a reload', async () => {
    renderPage({ withHeader: true });
    const headerButton = await screen.findByRole('button', { name: 'Signed in as Ada Lovelace' });
    expect(within(headerButton).getByTestId('avatar-initials')).toHaveTextContent('AL');

    const release = api.hold('PUT');
    await choose(jpeg());
    const busyButton = within(card()).getByRole('button', { name: 'Uploading…' });
    expect(busyButton).toBeDisabled();
    expect(card()).toHaveAttribute('aria-busy', 'true');
    await act(async () => release());

    const sent = api.calls.find((call) => call.method === 'PUT');
    expect(sent?.file?.name).toBe('me.jpg');
    expect(sent?.authorization).toBe('Bearer test-id-token-user-1');
    const url = linkOf(api.photo!.fileId);
    await waitFor(() => expect(picture()).toHaveAttribute('src', url));
    expect(within(card()).getByRole('status')).toHaveTextContent('Your photo is saved.');
    expect(within(card()).getByRole('button', { name: 'Upload photo' })).toBeEnabled();
    // The header's button shows it too (decorative there: the button's text names the person).
    const headerPhoto = within(headerButton).getByTestId('avatar-image');
    expect(headerPhoto).toHaveAttribute('src', url);
    expect(headerPhoto).toHaveAttribute('alt', '');
    expect(within(card()).getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  test('the button opens the file picker (keyboard users reach a button, not a hidden input)', () => {
    renderPage();
    const click = jest.spyOn(input(), 'click').mockImplementation(() => undefined);
    const button = within(card()).getByRole('button', { name: 'Upload photo' });
    button.focus();
    expect(button).toHaveFocus();
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
  });

  test('a photo over the limit is refused here, before anything is sent', async () => {
    renderPage();
    await choose(jpeg(FILE_LIMITS.maxPhotoBytes + 1));
    expect(within(card()).getByRole('alert')).toHaveTextContent('This photo is larger than 5.0 MB. Choose a smaller one.');
    expect(api.calls).toEqual([]);
  });

  test.each([
    [400, { error: 'photo: files of type application/pdf are not accepted here', code: 'file_type_not_allowed', field: 'photo', contentType: 'application/pdf' }, 'Choose a JPEG, PNG or WebP image.'],
    [413, { error: 'photo: too large', code: 'file_too_large', field: 'photo', maxBytes: FILE_LIMITS.maxPhotoBytes }, 'This photo is larger than 5.0 MB. Choose a smaller one.'],
    [400, { error: 'photo: the image could not be read', code: 'bad_upload', field: 'photo', reason: 'image_unreadable' }, 'This image could not be read. It may be damaged; try another one.'],
    [403, { error: 'full', code: 'plan_limit_reached', feature: 'storage', plan: 'basic' }, 'Your file storage is full. Delete old runs or upgrade your plan.'],
    [503, { error: 'down', code: 'storage_unavailable' }, 'File storage is unavailable right now. Nothing was saved; please try again shortly.'],
  ])('a %i refusal (%j) is said in words, and the photo stays as it was', async (status, body, text) => {
    renderPage();
    api.fail('PUT', status, body);
    await choose(jpeg());
    expect(await within(card()).findByRole('alert')).toHaveTextContent(text);
    expect(picture()).toHaveTextContent('AL');
    expect(within(card()).queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('removing', () => {
  test('asks first; Keep photo changes nothing; Remove photo deletes it here and in the header', async () => {
    renderPage({ photo: PHOTO, withHeader: true });
    await waitFor(() => expect(picture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));

    fireEvent.click(within(card()).getByRole('button', { name: 'Remove photo' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove your profile photo?' });
    expect(dialog).toHaveTextContent('The photo is deleted and your initials are shown instead.');
    expect(within(dialog).getByRole('button', { name: 'Keep photo' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep photo' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.method)).toEqual(['GET']);

    fireEvent.click(within(card()).getByRole('button', { name: 'Remove photo' }));
    dialog = screen.getByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' })));
    expect(api.calls.map((call) => call.method)).toEqual(['GET', 'DELETE']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(picture()).toHaveTextContent('AL');
    expect(within(card()).getByRole('status')).toHaveTextContent('Your photo is removed.');
    expect(within(card()).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: 'Signed in as Ada Lovelace' })).getByTestId('avatar-initials')).toHaveTextContent('AL');
  });

  test('a failed removal is said in the dialog, and the photo stays', async () => {
    renderPage({ photo: PHOTO });
    await waitFor(() => expect(picture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));
    api.fail('DELETE', 503, { error: 'down', code: 'storage_unavailable' });
    fireEvent.click(within(card()).getByRole('button', { name: 'Remove photo' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove photo' })));
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent('File storage is unavailable right now.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep photo' }));
    expect(picture()).toHaveAttribute('src', linkOf(PHOTO.fileId));
    expect(within(card()).getByRole('button', { name: 'Remove photo' })).toBeEnabled();
  });
});

test('in German', async () => {
  renderPage({ language: 'de', photo: PHOTO });
  await waitFor(() => expect(picture()).toHaveAttribute('src', linkOf(PHOTO.fileId)));
  expect(screen.getByRole('heading', { name: 'Profilfoto' })).toBeInTheDocument();
  expect(picture()).toHaveAccessibleName('Ihr Profilfoto');
  expect(within(card()).getByRole('button', { name: 'Foto hochladen' })).toHaveAccessibleDescription('JPEG, PNG oder WebP, bis 5,0\u00a0MB. Es wird verkleinert und seine Kameradaten werden entfernt.');
  api.fail('PUT', 400, { error: 'x', code: 'file_type_not_allowed', field: 'photo', contentType: 'application/pdf' });
  await choose(jpeg());
  expect(await within(card()).findByRole('alert')).toHaveTextContent('Wählen Sie ein JPEG-, PNG- oder WebP-Bild.');
  await choose(jpeg(FILE_LIMITS.maxPhotoBytes + 1));
  expect(within(card()).getByRole('alert')).toHaveTextContent('Dieses Foto ist größer als 5,0 MB. Wählen Sie ein kleineres.');
  fireEvent.click(within(card()).getByRole('button', { name: 'Foto entfernen' }));
  expect(screen.getByRole('alertdialog', { name: 'Profilfoto entfernen?' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Foto behalten' })).toHaveFocus();
});

test('the demo account has no profile, so no photo card', () => {
  renderPage({ auth: { isDemoUser: true, userProfile: null } });
  expect(screen.queryByRole('region', { name: 'Profile photo' })).not.toBeInTheDocument();
});
