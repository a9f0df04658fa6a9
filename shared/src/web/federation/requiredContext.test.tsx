/** @jest-environment jsdom */
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { createRequiredContext } from './requiredContext';
import { AuthContext, DEFAULT_AUTH_CONTEXT, I18nContext, PlatformContext, useAuth, useI18n, usePlatform, type AuthContextValue } from './contexts';
import { buildAppConfig } from '../../domain/federation/runtimeConfig';

// React reports the error thrown while rendering the hook; the tests assert on the error itself.
let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('createRequiredContext', () => {
  test('the hook throws outside its provider, naming both', () => {
    const [, useThing] = createRequiredContext<string>('useThing', 'ThingProvider');
    expect(() => renderHook(() => useThing())).toThrow(new Error('useThing must be used within a ThingProvider'));
  });

  test('the hook returns the provided value inside the provider', () => {
    const [ThingContext, useThing] = createRequiredContext<{ answer: number }>('useThing', 'ThingProvider');
    const value = { answer: 42 };
    const { result } = renderHook(() => useThing(), {
      wrapper: ({ children }: { children: ReactNode }) => <ThingContext.Provider value={value}>{children}</ThingContext.Provider>,
    });
    expect(result.current).toBe(value);
  });

  test('falsy values other than undefined count as provided', () => {
    const [CountContext, useCount] = createRequiredContext<number | null>('useCount', 'CountProvider');
    for (const value of [0, null]) {
      const { result } = renderHook(() => useCount(), {
        wrapper: ({ children }: { children: ReactNode }) => <CountContext.Provider value={value}>{children}</CountContext.Provider>,
      });
      expect(result.current).toBe(value);
    }
  });

  test('names the context after its provider (React DevTools)', () => {
    const [ThingContext] = createRequiredContext<string>('useThing', 'ThingProvider');
    expect(ThingContext.displayName).toBe('ThingProvider');
  });
});

describe('the federation contract hooks', () => {
  test.each<[string, () => unknown]>([
    ['useI18n must be used within an I18nProvider', useI18n],
    ['useAuth must be used within an AuthProvider', useAuth],
    ['usePlatform must be used within a PlatformProvider', usePlatform],
  ])('outside the providers: %s', (message, hook) => {
    expect(() => renderHook(() => hook())).toThrow(new Error(message));
  });

  test('usePlatform and useAuth return the values the host provides', () => {
    const platform = { host: 'shell', config: buildAppConfig({}) };
    const auth: AuthContextValue = { ...DEFAULT_AUTH_CONTEXT, signOut: async () => undefined };
    const { result } = renderHook(() => ({ platform: usePlatform(), auth: useAuth() }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <PlatformContext.Provider value={platform}>
          <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
        </PlatformContext.Provider>
      ),
    });
    expect(result.current.platform).toBe(platform);
    expect(result.current.auth).toBe(auth);
  });

  test('each context is distinct: an AuthProvider does not satisfy useI18n', () => {
    const auth: AuthContextValue = { ...DEFAULT_AUTH_CONTEXT, signOut: async () => undefined };
    expect(I18nContext).not.toBe(AuthContext);
    expect(() =>
      renderHook(() => useI18n(), {
        wrapper: ({ children }: { children: ReactNode }) => <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>,
      }),
    ).toThrow('useI18n must be used within an I18nProvider');
  });
});
