import { fireEvent, render, screen } from '@testing-library/react';
import { ItemAction } from './ItemAction';

test('named by its label and the item, it resets the earlier failure before acting', () => {
  const calls: string[] = [];
  render(<ItemAction label="Remove" item="ada@example.com" reset={() => calls.push('reset')} onClick={() => calls.push('act')} />);
  const button = screen.getByRole('button', { name: 'Remove ada@example.com' });
  expect(button).toHaveClass('button', 'button-ghost');
  fireEvent.click(button);
  expect(calls).toEqual(['reset', 'act']);
});

test('its variant and disabled state', () => {
  const onClick = jest.fn();
  render(<ItemAction label="Accept" item="Bob" variant="primary" disabled onClick={onClick} />);
  const button = screen.getByRole('button', { name: 'Accept Bob' });
  expect(button).toHaveClass('button-primary');
  expect(button).toBeDisabled();
});
