// The profile's pure rules: the first display name, and reading the photo
// reference platform-api writes (anything else in that field is no photo).
import { decodeProfilePhoto, initialDisplayName } from './profile';

describe('decodeProfilePhoto', () => {
  it('reads the reference platform-api writes', () => {
    expect(decodeProfilePhoto({ fileId: 'AbCdEfGhIjKlMnOpQrSt', updatedAt: '2026-11-26T10:00:00.000Z' })).toEqual({ fileId: 'AbCdEfGhIjKlMnOpQrSt', updatedAt: '2026-11-26T10:00:00.000Z' });
  });

  it('keeps only the two fields', () => {
    expect(decodeProfilePhoto({ fileId: 'AbCdEfGhIjKlMnOpQrSt', updatedAt: '2026-11-26T10:00:00.000Z', url: 'https://evil.example/x.png' })).toEqual({
      fileId: 'AbCdEfGhIjKlMnOpQrSt',
      updatedAt: '2026-11-26T10:00:00.000Z',
    });
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['a URL string', 'https://example.com/me.png'],
    ['a file id that is not one', { fileId: '../other/file', updatedAt: '2026-11-26T10:00:00.000Z' }],
    ['no time', { fileId: 'AbCdEfGhIjKlMnOpQrSt' }],
    ['a time that is not one', { fileId: 'AbCdEfGhIjKlMnOpQrSt', updatedAt: 'yesterday' }],
  ])('is null for %s', (_label, value) => {
    expect(decodeProfilePhoto(value)).toBeNull();
  });
});

describe('initialDisplayName', () => {
  it("takes the account's name, else the e-mail's local part, else 'User'", () => {
    expect(initialDisplayName({ displayName: ' Ada ', email: 'ada@example.com' })).toBe('Ada');
    expect(initialDisplayName({ displayName: '', email: 'grace@example.com' })).toBe('grace');
    expect(initialDisplayName({})).toBe('User');
  });
});
