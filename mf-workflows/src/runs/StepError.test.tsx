import { screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { KNOWLEDGE_STEP_ERROR_CODES, RUN_MESSAGES } from '@agentflow/shared/workflow';
import { MCP_ERROR_CODES } from '@agentflow/shared/mcp';
import { StepError } from './StepError';
import { RUNS_CATALOGS } from './i18n';
import { useRemoteCatalogs } from '@agentflow/shared';

function Under({ error, errorCode }: { error: string | null; errorCode?: string | null }) {
  useRemoteCatalogs(RUNS_CATALOGS);
  return <StepError step={{ error, errorCode }} label="workflows.runs.view.error" />;
}

const render = (step: { error: string | null; errorCode?: string | null }, language: 'en' | 'de' | 'fr' = 'en') =>
  renderWithProviders(<Under {...step} />, { user: testUser(), language });

test("a credential of another workspace is said in the reader's words by its code, not the engine's English", async () => {
  render({ error: 'Credential cred-9 belongs to another workspace', errorCode: 'credential_not_in_workspace' }, 'de');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Diese Zugangsdaten gehören zu einem anderen Arbeitsbereich als dieser Workflow');
  expect(alert).not.toHaveTextContent('cred-9');
  expect(alert).toHaveAttribute('data-error-code', 'credential_not_in_workspace');
});

test("a failed Knowledge step is said in the reader's language by its code", async () => {
  const { unmount } = render({ error: 'The knowledge base "kb-9" does not exist (it may have been deleted)', errorCode: KNOWLEDGE_STEP_ERROR_CODES.missing }, 'de');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Die Wissensdatenbank, die dieser Schritt durchsucht, gibt es nicht mehr');
  expect(alert).not.toHaveTextContent('kb-9');
  unmount();
  render({ error: "The knowledge base's embedding model could not embed the question: 401", errorCode: KNOWLEDGE_STEP_ERROR_CODES.embedding }, 'fr');
  expect(await screen.findByRole('alert')).toHaveTextContent('Le modèle d’embedding de la base de connaissances n’a pas pu traiter la question');
});

test('no AI provider: the translated sentence, not the operator message', async () => {
  render({ error: RUN_MESSAGES.noProvider }, 'de');
  expect(await screen.findByRole('alert')).not.toHaveTextContent(RUN_MESSAGES.noProvider);
});

test('an error without a known code is shown as recorded; no error, nothing', async () => {
  const { unmount } = render({ error: 'HTTP 502 from api.example.com', errorCode: 'something_new' });
  expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 502 from api.example.com');
  unmount();
  render({ error: null });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test("an agent's MCP tool call that failed on the way is said by its code; a tool's own error is shown as the tool said it", async () => {
  const { unmount } = render({ error: 'MCP server "Linear" unreachable: connect ETIMEDOUT 203.0.113.9:443', errorCode: MCP_ERROR_CODES.unreachable }, 'de');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Der Server war nicht erreichbar. Prüfen Sie seine Adresse und ob er online ist.');
  expect(alert).not.toHaveTextContent('ETIMEDOUT');
  unmount();
  render({ error: 'Issue LIN-42 is archived', errorCode: MCP_ERROR_CODES.toolFailed }, 'de');
  expect(await screen.findByRole('alert')).toHaveTextContent('Issue LIN-42 is archived');
});
