// platform-api's chat publishing endpoints (CHAT_API) on the shared API
// client: a workspace's chat apps, publishing a workflow as one, its
// settings, pause and removal, and its conversations with the run behind
// each answer. Pages read the client from context, so tests pass a fake.
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, useAuth, usePlatform, type ApiClientOptions } from '@agentflow/shared';
import { CHAT_API, CHAT_PAGES, type ChatApp, type ChatMessage, type Conversation, type CreateChatAppBody, type UpdateChatAppBody } from '@agentflow/shared/chat';

export interface ConversationThread {
  conversation: Conversation;
  messages: ChatMessage[];
}

export interface ChatAppsClient {
  /** The apps of a workspace ('personal' or an organization id). */
  list(workspace: string): Promise<ChatApp[]>;
  publish(body: Partial<CreateChatAppBody> & { workflowId: string }): Promise<ChatApp>;
  get(appId: string): Promise<ChatApp>;
  update(appId: string, body: UpdateChatAppBody): Promise<ChatApp>;
  remove(appId: string): Promise<void>;
  conversations(appId: string): Promise<Conversation[]>;
  conversation(appId: string, conversationId: string): Promise<ConversationThread>;
}

export function createChatAppsClient(options: ApiClientOptions): ChatAppsClient {
  const call = createApiClient(options);
  return {
    list: async (workspace) => (await call<{ apps?: ChatApp[] }>('GET', CHAT_API.apps, { query: { workspaceId: workspace } }))?.apps ?? [],
    publish: (body) => call<ChatApp>('POST', CHAT_API.apps, { body }),
    get: (appId) => call<ChatApp>('GET', CHAT_API.app(appId)),
    update: (appId, body) => call<ChatApp>('PATCH', CHAT_API.app(appId), { body }),
    remove: async (appId) => {
      await call('DELETE', CHAT_API.app(appId));
    },
    conversations: async (appId) => (await call<{ conversations?: Conversation[] }>('GET', CHAT_API.conversations(appId)))?.conversations ?? [],
    conversation: (appId, conversationId) => call<ConversationThread>('GET', CHAT_API.conversation(appId, conversationId)),
  };
}

export const ChatAppsClientContext = createContext<ChatAppsClient | null>(null);
ChatAppsClientContext.displayName = 'ChatAppsClient';

/** The provided client (tests), else platform-api at the configured URL with the signed-in user's ID token. */
export function useChatAppsClient(): ChatAppsClient {
  const provided = useContext(ChatAppsClientContext);
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const baseUrl = config.apis.platform;
  return useMemo(() => provided ?? createChatAppsClient({ baseUrl, getIdToken }), [provided, baseUrl, getIdToken]);
}

/** Where visitors reach an app: the hosted page and the widget's script, both served by platform-api. */
export function chatAppLinks(platformUrl: string, appId: string): { hostedPage: string; embedSnippet: string } {
  const base = platformUrl.replace(/\/+$/, '');
  return {
    hostedPage: `${base}${CHAT_PAGES.hosted(appId)}`,
    embedSnippet: `<script src="${base}${CHAT_PAGES.widgetScript}" data-app="${appId}" async></script>`,
  };
}
