/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { expectRefusedOutsideProvider } from '@agentflow/shared/testing/requiredContext';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useHelp, type HelpContextValue } from '../federation/contexts';
import { I18nProvider } from '../providers/I18nProvider';
import type { SupportedLanguage } from '../../domain/i18n/languages';
import { HelpButton } from '../ui/HelpButton';
import { VOICE_COMMAND_EXAMPLES } from '../../domain/voice/index';
import { HELP_CONTENT } from './content/index';
import { HelpProvider } from './HelpProvider';
import { useEffect } from 'react';

let help: HelpContextValue | undefined;
function Probe() {
  const value = useHelp();
  // Handed to the test after each commit (an effect), so rendering stays pure.
  useEffect(() => {
    help = value;
  });
  return <output data-testid="topic">{value.topicKey ?? 'closed'}</output>;
}

function renderHelp(language: SupportedLanguage = 'en') {
  return render(
    <I18nProvider initialLanguage={language}>
      <HelpProvider>
        <button type="button">Somewhere else</button>
        <HelpButton topic="workflows" />
        <Probe />
      </HelpProvider>
    </I18nProvider>,
  );
}

const sidebar = () => screen.queryByTestId('help-sidebar');

test('useHelp refuses to run outside the provider', () => {
  expectRefusedOutsideProvider(useHelp, 'useHelp must be used within a HelpProvider');
});

test('the help button opens its topic; the close button closes it, clears the key and gives focus back', async () => {
  renderHelp();
  const button = screen.getByRole('button', { name: /Help/ });
  button.focus();
  fireEvent.click(button);
  const topic = HELP_CONTENT.en.topics.workflows;
  expect(await screen.findByRole('dialog', { name: topic.title })).toBeInTheDocument();
  expect(screen.getByTestId('topic')).toHaveTextContent('workflows');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  for (const tip of topic.tips) expect(screen.getByText(tip)).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Close help' }));
  await waitFor(() => expect(sidebar()).not.toBeInTheDocument());
  expect(screen.getByTestId('topic')).toHaveTextContent('closed');
  expect(button).toHaveFocus();
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('Escape closes it and focus returns to the opener, even after switching topics inside', async () => {
  renderHelp();
  const button = screen.getByRole('button', { name: /Help/ });
  button.focus();
  fireEvent.click(button);
  await screen.findByRole('dialog', { name: HELP_CONTENT.en.topics.workflows.title });
  fireEvent.click(screen.getByRole('button', { name: HELP_CONTENT.en.topics.billing.title }));
  expect(await screen.findByRole('dialog', { name: HELP_CONTENT.en.topics.billing.title })).toBeInTheDocument();
  expect(screen.getByTestId('topic')).toHaveTextContent('billing');

  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  await waitFor(() => expect(sidebar()).not.toBeInTheDocument());
  expect(button).toHaveFocus();
});

test('closeHelp() from code clears the key; clicking elsewhere on the page leaves help open', async () => {
  renderHelp();
  act(() => help!.openHelp('access'));
  await screen.findByRole('dialog', { name: HELP_CONTENT.en.topics.access.title });
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Somewhere else' }));
  fireEvent.click(screen.getByRole('button', { name: 'Somewhere else' }));
  expect(sidebar()).toBeInTheDocument();
  act(() => help!.closeHelp());
  await waitFor(() => expect(sidebar()).not.toBeInTheDocument());
  expect(help!.topicKey).toBeNull();
});

test('help is translated, and the voice topic lists commands and says why the microphone is missing here', async () => {
  renderHelp('fr');
  act(() => help!.openHelp('voice'));
  expect(await screen.findByRole('dialog', { name: HELP_CONTENT.fr.topics.voice.title })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Fermer l’aide' })).toBeInTheDocument();
  // jsdom has no SpeechRecognition, like Firefox.
  expect(screen.getByTestId('voice-unsupported')).toHaveTextContent(HELP_CONTENT.fr.voiceUnsupported);
  for (const example of VOICE_COMMAND_EXAMPLES.fr) expect(screen.getByText(`“${example.phrase}”`)).toBeInTheDocument();
});
