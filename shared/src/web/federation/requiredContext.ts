import { createContext, useContext, type Context } from 'react';

/**
 * A context whose hook refuses to run outside its provider. A remote that
 * calls the hook without the host's provider (for instance because a shared
 * singleton was duplicated) fails loudly instead of rendering defaults.
 */
export function createRequiredContext<T>(hookName: string, providerName: string): [Context<T | undefined>, () => T] {
  const context = createContext<T | undefined>(undefined);
  context.displayName = providerName;
  function useRequiredContext(): T {
    const value = useContext(context);
    if (value === undefined) {
      throw new Error(`${hookName} must be used within ${/^[AEIOU]/.test(providerName) ? 'an' : 'a'} ${providerName}`);
    }
    return value;
  }
  return [context, useRequiredContext];
}
