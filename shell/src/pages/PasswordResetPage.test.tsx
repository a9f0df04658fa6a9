import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, type ProvidersOptions } from '@agentflow/shared/testing/renderWithProviders';
import { PasswordResetPage } from './PasswordResetPage';
import { clickAndSettle, expectSubmitRefused } from '@agentflow/shared/testing/submit';

const renderReset = (options: ProvidersOptions = {}) => renderWithProviders(<PasswordResetPage />, { route: '/reset-password', ...options });
const email = () => screen.getByLabelText('E-mail');
const submit = () => screen.getByRole('button', { name: 'Send reset link' });

describe('PasswordResetPage', () => {
  test('has a heading, an intro, the e-mail field and a link back to sign in', () => {
    renderReset();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reset your password');
    expect(document.title).toBe('Agentflow · Reset your password');
    expect(screen.getByText(/we will send you a link/)).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test.each([
    ['', 'Enter your e-mail address.'],
    ['ada.example.com', 'Enter a valid e-mail address.'],
  ])('%j: the error is next to the field and nothing is sent', (value, message) => {
    const sendPasswordReset = jest.fn(async () => undefined);
    renderReset({ auth: { sendPasswordReset } });
    fireEvent.change(email(), { target: { value } });
    fireEvent.click(submit());
    expect(sendPasswordReset).not.toHaveBeenCalled();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription(message);
  });

  test('a valid address is sent trimmed, and the confirmation names it', async () => {
    const sendPasswordReset = jest.fn(async () => undefined);
    renderReset({ auth: { sendPasswordReset } });
    fireEvent.change(email(), { target: { value: '  ada@example.com ' } });
    await clickAndSettle(submit());
    expect(sendPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('If an account uses ada@example.com, a reset link is on its way.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a rejected reset shows its message in an alert, and no confirmation', async () => {
    const sendPasswordReset = jest.fn(async () => {
      throw new Error('Error sending the reset e-mail: Too many attempts. Wait a moment and try again.');
    });
    renderReset({ auth: { sendPasswordReset } });
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    await expectSubmitRefused(submit, 'Error sending the reset e-mail: Too many attempts. Wait a moment and try again.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('is translated (Spanish), confirmation included', async () => {
    renderReset({ language: 'es' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Restablece tu contraseña');
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@example.com' } });
    await clickAndSettle(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(screen.getByRole('status')).toHaveTextContent('Si existe una cuenta con ana@example.com, te hemos enviado un enlace para restablecerla.');
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute('href', '/signin');
  });
});
