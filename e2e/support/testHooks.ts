// The shell's test-only hooks (shell/src/testing/) are inert unless
// /app-config.json says `testHooks: true`. No server of the stack ever sends
// that, so a test turns them on for its own browser by answering the request
// itself, with the served configuration plus the switch.
import type { BrowserContext, Page } from 'playwright-core';

export const RENDER_FAULT_KEY = 'agentflow-test-render-fault';

/** Serves this context's /app-config.json with `testHooks: true` (register before the first page load). */
export async function enableTestHooks(context: BrowserContext): Promise<void> {
  await context.route(/\/app-config\.json(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, testHooks: true } });
  });
}

/** Makes the named area of the shell throw on its next render (or stop throwing with null). */
export async function setRenderFault(page: Page, area: 'profile' | 'header' | null): Promise<void> {
  await page.evaluate(
    ([key, value]) => (value === null ? window.sessionStorage.removeItem(key) : window.sessionStorage.setItem(key, value)),
    [RENDER_FAULT_KEY, area] as const,
  );
}
