/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { SelectField, TextAreaField, TextField, focusFirstInvalid } from './Field';

describe('form fields', () => {
  test('a text field is labelled, and its hint and error describe it', () => {
    render(<TextField id="name" label="Name" hint="As people see it" error="Required" value="" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'name-hint name-error');
    expect(input).toHaveAccessibleDescription('As people see it Required');
  });

  test('without hint or error nothing describes the control, and it is valid', () => {
    render(<TextField id="email" label="E-mail" type="email" value="" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  test('a textarea and a select carry the same label and error', () => {
    render(
      <>
        <TextAreaField id="about" label="About" error="Too long" value="" onChange={() => undefined} />
        <SelectField id="lang" label="Language" value="en" onChange={() => undefined}>
          <option value="en">English</option>
        </SelectField>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'About' })).toHaveAccessibleDescription('Too long');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  test('focusFirstInvalid focuses the first field in form order that has an error', () => {
    render(
      <>
        <TextField id="first" label="First" value="" onChange={() => undefined} />
        <TextField id="second" label="Second" value="" onChange={() => undefined} />
      </>,
    );
    focusFirstInvalid({ first: 'first', second: 'second' }, { second: 'Required' });
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveFocus();
  });
});
