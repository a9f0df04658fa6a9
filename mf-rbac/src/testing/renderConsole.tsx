// Test code only: mounts the console the way the shell does, on the fake
// platform-api (installed as the global fetch) and, unless a test passes a
// plain `rbac` value, the real RBACProvider reading the fake's data.
import { fireEvent, screen, within } from '@testing-library/react';
import { renderRemote } from '@agentflow/shared/testing/renderRemote';
import { testProfile, testUser, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import AccessApp from '../exposes/AccessApp';
import { createFakeAccessServer, type FakeAccessServer } from './fakeAccessServer';

export { restoreFetch, testQueryClient } from '@agentflow/shared/testing/renderRemote';

/**
 * Renders AccessApp under `mount` (default '/admin/access/*') at `route`,
 * signed in as the fake server's admin (user-1) unless told otherwise. Pass
 * `rbac: {...}` with `rbacReader: undefined` to use a plain access value.
 */
export type ConsoleOptions = ProvidersOptions & { server?: FakeAccessServer; mount?: string };

export function renderConsole(route: string, options: ConsoleOptions = {}) {
  const server = options.server ?? createFakeAccessServer();
  const rendered = renderRemote(route, {
    mount: options.mount ?? '/admin/access/*',
    app: (queryClient) => <AccessApp queryClient={queryClient} />,
    fetch: server.fetch as typeof fetch,
    options: { user: testUser(), auth: { userProfile: testProfile() }, rbacReader: server.reader, ...options },
  });
  return { ...rendered, server };
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
