// A test hook that ships: production pages call it (inert there, see below),
// so it lives here rather than under testing/, which production code may not
// import (lint rule agentflow/no-test-fakes).
import { usePlatform } from '@agentflow/shared';

/** Where the end-to-end suite names the area that should fail (sessionStorage). */
export const RENDER_FAULT_KEY = 'agentflow-test-render-fault';

export type RenderFaultArea = 'profile' | 'header';

/**
 * Test-only: throws while rendering `area` when the end-to-end suite asks for
 * it, so the suite can prove on the production build that a render error in a
 * shell page shows the error screen and Try Again recovers.
 *
 * Inert unless /app-config.json carries `testHooks: true`. No server of the
 * stack sends that: the suite adds it by answering the request itself
 * (e2e/support/testHooks.ts), so no production user can turn it on.
 * Costs one context read and, in tests only, one sessionStorage read.
 */
export function useRenderFault(area: RenderFaultArea): void {
  const { config } = usePlatform();
  if (config.testHooks !== true) return;
  let requested: string | null = null;
  try {
    requested = window.sessionStorage.getItem(RENDER_FAULT_KEY);
  } catch {
    return; // storage blocked: nothing can have been asked for
  }
  if (requested === area) throw new Error(`Injected render fault (test hook): ${area}`);
}
