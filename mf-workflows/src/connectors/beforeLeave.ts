// Signing in with an app leaves the page for the provider's: whatever the
// builder has not saved yet (the app step just added) would be lost. The
// builder provides its autosave's flush here; the sign-in awaits it first.
import { createContext, useContext } from 'react';

/** Saves what is pending; false when it could not be stored. null outside the builder (the credentials page has nothing to save). */
export const BeforeLeaveContext = createContext<(() => Promise<boolean>) | null>(null);

export function useBeforeLeave(): (() => Promise<boolean>) | null {
  return useContext(BeforeLeaveContext);
}
