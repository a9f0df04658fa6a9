// Puts one chat on a page: the session, its client and its view, wired.
import { CHAT_PAGES, type VisitorSignInConfig } from '@agentflow/shared/chat-visitor';
import { chatClient, eventSourceStream, type OpenStream } from './client.js';
import { widgetText } from './i18n.js';
import { ChatSession, visitorStorage } from './session.js';
import { mountView, type ChatMode, type ChatView } from './view.js';

export interface MountOptions {
  appId: string;
  /** platform-api's base URL (the script's own origin by default). */
  apiBase: string;
  mode: ChatMode;
  /** data-lang: a language the page chooses; else the browser's. */
  language: string | null;
  /** Where the chat's host element goes (document.body for the widget). */
  container: HTMLElement;
  /** The hosted page only: where visitors sign in (its data-auth-url and data-auth-key). */
  signIn?: VisitorSignInConfig | null;
  fetchImpl?: typeof fetch;
  openStream?: OpenStream;
  storage?: Storage | null;
  languages?: readonly string[];
  wait?: (ms: number) => Promise<void>;
}

export interface MountedChat {
  session: ChatSession;
  view: ChatView;
  host: HTMLElement;
  started: Promise<void>;
}

export function mountChat(options: MountOptions): MountedChat {
  const doc = options.container.ownerDocument;
  const win = doc.defaultView;
  const { language, text } = widgetText(options.language, options.languages ?? win?.navigator.languages ?? []);
  // Its own tag name: the site's element selectors (div, section…) never match the host.
  const host = doc.createElement('agentflow-chat');
  host.setAttribute('style', options.mode === 'page' ? 'display:block' : 'display:block;position:fixed;width:0;height:0;margin:0;padding:0;border:0');
  host.setAttribute('data-agentflow-chat', options.appId);
  host.setAttribute('lang', language);
  // A password is only ever typed on the hosted page (platform-api's own origin), never in the widget on another website.
  const signIn = options.mode === 'page' ? (options.signIn ?? null) : null;
  const client = chatClient(options.apiBase, options.appId, options.fetchImpl ?? ((...args) => fetch(...args)), options.openStream ?? eventSourceStream, signIn);
  let storage: Storage | null = null;
  try {
    storage = options.storage === undefined ? (win?.localStorage ?? null) : options.storage;
  } catch {
    // Blocked third-party storage: the visitor gets a new token each visit.
  }
  let view: ChatView | null = null;
  const session = new ChatSession(client, visitorStorage(storage, options.appId), (state) => view?.render(state), options.wait);
  view = mountView(host, session, text, options.mode, `${options.apiBase.replace(/\/$/, '')}${CHAT_PAGES.hosted(options.appId)}`);
  view.render(session.state);
  options.container.append(host);
  if (options.mode === 'page') doc.documentElement.lang = language;
  return { session, view, host, started: session.start() };
}
