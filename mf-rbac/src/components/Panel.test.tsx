import type { ReactNode } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { ConsoleTexts } from '../i18n/ConsoleTexts';
import { EditorForm, IdField, ListStates, Panel } from './Panel';

const inConsole = (ui: ReactNode) => renderWithProviders(<ConsoleTexts>{ui}</ConsoleTexts>);
const list = (items: readonly string[]) => (
  <ul data-testid="items">
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

describe('Panel', () => {
  test('a section named by its heading, with its create button beside it', () => {
    const onClick = jest.fn();
    inConsole(
      <Panel id="things" title="Things" create={{ label: 'New thing', onClick, disabled: false }}>
        <p>content</p>
      </Panel>,
    );
    expect(screen.getByRole('region', { name: 'Things' })).toHaveClass('access-panel');
    expect(screen.getByRole('heading', { level: 2, name: 'Things' })).toHaveAttribute('id', 'things-title');
    fireEvent.click(screen.getByRole('button', { name: 'New thing' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('no create button unless given; a disabled one while its form is open', () => {
    const { unmount } = inConsole(<Panel id="log" title="Log">{null}</Panel>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    inConsole(<Panel id="things" title="Things" create={{ label: 'New thing', onClick: jest.fn(), disabled: true }}>{null}</Panel>);
    expect(screen.getByRole('button', { name: 'New thing' })).toBeDisabled();
  });
});

test('IdField: typed when creating, with the format as its hint; read-only when editing', () => {
  const onChange = jest.fn();
  const { unmount } = inConsole(<IdField id="thing-id" label="Id" editing={false} value="" onChange={onChange} error={undefined} />);
  const input = screen.getByRole('textbox', { name: 'Id' });
  expect(input).not.toHaveAttribute('readonly');
  expect(input).toHaveAttribute('aria-describedby', 'thing-id-hint');
  fireEvent.change(input, { target: { value: 'custom_thing' } });
  expect(onChange).toHaveBeenCalledWith('custom_thing');
  unmount();
  inConsole(<IdField id="thing-id" label="Id" editing value="custom_thing" onChange={onChange} error="Taken" />);
  expect(screen.getByRole('textbox', { name: 'Id' })).toHaveAttribute('readonly');
  expect(screen.getByRole('textbox', { name: 'Id' })).toHaveAccessibleDescription('Taken');
});

describe('ListStates', () => {
  test('loading: a status line', () => {
    inConsole(<ListStates error={null} pending items={undefined} empty="None">{list}</ListStates>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  test('a failure shows as an alert, together with a list read before it', () => {
    inConsole(<ListStates error={new Error('boom')} pending={false} items={['kept']} empty="None">{list}</ListStates>);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByTestId('items')).toHaveTextContent('kept');
  });

  test('no items: the empty text, a status only when asked (a search’s answer)', () => {
    const { unmount } = inConsole(<ListStates error={null} pending={false} items={[]} empty="None">{list}</ListStates>);
    expect(screen.getByText('None')).not.toHaveAttribute('role');
    unmount();
    inConsole(<ListStates error={null} pending={false} items={[]} empty="No match" emptyStatus>{list}</ListStates>);
    expect(screen.getByRole('status')).toHaveTextContent('No match');
    expect(screen.queryByTestId('items')).not.toBeInTheDocument();
  });
});

describe('EditorForm', () => {
  const renderForm = (save: { error: unknown; isPending: boolean; mutate: () => void }, onCancel = jest.fn()) =>
    inConsole(
      <EditorForm id="thing" title="New thing" save={save} onCancel={onCancel}>
        <input aria-label="Name" />
      </EditorForm>,
    );

  test('named by its title; submitting saves, Cancel closes', () => {
    const save = { error: null, isPending: false, mutate: jest.fn() };
    const onCancel = jest.fn();
    renderForm(save, onCancel);
    expect(screen.getByRole('form', { name: 'New thing' })).toHaveAttribute('data-testid', 'thing-form');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save.mutate).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  test('while saving, Save is busy and a second submit sends nothing; a failed save is an alert', () => {
    const save = { error: new Error('refused'), isPending: true, mutate: jest.fn() };
    renderForm(save);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(screen.getByRole('form', { name: 'New thing' }));
    expect(save.mutate).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
