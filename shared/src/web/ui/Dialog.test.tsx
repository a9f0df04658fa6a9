/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog, DialogActions } from './Dialog';

describe('DialogActions', () => {
  test('in a form: Cancel cancels, the action submits; busy, it is disabled and says so', () => {
    const submitted = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onCancel = jest.fn();
    const { rerender } = render(
      <form onSubmit={submitted}>
        <DialogActions cancelLabel="Cancel" onCancel={onCancel} submitLabel="Save" busyLabel="Saving…" submitTestId="save" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(
      <form onSubmit={submitted}>
        <DialogActions error="It failed." cancelLabel="Cancel" onCancel={onCancel} submitLabel="Save" busyLabel="Saving…" busy submitTestId="save" />
      </form>,
    );
    expect(screen.getByTestId('save')).toHaveTextContent('Saving…');
    expect(screen.getByTestId('save')).toBeDisabled();
    expect(screen.getByTestId('save')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('It failed.');
  });

  test('disabled keeps its label; without a busy label, busy keeps it too', () => {
    render(<DialogActions cancelLabel="Cancel" onCancel={jest.fn()} submitLabel="Rename" disabled submitTestId="rename" />);
    expect(screen.getByTestId('rename')).toBeDisabled();
    expect(screen.getByTestId('rename')).toHaveTextContent('Rename');
    expect(screen.getByTestId('rename')).not.toHaveAttribute('aria-busy');
  });
});

describe('ConfirmDialog', () => {
  test('Cancel has the focus; the danger action is a plain button that confirms', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog title="Delete it?" description="It cannot be undone." confirmLabel="Delete" cancelLabel="Keep" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete it?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveAttribute('type', 'button');
    expect(confirm).toHaveClass('button-danger');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });
});
