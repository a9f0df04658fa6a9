/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, renderHook, screen } from '@testing-library/react';
import { I18nProvider } from '../providers/I18nProvider';
import { DEVICE_COPY_PREFIX, MAX_DEVICE_COPY_CHARS, pruneDeviceCopies, readDeviceCopy, saveDeviceCopy } from './deviceCopy';
import { isUnreachable } from './networkFailure';
import { NeedsConnectionNote, SavedOnDeviceNote, formatSavedAt } from './OfflineNotes';
import { useOnline } from './useOnline';
import { setOnline } from '@agentflow/shared/testing/online';

const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((item) => typeof item === 'number');

afterEach(() => {
  window.localStorage.clear();
  setOnline(true);
});

describe('device copies', () => {
  test('saves and reads back one answer per kind and user, with when it was saved', () => {
    const now = new Date('2025-03-05T14:05:00Z');
    expect(saveDeviceCopy('runs', 'user-1', [1, 2], window.localStorage, now)).toBe(true);
    expect(readDeviceCopy('runs', 'user-1', isNumbers)).toEqual({ value: [1, 2], savedAt: '2025-03-05T14:05:00.000Z' });
    expect(readDeviceCopy('runs', 'user-2', isNumbers)).toBeNull();
    expect(readDeviceCopy('other', 'user-1', isNumbers)).toBeNull();
  });

  test('an entry failing the shape check, or saved under another uid, is not returned', () => {
    saveDeviceCopy('runs', 'user-1', ['not', 'numbers']);
    expect(readDeviceCopy('runs', 'user-1', isNumbers)).toBeNull();
    // Copied by hand under another user's key: the uid inside decides.
    window.localStorage.setItem(`${DEVICE_COPY_PREFIX}:user-2:runs`, window.localStorage.getItem(`${DEVICE_COPY_PREFIX}:user-1:runs`) ?? '');
    expect(readDeviceCopy('runs', 'user-2', (_value): _value is unknown => true)).toBeNull();
    window.localStorage.setItem(`${DEVICE_COPY_PREFIX}:user-1:broken`, '{not json');
    expect(readDeviceCopy('broken', 'user-1', (_value): _value is unknown => true)).toBeNull();
  });

  test('an answer too large is not saved, and its older copy is removed', () => {
    saveDeviceCopy('runs', 'user-1', [1]);
    expect(saveDeviceCopy('runs', 'user-1', Array.from({ length: MAX_DEVICE_COPY_CHARS }, () => 1))).toBe(false);
    expect(readDeviceCopy('runs', 'user-1', isNumbers)).toBeNull();
  });

  test('pruning keeps only the signed-in user’s copies (none after sign-out) and nothing else of the page', () => {
    saveDeviceCopy('runs', 'user-1', [1]);
    saveDeviceCopy('membership', 'user-2', [2]);
    window.localStorage.setItem('preferredLanguage', 'de');
    pruneDeviceCopies('user-1');
    expect(readDeviceCopy('runs', 'user-1', isNumbers)).not.toBeNull();
    expect(readDeviceCopy('membership', 'user-2', isNumbers)).toBeNull();
    pruneDeviceCopies(null);
    expect(readDeviceCopy('runs', 'user-1', isNumbers)).toBeNull();
    expect(window.localStorage.getItem('preferredLanguage')).toBe('de');
  });
});

describe('isUnreachable', () => {
  test.each<[string, unknown, boolean, boolean]>([
    ['fetch’s TypeError', new TypeError('Failed to fetch'), true, true],
    ['an API error with status 0', Object.assign(new Error('x'), { status: 0 }), true, true],
    ['a chunk that cannot load', Object.assign(new Error('Loading chunk 4 failed'), { name: 'ChunkLoadError' }), true, true],
    ['anything while the browser is offline', new Error('whatever'), false, true],
    ['Firestore’s unavailable', Object.assign(new Error('Failed to get document from server'), { code: 'unavailable' }), true, true],
    ['Auth’s network failure', Object.assign(new Error('x'), { code: 'auth/network-request-failed' }), true, true],
    ['Firestore’s permission-denied', Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }), true, false],
    ['a refusal (status 403)', Object.assign(new Error('Forbidden'), { status: 403 }), true, false],
    ['a 500', Object.assign(new Error('boom'), { status: 500 }), true, false],
    ['a service’s 503, whose generic code is also “unavailable”', Object.assign(new Error('The membership store is unavailable'), { status: 503, code: 'unavailable' }), true, false],
    ['a plain TypeError of a bug', new TypeError('x is undefined'), true, false],
  ])('%s', (_label, error, online, expected) => {
    expect(isUnreachable(error, online)).toBe(expected);
  });
});

describe('useOnline', () => {
  test('follows the browser’s online and offline events', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => setOnline(false));
    expect(result.current).toBe(false);
    act(() => setOnline(true));
    expect(result.current).toBe(true);
  });
});

describe('offline notes', () => {
  test('"saved on this device, as of <time>" in the reader’s language, with the raw time for tests and tools', () => {
    const savedAt = '2025-03-05T14:05:00.000Z';
    const { unmount } = render(
      <I18nProvider initialLanguage="en">
        <SavedOnDeviceNote savedAt={savedAt}>
          <p>You are offline.</p>
        </SavedOnDeviceNote>
      </I18nProvider>,
    );
    const note = screen.getByTestId('saved-on-device');
    expect(note).toHaveAttribute('data-saved-at', savedAt);
    expect(note).toHaveTextContent(`You are offline.Saved on this device, as of ${formatSavedAt(savedAt, 'en')}`);
    expect(formatSavedAt(savedAt, 'en')).toMatch(/2025/);
    unmount();
    render(
      <I18nProvider initialLanguage="de">
        <SavedOnDeviceNote savedAt={savedAt} />
        <NeedsConnectionNote id="why" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('saved-on-device')).toHaveTextContent(`Auf diesem Gerät gespeichert, Stand ${formatSavedAt(savedAt, 'de')}`);
    expect(screen.getByTestId('needs-connection')).toHaveAttribute('id', 'why');
    expect(screen.getByTestId('needs-connection')).toHaveTextContent('Sie sind offline. Dafür ist eine Verbindung nötig; es funktioniert wieder, sobald Sie online sind.');
  });
});
