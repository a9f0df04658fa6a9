// Every provider's hook refuses to run outside its provider with the message
// createRequiredContext writes; the provider tests check that one way, here.
import { renderHook } from '@testing-library/react';

/** Asserts the hook throws `message` when rendered with no provider; React's own error report is silenced for the call only. */
export function expectRefusedOutsideProvider(useHook: () => unknown, message: string): void {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(() => renderHook(() => useHook())).toThrow(new Error(message));
  } finally {
    consoleError.mockRestore();
  }
}
