/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { COPIED_FOR_MS, CopyField } from './CopyField';

describe('CopyField', () => {
  afterEach(() => jest.useRealTimers());

  test('copies the value, says so for a moment, then offers to copy again', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyField value="afk_abc_def" copyLabel="Copy" copiedLabel="Copied" buttonLabel="Copy the key" testId="secret" />);
    expect(screen.getByTestId('secret')).toHaveTextContent('afk_abc_def');
    const button = screen.getByRole('button', { name: 'Copy the key' });
    expect(button).toHaveTextContent('Copy');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('afk_abc_def');
    expect(button).toHaveTextContent('Copied');
    act(() => jest.advanceTimersByTime(COPIED_FOR_MS));
    expect(button).toHaveTextContent(/^Copy$/);
  });

  test('a refused clipboard is not called copied: the value stays on screen to select by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    render(<CopyField value="<script src=x>" copyLabel="Copy" copiedLabel="Copied" buttonLabel="Copy: Embed" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy: Embed' }));
    });
    expect(screen.getByRole('button', { name: 'Copy: Embed' })).toHaveTextContent(/^Copy$/);
    expect(screen.getByText('<script src=x>').tagName).toBe('CODE');
  });
});
