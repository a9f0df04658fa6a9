/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EmailRoleForm, isEmailAddress, refusalCode, type EmailRoleFormProps } from './EmailRoleForm';
import { en } from './i18n/en';

type Role = 'viewer' | 'editor';
// A t that reads the form's English catalog and names any other key (the caller's).
const t = (key: string, options?: Record<string, unknown>) => {
  const own = key.startsWith('emailRoleForm.') ? (en.emailRoleForm as Record<string, string>)[key.slice('emailRoleForm.'.length)] : undefined;
  return own ?? `${key}${options ? JSON.stringify(options) : ''}`;
};

function renderForm(overrides: Partial<EmailRoleFormProps<Role>> = {}) {
  const onSubmit = jest.fn(async (email: string, role: Role) => `sent ${email} as ${role}`);
  render(
    <EmailRoleForm<Role>
      t={t}
      roles={['viewer', 'editor']}
      roleName={(role) => (role === 'viewer' ? 'Viewer' : 'Editor')}
      initialRole="viewer"
      roleLabel="Role"
      submitLabel="Send"
      submittingLabel="Sending…"
      heading="Invite"
      onSubmit={onSubmit}
      errorKey={(error) => `errors.${refusalCode(error) ?? 'generic'}`}
      testId="form"
      {...overrides}
    />,
  );
  return { onSubmit: (overrides.onSubmit as jest.Mock | undefined) ?? onSubmit };
}

const email = () => screen.getByLabelText('E-mail address');
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

test('the services’ e-mail rule: trimmed, one @, a domain', () => {
  expect(isEmailAddress(' ada@example.com ')).toBe(true);
  for (const bad of ['', 'ada', 'ada@', '@example.com', 'a b@example.com']) expect(isEmailAddress(bad)).toBe(false);
});

test('a bad address is named at the field and nothing is sent', () => {
  const { onSubmit } = renderForm();
  expect(screen.getByRole('form', { name: 'Invite' })).toBeInTheDocument();
  fireEvent.change(email(), { target: { value: 'not-an-address' } });
  send();
  expect(screen.getByRole('alert')).toHaveTextContent('Enter an e-mail address, like name@example.com.');
  expect(email()).toHaveAttribute('aria-invalid', 'true');
  expect(email()).toHaveAccessibleDescription('Enter an e-mail address, like name@example.com.');
  expect(onSubmit).not.toHaveBeenCalled();
  fireEvent.change(email(), { target: { value: 'ada@example.com' } });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('sends the trimmed address with the chosen role, says what the caller confirms, and clears the address', async () => {
  const { onSubmit } = renderForm();
  fireEvent.change(email(), { target: { value: '  ada@example.com ' } });
  fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'editor' } });
  send();
  expect(await screen.findByRole('status')).toHaveTextContent('sent ada@example.com as editor');
  expect(onSubmit).toHaveBeenCalledWith('ada@example.com', 'editor');
  expect(email()).toHaveValue('');
});

test('a refusal is said by its code; the address stays to be corrected', async () => {
  renderForm({ onSubmit: jest.fn(async () => Promise.reject(Object.assign(new Error('No account'), { status: 404, code: 'user_not_found' }))) });
  fireEvent.change(email(), { target: { value: 'nobody@example.com' } });
  send();
  expect(await screen.findByRole('alert')).toHaveTextContent('errors.user_not_found');
  expect(email()).toHaveValue('nobody@example.com');
  expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('the caller may draw a refusal itself (null: the text by code)', async () => {
  renderForm({
    onSubmit: jest.fn(async () => Promise.reject(Object.assign(new Error('Seats'), { code: 'seat_limit_reached' }))),
    renderError: (error) => (refusalCode(error) === 'seat_limit_reached' ? <p role="alert">Upgrade</p> : null),
  });
  fireEvent.change(email(), { target: { value: 'dan@example.com' } });
  send();
  expect(await screen.findByRole('alert')).toHaveTextContent('Upgrade');
});

test('while sending, and while the page is busy elsewhere, the button waits', async () => {
  let finish: (text: string) => void = () => undefined;
  renderForm({ onSubmit: jest.fn(() => new Promise<string>((resolve) => (finish = resolve))) });
  fireEvent.change(email(), { target: { value: 'ada@example.com' } });
  send();
  expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  finish('done');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
});

test('disabled from outside', () => {
  renderForm({ disabled: true });
  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
});
