// Submitting in the forms' tests: a click whose action is let finish, and the
// way every form treats a rejected action (the submit button busy while the
// action runs, its failure in an alert, the button usable again).
import { act, fireEvent, screen } from '@testing-library/react';

/** Clicks and lets the action it starts finish (its promise and the renders after it). */
export async function clickAndSettle(element: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Clicks `button` and expects it busy until `message` shows in an alert, then enabled again. */
export async function expectSubmitRefused(button: () => HTMLElement, message: string): Promise<void> {
  fireEvent.click(button());
  expect(button()).toBeDisabled();
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(button()).toBeEnabled();
}
