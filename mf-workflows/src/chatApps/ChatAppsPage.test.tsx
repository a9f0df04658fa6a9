import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, Route, Routes } from '@agentflow/shared';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { DEFAULT_CHAT_LIMITS, DEFAULT_CHAT_MEMORY, type ChatApp, type ChatMessage, type Conversation, type UpdateChatAppBody } from '@agentflow/shared/chat';
import type { SupportedLanguage } from '@agentflow/shared';
import { testQueryClient } from '../testing/renderCatalogue';
import { createFakeCatalogueSource } from '../testing/fakeCatalogueSource';
import { CatalogueSourceProvider } from '../components/CatalogueSourceContext';
import { ChatAppsClientContext, chatAppLinks, type ChatAppsClient } from './chatAppsClient';
import { ChatAppRoute, ChatAppsRoute } from './ChatAppsRoute';

// A fake chat apps client holding apps and conversations in memory (the service's answers, its refusals scripted),
// and the routes mounted as WorkflowsApp mounts them, on a fake catalogue source.
const at = '2026-11-20T10:00:00.000Z';
function chatApp(overrides: Partial<ChatApp> = {}): ChatApp {
  return {
    id: 'app-1',
    workflowId: 'wf-mine-1',
    ownerId: 'user-1',
    organizationId: null,
    status: 'published',
    allowedOrigins: ['https://www.harbour-homes.example'],
    limits: DEFAULT_CHAT_LIMITS,
    requireSignIn: false,
    greeting: 'Hello! Ask me about our listings.',
    suggestedQuestions: ['Which flats have a balcony?'],
    appearance: { name: 'Listing assistant', colour: '#0f766e' },
    memory: DEFAULT_CHAT_MEMORY,
    createdBy: 'user-1',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const conversation: Conversation = { id: 'conv-1', appId: 'app-1', workflowId: 'wf-mine-1', ownerId: 'user-1', organizationId: null, visitorId: 'v-1', visitorUid: null, origin: 'https://www.harbour-homes.example', messageCount: 2, createdAt: at, updatedAt: at };
const messages: ChatMessage[] = [
  { id: 'm-0', seq: 0, role: 'user', text: 'Does the harbour flat have a balcony?', citations: [], toolCalls: [], runId: null, status: 'done', errorCode: null, createdAt: at },
  {
    id: 'm-1',
    seq: 1,
    role: 'assistant',
    text: 'Yes, a south-facing balcony of 8 m².',
    citations: [{ knowledgeBaseId: 'kb-1', sourceId: 's-1', sourceName: 'Harbour brochure.pdf', url: null, page: 3, headings: ['Outside'] }],
    toolCalls: [],
    runId: 'run-42',
    status: 'done',
    errorCode: null,
    createdAt: at,
  },
];

type Fake = ChatAppsClient & { apps: ChatApp[]; update: jest.Mock<Promise<ChatApp>, [string, UpdateChatAppBody]>; publish: jest.Mock; remove: jest.Mock };

function fakeClient(apps: ChatApp[] = [chatApp()], script: { publishError?: Error; updateError?: Error } = {}): Fake {
  const fake: Fake = {
    apps,
    list: jest.fn(async () => [...fake.apps]),
    publish: jest.fn(async ({ workflowId }: { workflowId: string }) => {
      if (script.publishError) throw script.publishError;
      const app = chatApp({ id: 'app-new', workflowId, appearance: { name: 'Weekly pipeline review', colour: '#2563eb' } });
      fake.apps.push(app);
      return app;
    }),
    get: jest.fn(async (appId: string) => {
      const app = fake.apps.find((each) => each.id === appId);
      if (!app) throw new ApiError('not found', 404, 'chat_not_found');
      return app;
    }),
    update: jest.fn(async (appId: string, body: UpdateChatAppBody) => {
      if (script.updateError) throw script.updateError;
      const index = fake.apps.findIndex((each) => each.id === appId);
      const { appearance, limits, memory, ...rest } = body;
      const next: ChatApp = { ...fake.apps[index]!, ...rest, ...(appearance ? { appearance } : {}), ...(limits ? { limits } : {}), ...(memory ? { memory } : {}), updatedAt: new Date().toISOString() };
      fake.apps[index] = next;
      return next;
    }),
    remove: jest.fn(async (appId: string) => {
      fake.apps = fake.apps.filter((each) => each.id !== appId);
    }),
    conversations: jest.fn(async () => [conversation]),
    conversation: jest.fn(async () => ({ conversation, messages })),
  };
  return fake;
}

function renderChatApps(client: ChatAppsClient, route: string, language: SupportedLanguage = 'en') {
  const routes: ReactNode = (
    <>
      <Route path="/workflows/chat-apps" element={<ChatAppsRoute />} />
      <Route path="/workflows/chat-apps/:appId" element={<ChatAppRoute />} />
      <Route path="/workflows/:id/runs/:runId" element={<p>run view</p>} />
    </>
  );
  return renderWithProviders(
    <QueryClientProvider client={testQueryClient()}>
      <CatalogueSourceProvider source={createFakeCatalogueSource()}>
        <ChatAppsClientContext.Provider value={client}>
          <Routes>{routes}</Routes>
          <LocationProbe />
        </ChatAppsClientContext.Provider>
      </CatalogueSourceProvider>
    </QueryClientProvider>,
    { route, user: testUser(), language },
  );
}
const location = () => screen.getByTestId('location').textContent;

describe('chat apps pages', () => {
  test('list the workspace’s apps with their status; publishing a workflow opens the new app', async () => {
    const client = fakeClient([chatApp(), chatApp({ id: 'app-2', status: 'paused', appearance: { name: 'Technician manuals', colour: '#7c3aed' } })]);
    renderChatApps(client, '/workflows/chat-apps');
    const list = await screen.findByRole('list', { name: 'Chat apps' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual(['Listing assistant', 'Technician manuals']);
    expect(within(cards[1]!).getByText('Paused')).toBeInTheDocument();
    expect(client.list).toHaveBeenCalledWith('personal');

    // Nothing chosen: refused in the browser, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(client.publish).not.toHaveBeenCalled();

    const select = screen.getByLabelText('Workflow');
    await within(select).findByRole('option', { name: 'Weekly pipeline review' });
    fireEvent.change(select, { target: { value: 'wf-mine-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(location()).toBe('/workflows/chat-apps/app-new'));
    expect(client.publish).toHaveBeenCalledWith({ workflowId: 'wf-mine-1' });
    expect(await screen.findByRole('heading', { name: 'Weekly pipeline review' })).toBeInTheDocument();
  });

  test('a workflow without a chat trigger is refused in the user’s words, by the service’s code', async () => {
    const client = fakeClient([], { publishError: new ApiError('workflowId: the workflow has no chat trigger', 400, 'chat_no_chat_trigger', 'workflowId: the workflow has no chat trigger', { field: 'workflowId' }) });
    renderChatApps(client, '/workflows/chat-apps', 'de');
    expect(await screen.findByText('Noch keine Chat-App. Veröffentlichen Sie einen Workflow, der mit einem Chat-Auslöser beginnt.')).toBeInTheDocument();
    const select = screen.getByLabelText('Zu veröffentlichender Workflow');
    await within(select).findByRole('option', { name: 'Weekly pipeline review' });
    fireEvent.change(select, { target: { value: 'wf-mine-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    expect(await screen.findByText('Dieser Workflow hat keinen Chat-Auslöser. Fügen Sie im Editor einen hinzu und veröffentlichen Sie ihn dann.')).toBeInTheDocument();
    expect(location()).toBe('/workflows/chat-apps');
  });

  test('an app’s page shares the hosted page and the widget’s script tag, and pauses and resumes it', async () => {
    const client = fakeClient();
    renderChatApps(client, '/workflows/chat-apps/app-1');
    const share = await screen.findByTestId('chat-app-share');
    const { hostedPage, embedSnippet } = chatAppLinks('http://127.0.0.1:4002', 'app-1');
    expect(embedSnippet).toBe('<script src="http://127.0.0.1:4002/widget.js" data-app="app-1" async></script>');
    expect(within(share).getByTestId('chat-app-snippet')).toHaveTextContent(embedSnippet);
    expect(within(share).getByRole('link', { name: 'Open the hosted page' })).toHaveAttribute('href', hostedPage);

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused: visitors see a polite message until you resume it.')).toBeInTheDocument();
    expect(client.update).toHaveBeenLastCalledWith('app-1', { status: 'paused' });
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(client.update).toHaveBeenLastCalledWith('app-1', { status: 'published' }));
    await waitFor(() => expect(screen.queryByText('Paused: visitors see a polite message until you resume it.')).not.toBeInTheDocument());
  });

  test('settings are checked like the service checks them: errors on their fields, nothing sent; a valid change is saved', async () => {
    const client = fakeClient();
    renderChatApps(client, '/workflows/chat-apps/app-1');
    const form = await screen.findByTestId('chat-app-settings');
    fireEvent.change(within(form).getByLabelText('Allowed websites'), { target: { value: 'https://www.harbour-homes.example\nwww.example.com/listings' } });
    fireEvent.change(within(form).getByLabelText('Colour'), { target: { value: 'teal' } });
    fireEvent.change(within(form).getByLabelText('Messages per visitor and minute'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Enter an address such as https://www.example.com, without a path.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a colour such as #2563eb.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number in the allowed range.')).toBeInTheDocument();
    expect(client.update).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Allowed websites'), { target: { value: 'https://www.harbour-homes.example\n\nhttps://Shop.Example.com/' } });
    fireEvent.change(within(form).getByLabelText('Colour'), { target: { value: '#0f766e' } });
    fireEvent.change(within(form).getByLabelText('Messages per visitor and minute'), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText('Suggested questions'), { target: { value: 'Which flats have a balcony?\nCan I book a viewing?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    const [, body] = client.update.mock.calls[0]!;
    expect(body.allowedOrigins).toEqual(['https://www.harbour-homes.example', 'https://shop.example.com']);
    expect(body.limits).toEqual({ perVisitorPerMinute: 20, perAppPerMinute: DEFAULT_CHAT_LIMITS.perAppPerMinute });
    expect(body.suggestedQuestions).toEqual(['Which flats have a balcony?', 'Can I book a viewing?']);
    expect(client.apps[0]!.allowedOrigins).toEqual(['https://www.harbour-homes.example', 'https://shop.example.com']);
  });

  test('a refusal only the service makes lands on its field', async () => {
    const client = fakeClient([chatApp()], { updateError: new ApiError('allowedOrigins.0: not allowed', 400, 'invalid_request', 'allowedOrigins.0: not allowed', { field: 'allowedOrigins.0' }) });
    renderChatApps(client, '/workflows/chat-apps/app-1');
    const form = await screen.findByTestId('chat-app-settings');
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    const origins = within(form).getByLabelText('Allowed websites');
    await waitFor(() => expect(origins).toHaveAccessibleDescription(expect.stringContaining('This value is not valid.')));
  });

  test('conversations show each turn, the cited passages and the run behind the answer', async () => {
    const client = fakeClient();
    renderChatApps(client, '/workflows/chat-apps/app-1');
    const panel = await screen.findByTestId('chat-conversations');
    fireEvent.click(await within(panel).findByRole('button', { name: /Open the conversation from/ }));
    const turns = await within(panel).findAllByTestId('chat-turn');
    expect(turns.map((turn) => turn.getAttribute('data-role'))).toEqual(['user', 'assistant']);
    expect(within(turns[1]!).getByText('Harbour brochure.pdf, p. 3 — Outside')).toBeInTheDocument();
    expect(client.conversation).toHaveBeenCalledWith('app-1', 'conv-1');
    fireEvent.click(within(turns[1]!).getByRole('link', { name: 'View the run' }));
    expect(location()).toBe('/workflows/wf-mine-1/runs/run-42');
  });

  test('deleting asks first, then removes the app and returns to the list', async () => {
    const client = fakeClient();
    renderChatApps(client, '/workflows/chat-apps/app-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Listing assistant?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(location()).toBe('/workflows/chat-apps'));
    expect(client.remove).toHaveBeenCalledWith('app-1');
    expect(await screen.findByTestId('chat-apps-empty')).toBeInTheDocument();
  });
});
