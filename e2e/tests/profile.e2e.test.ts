// Profile photo, in Chromium against the whole stack (shell, platform-api,
// the Firestore, Auth and Storage emulators): a new user uploads a photo on
// the profile page through the file picker, the header shows it at once, and
// after a reload it is still there, loaded from platform-api's signed link.
// Firestore is checked with the Admin SDK, not only the screen.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import { launchBrowser, newPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { freshEmail, signUpThroughPage } from '../support/signUp';
import { shellUrl } from '../support/stack';

let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeEach(async () => {
  context = await launchBrowser();
  ({ page, pageErrors } = await newPage(context));
});
afterEach(async () => {
  await context.close();
});

/** A 900 × 600 JPEG from a phone camera, with the EXIF a photo should lose. */
const cameraPhoto = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 110, b: 190 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'FieldCam', Copyright: 'secret-location-47.3N' } })
    .toBuffer();

/** The header's account button, by the name it shows. */
const accountButton = (target: Page, name: string) => target.getByRole('button', { name: `Signed in as ${name}` });

/** The natural width of an image once it has loaded (0 when broken). */
async function loadedWidth(image: Locator): Promise<number> {
  await image.waitFor();
  await image.evaluate((element: HTMLImageElement) => (element.complete ? undefined : new Promise((resolve) => element.addEventListener('load', resolve, { once: true }))));
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

/** The natural width of the header button's photo once it has loaded. */
const headerPhotoWidth = (target: Page, name: string) => loadedWidth(accountButton(target, name).locator('img'));

test('a new user uploads a profile photo, sees it in the header at once, and again after a reload', async () => {
  const account = { email: freshEmail('photo'), password: 'correct-horse-42', displayName: 'Grace Hopper' };
  await signUpThroughPage(page, account);
  await page.goto(shellUrl('/profile'));
  const card = page.getByRole('region', { name: 'Profile photo' });
  // Before: the initials, in the card and the header.
  await card.getByRole('img', { name: 'No photo yet: your initials are shown' }).waitFor();
  expect(await accountButton(page, 'Grace Hopper').locator('img').count()).toBe(0);

  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), card.getByRole('button', { name: 'Upload photo' }).click()]);
  await chooser.setFiles({ name: 'grace.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
  await card.getByRole('status').filter({ hasText: 'Your photo is saved.' }).waitFor();

  // Stored by platform-api: resized, WebP, the profile pointing at it.
  const { uid } = await getAdminAuth().getUserByEmail(account.email);
  const photo = (await eventually(async () => (await getAdminDb().collection('users').doc(uid).get()).get('photo') as { fileId: string } | undefined, Boolean))!;
  const file = (await getAdminDb().collection('files').doc(photo.fileId).get()).data();
  expect(file).toMatchObject({ ownerId: uid, contentType: 'image/webp', use: { kind: 'profile' } });

  // The card and the header show it without a reload.
  expect(await loadedWidth(card.getByRole('img', { name: 'Your profile photo' }))).toBe(512);
  expect(await headerPhotoWidth(page, 'Grace Hopper')).toBe(512);

  await page.reload();
  expect(await headerPhotoWidth(page, 'Grace Hopper')).toBe(512);
  expect(await accountButton(page, 'Grace Hopper').locator('img').getAttribute('src')).toContain(`/api/files/${photo.fileId}/content?`);
  // And in the account menu, named.
  await accountButton(page, 'Grace Hopper').click();
  // Waited for: the menu's image starts loading when the menu opens.
  expect(await loadedWidth(page.getByRole('img', { name: 'Profile photo of Grace Hopper' }))).toBe(512);
  expect(pageErrors).toEqual([]);
});
