import { screen } from '@testing-library/react';
import { Route, Routes, SUPPORTED_LANGUAGES } from '@agentflow/shared';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { CredentialsClientContext } from './api';
import { CredentialsRoute } from './CredentialsPage';
import { createFakeCredentialsServer, fakeCredential } from './testing/fakeCredentialsServer';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// WCAG 2.5.3 (label in name): a voice user says what they see, so each card button's name starts with its visible text.
test.each(SUPPORTED_LANGUAGES.map((language) => [language]))('in %s, Test connection, Edit and Delete are named by their visible text first', async (language) => {
  const server = createFakeCredentialsServer({ credentials: [fakeCredential({ id: 'c1', name: 'OpenAI work' })] });
  renderWithProviders(
    <CredentialsClientContext.Provider value={server.client}>
      <Routes>
        <Route path="/workflows/credentials" element={<CredentialsRoute />} />
      </Routes>
    </CredentialsClientContext.Provider>,
    { route: '/workflows/credentials', user: testUser(), language },
  );
  const card = await screen.findByRole('listitem', { name: 'OpenAI work' });
  const buttons = [...card.querySelectorAll('button')];
  expect(buttons.length).toBeGreaterThanOrEqual(3);
  for (const button of buttons) {
    const visible = (button.textContent ?? '').trim();
    expect(button).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${escaped(visible)}`, 'i')));
  }
});
