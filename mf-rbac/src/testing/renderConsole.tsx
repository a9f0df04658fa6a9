// Test code only: mounts the console the way the shell does, on the fake
// platform-api (installed as the global fetch) and, unless a test passes a
// plain `rbac` value, the real RBACProvider reading the fake's data.
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testProfile, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import AccessApp from '../exposes/AccessApp';
import { createFakeAccessServer, type FakeAccessServer } from './fakeAccessServer';

const originalFetch = globalThis.fetch;

/** Puts the real fetch (jsdom has none: undefined) back; call it in afterEach. */
export function restoreFetch(): void {
  globalThis.fetch = originalFetch;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/**
 * Renders AccessApp under `mount` (default '/admin/access/*') at `route`,
 * signed in as the fake server's admin (user-1) unless told otherwise. Pass
 * `rbac: {...}` with `rbacReader: undefined` to use a plain access value.
 */
export type ConsoleOptions = ProvidersOptions & { server?: FakeAccessServer; mount?: string };

export function renderConsole(route: string, options: ConsoleOptions = {}) {
  const server = options.server ?? createFakeAccessServer();
  globalThis.fetch = server.fetch as typeof fetch;
  const queryClient = testQueryClient();
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path={options.mount ?? '/admin/access/*'} element={<AccessApp queryClient={queryClient} />} />
        <Route path="/signin" element={<p>Sign-in page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, user: testUser(), auth: { userProfile: testProfile() }, rbacReader: server.reader, ...options },
  );
  return { ...result, server, queryClient };
}

/** renderConsole at a section ('/admin/access/<section>'), once the element with `testId` (its table) has loaded. */
export async function openSection(section: string, testId: string, options: ConsoleOptions = {}) {
  const rendered = renderConsole(`/admin/access/${section}`, options);
  await screen.findByTestId(testId);
  return rendered;
}

/** Clicks the button named `button` and returns the form it opens (the element with `formTestId`). */
export function openForm(button: string, formTestId: string): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return screen.getByTestId(formTestId);
}

/** Types each value into the form's field with that label. */
export function fill(form: HTMLElement, values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

/** Submits the form with its button (Save unless named otherwise, e.g. in another language). */
export function save(form: HTMLElement, button = 'Save'): void {
  fireEvent.click(within(form).getByRole('button', { name: button }));
}
