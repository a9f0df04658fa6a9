// The widget's UI logic in jsdom against a scripted chat API: what a visitor
// sees as an answer streams in, the codes translated, the token kept.
import { CHAT_API, CHAT_ERROR_CODES, signInWithPasswordUrl, type VisitorSignInConfig } from '@agentflow/shared/chat-visitor';
import { mountChat, type MountedChat } from './mount.js';
import { CATALOGS } from './i18n.js';
import { STREAM_RECONNECTS } from './session.js';
import { API, APP_ID, answer, fakeApi, publicApp, publishedApi, settle, type FakeApi } from './testing/fakeApi.js';

const citation = { knowledgeBaseId: 'kb-1', sourceId: 'src-1', sourceName: 'Listings.pdf', url: null, page: 3, headings: ['Flats', 'Balconies'] };
const mounted: MountedChat[] = [];
/** The hosted page's sign-in settings (the Auth emulator's Identity Toolkit). */
const SIGN_IN: VisitorSignInConfig = { authUrl: 'http://auth.test/identitytoolkit.googleapis.com', apiKey: 'demo-api-key' };
const SIGN_IN_PATH = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword';

async function mount(api: FakeApi, options: { mode?: 'widget' | 'page'; languages?: string[]; storage?: Storage; signIn?: VisitorSignInConfig } = {}): Promise<MountedChat> {
  const chat = mountChat({
    appId: APP_ID,
    apiBase: API,
    mode: options.mode ?? 'widget',
    language: null,
    container: document.body,
    signIn: options.signIn ?? null,
    fetchImpl: api.fetch,
    openStream: api.openStream,
    storage: options.storage ?? window.localStorage,
    languages: options.languages ?? ['en-GB'],
    wait: async () => undefined,
  });
  mounted.push(chat);
  await chat.started;
  return chat;
}

const $ = <T extends Element = HTMLElement>(chat: MountedChat, selector: string) => chat.view.root.querySelector<T>(selector);
const $$ = (chat: MountedChat, selector: string) => [...chat.view.root.querySelectorAll<HTMLElement>(selector)];
const turnTexts = (chat: MountedChat) => $$(chat, '.msg:not(.greeting)').map((box) => box.textContent);

async function ask(chat: MountedChat, question: string) {
  const input = $<HTMLTextAreaElement>(chat, 'textarea')!;
  input.value = question;
  $<HTMLFormElement>(chat, 'form.compose')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  for (const chat of mounted.splice(0)) {
    chat.session.dispose();
    chat.host.remove();
  }
});

describe('the floating button and its dialog', () => {
  it('shows the app in its colour, opens a labelled dialog with focus in the input, and Esc closes it back to the button', async () => {
    const chat = await mount(publishedApi());
    const launcher = $<HTMLButtonElement>(chat, 'button.launcher')!;
    const dialog = $(chat, '[role="dialog"]')!;
    expect(launcher).toHaveAttribute('aria-haspopup', 'dialog');
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    expect(launcher).toHaveAttribute('aria-label', 'Open chat');
    expect(dialog.hidden).toBe(true);
    expect(chat.host.style.getPropertyValue('--accent')).toBe('#0f766e');

    launcher.click();
    expect(dialog.hidden).toBe(false);
    expect(launcher).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveAttribute('aria-label', 'Chat with Casa Realty');
    expect(chat.view.root.activeElement).toBe($(chat, 'textarea'));
    expect($(chat, '.title')!.textContent).toBe('Casa Realty');
    expect($(chat, '.greeting')!.textContent).toBe('Hello! Ask me about our listings.');
    expect($$(chat, '.suggestions button').map((button) => button.textContent)).toEqual(['Which flats have a balcony?', 'How do I book a viewing?']);

    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog.hidden).toBe(true);
    expect(chat.view.root.activeElement).toBe(launcher);
  });

  it('the hosted page shows the panel itself (no button) and takes the app name as its title', async () => {
    const chat = await mount(publishedApi(), { mode: 'page' });
    expect($(chat, 'button.launcher')).toBeNull();
    expect($(chat, '[role="dialog"]')!.hidden).toBe(false);
    expect(document.title).toBe('Casa Realty');
  });
});

describe('a question and its streamed answer', () => {
  it('opens a conversation with a simple request, then renders tokens, tools and citations in order until done', async () => {
    const api = publishedApi();
    const chat = await mount(api);
    $<HTMLButtonElement>(chat, '.suggestions button')!.click();
    await settle();
    expect(chat.view.root.activeElement).toBe($(chat, 'textarea'));

    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: CHAT_API.open(APP_ID), body: {}, contentType: 'text/plain' },
      { method: 'POST', path: CHAT_API.send(APP_ID, 'conv-1'), body: { visitorToken: 'visitor-token-1', text: 'Which flats have a balcony?' }, contentType: 'text/plain' },
    ]);
    expect(api.streams.map((stream) => stream.url)).toEqual([`${API}${CHAT_API.stream(APP_ID, 'conv-1', 'a-1')}?token=visitor-token-1`]);
    // Before the first token: the typing indicator, and the form waits.
    expect($(chat, '.assistant .typing')).toHaveAttribute('aria-label', 'Casa Realty is typing…');
    expect($<HTMLButtonElement>(chat, 'form.compose button')!.disabled).toBe(true);
    expect($(chat, '.suggestions')).toBeNull();

    const stream = api.streams[0]!;
    stream.push({ type: 'tool', id: 't1', name: 'search_knowledge', status: 'running' });
    expect($(chat, '.assistant .tools')!.textContent).toBe('Looking up: the knowledge base…');
    stream.push({ type: 'token', text: 'Two flats ' });
    expect($(chat, '.assistant .typing')).toBeNull();
    stream.push({ type: 'tool', id: 't1', name: 'search_knowledge', status: 'done' });
    stream.push({ type: 'citation', citation });
    stream.push({ type: 'citation', citation });
    stream.push({ type: 'token', text: 'have a balcony.' });
    expect($(chat, '.assistant .text')!.textContent).toBe('Two flats have a balcony.');
    expect($(chat, '.assistant .tools')!.textContent).toBe('Looked up: the knowledge base');
    expect($$(chat, '.assistant .sources li').map((item) => item.textContent)).toEqual(['Listings.pdf, p. 3 — Flats › Balconies']);

    stream.push({ type: 'done', messageId: 'a-1', text: 'Two flats have a balcony (Via Roma 3 and 5).' });
    expect(stream.closed).toBe(true);
    expect(turnTexts(chat)).toEqual(['Which flats have a balcony?', 'Looked up: the knowledge baseTwo flats have a balcony (Via Roma 3 and 5).SourcesListings.pdf, p. 3 — Flats › Balconies']);
    expect($<HTMLButtonElement>(chat, 'form.compose button')!.disabled).toBe(false);
  });

  it('shows an answer as text, never as markup, and links a citation only to a web address', async () => {
    const api = publishedApi();
    const chat = await mount(api);
    await ask(chat, 'hi');
    api.streams[0]!.push({ type: 'token', text: '<img src=x onerror=alert(1)>' });
    api.streams[0]!.push({ type: 'citation', citation: { ...citation, sourceId: 'a', page: null, headings: [], url: 'javascript:alert(1)', sourceName: 'Bad' } });
    api.streams[0]!.push({ type: 'citation', citation: { ...citation, sourceId: 'b', page: null, headings: ['Terms'], url: 'https://casa.example/terms', sourceName: 'casa.example/terms' } });
    expect($(chat, '.assistant img')).toBeNull();
    expect($(chat, '.assistant .text')!.textContent).toBe('<img src=x onerror=alert(1)>');
    const links = $$(chat, '.sources a');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('rel')])).toEqual([['casa.example/terms — Terms', 'https://casa.example/terms', 'noopener noreferrer']]);
  });

  it('reconnects a dropped stream and starts the text again, then gives up with a retry after the allowed attempts', async () => {
    const api = publishedApi();
    api.reply('POST', CHAT_API.send(APP_ID, 'conv-1'), { status: 202, body: { questionId: 'q-1', message: answer('a-1') } }, { status: 202, body: { questionId: 'q-2', message: answer('a-2') } });
    const chat = await mount(api);
    await ask(chat, 'hi');
    api.streams[0]!.push({ type: 'token', text: 'Hel' });
    api.streams[0]!.drop();
    await settle();
    expect(api.streams).toHaveLength(2);
    expect($(chat, '.assistant .typing')).not.toBeNull();
    api.streams[1]!.push({ type: 'token', text: 'Hello' });
    api.streams[1]!.push({ type: 'done', messageId: 'a-1', text: 'Hello there' });
    expect($(chat, '.assistant .text')!.textContent).toBe('Hello there');

    await ask(chat, 'again');
    for (let attempt = 0; attempt <= STREAM_RECONNECTS; attempt++) {
      api.streams.at(-1)!.drop();
      await settle();
    }
    expect(api.streams).toHaveLength(2 + 1 + STREAM_RECONNECTS);
    expect($$(chat, '.assistant.failed .error').map((error) => error.textContent)).toEqual([`${CATALOGS.en.errors.network}${CATALOGS.en.retry}`]);
  });
});

describe('refusals, translated by code', () => {
  const refuse = (status: number, code: string) => ({ status, body: { error: 'English text the widget does not show', code } });

  it('a paused app shows the polite message and disables the form', async () => {
    const chat = await mount(publishedApi(publicApp({ status: 'paused' })), { languages: ['fr-FR'] });
    expect($(chat, '.notice')!.textContent).toBe(CATALOGS.fr.errors.paused);
    expect($<HTMLTextAreaElement>(chat, 'textarea')!.disabled).toBe(true);
    expect($(chat, '.suggestions')).toBeNull();
  });

  it('a page on an origin the owner did not list is told the assistant is not available here', async () => {
    const api = fakeApi();
    api.reply('GET', CHAT_API.publicApp(APP_ID), refuse(403, CHAT_ERROR_CODES.originNotAllowed));
    const chat = await mount(api, { languages: ['es'] });
    expect($(chat, '.notice')!.textContent).toBe(CATALOGS.es.errors.originNotAllowed);
    expect($<HTMLTextAreaElement>(chat, 'textarea')!.disabled).toBe(true);
  });

  it('sign-in required, in the widget: never a password field on the website, a link to sign in on the hosted page instead', async () => {
    const api = publishedApi(publicApp({ requireSignIn: true }));
    // Even when the page passes sign-in settings, the widget (another website) does not use them.
    const chat = await mount(api, { languages: ['it-IT'], signIn: SIGN_IN });
    expect($(chat, 'p.signin')!.hidden).toBe(false);
    expect($(chat, 'p.signin')!.textContent).toBe(`${CATALOGS.it.signInElsewhere} ${CATALOGS.it.signInLink}`);
    const link = $<HTMLAnchorElement>(chat, 'p.signin a')!;
    expect(link.href).toBe(`${API}/chat/${APP_ID}`);
    expect(link.target).toBe('_blank');
    expect($(chat, 'form.signin')!.hidden).toBe(true);
    expect($<HTMLTextAreaElement>(chat, 'textarea')!.disabled).toBe(true);
    await ask(chat, 'ciao');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sign-in required, on the hosted page: the visitor signs in with the platform account (a wrong password is said), then the conversation opens as them', async () => {
    const api = publishedApi(publicApp({ requireSignIn: true }));
    api.reply('POST', SIGN_IN_PATH, { status: 400, body: { error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' } } }, { status: 200, body: { idToken: 'id-token-1', refreshToken: 'r', expiresIn: '3600', localId: 'u1' } });
    const chat = await mount(api, { mode: 'page', languages: ['fr'], signIn: SIGN_IN });
    const form = $<HTMLFormElement>(chat, 'form.signin')!;
    expect(form.hidden).toBe(false);
    expect($<HTMLTextAreaElement>(chat, 'textarea')!.disabled).toBe(true);
    const signIn = async (password: string) => {
      $<HTMLInputElement>(chat, '#agentflow-chat-email')!.value = ' tech@fieldco.example ';
      $<HTMLInputElement>(chat, '#agentflow-chat-password')!.value = password;
      form.dispatchEvent(new Event('submit', { cancelable: true }));
      await settle();
    };
    await signIn('wrong');
    expect($(chat, 'form.signin .error')!.textContent).toBe(CATALOGS.fr.errors.signInFailed);
    expect(form.hidden).toBe(false);
    await signIn('right');
    expect(form.hidden).toBe(true);
    const attempts = api.calls.filter((call) => call.path.startsWith(SIGN_IN_PATH));
    expect(attempts.map((call) => call.body)).toEqual([
      { email: 'tech@fieldco.example', password: 'wrong', returnSecureToken: true },
      { email: 'tech@fieldco.example', password: 'right', returnSecureToken: true },
    ]);
    expect(attempts[0]!.path).toBe(new URL(signInWithPasswordUrl(SIGN_IN)).pathname + new URL(signInWithPasswordUrl(SIGN_IN)).search);
    expect(attempts[0]!.contentType).toBe('application/json');
    // The password is not kept in the page.
    expect($<HTMLInputElement>(chat, '#agentflow-chat-password')!.value).toBe('');
    await ask(chat, 'Quel est le couple de serrage ?');
    expect(api.calls.find((call) => call.method === 'POST' && call.path === CHAT_API.open(APP_ID))?.body).toEqual({ idToken: 'id-token-1' });
    expect(api.streams).toHaveLength(1);
  });

  it('a sign-in the service no longer accepts (expired) asks to sign in again, and the question can be retried after', async () => {
    const api = publishedApi(publicApp({ requireSignIn: true }));
    api.reply('POST', SIGN_IN_PATH, { status: 200, body: { idToken: 'old' } }, { status: 200, body: { idToken: 'new' } });
    api.reply('POST', CHAT_API.open(APP_ID), refuse(401, CHAT_ERROR_CODES.signInRequired), { status: 201, body: { conversationId: 'conv-1', visitorToken: 'visitor-token-1' } });
    const chat = await mount(api, { mode: 'page', signIn: SIGN_IN });
    const signIn = async () => {
      $<HTMLInputElement>(chat, '#agentflow-chat-email')!.value = 'tech@fieldco.example';
      $<HTMLInputElement>(chat, '#agentflow-chat-password')!.value = 'secret';
      $<HTMLFormElement>(chat, 'form.signin')!.dispatchEvent(new Event('submit', { cancelable: true }));
      await settle();
    };
    await signIn();
    await ask(chat, 'Torque?');
    expect($<HTMLFormElement>(chat, 'form.signin')!.hidden).toBe(false);
    expect($(chat, '.user.failed .error')!.firstChild!.textContent).toBe(CATALOGS.en.errors.signInRequired);
    await signIn();
    $<HTMLButtonElement>(chat, '.retry')!.click();
    await settle();
    const opens = api.calls.filter((call) => call.method === 'POST' && call.path === CHAT_API.open(APP_ID));
    expect(opens.map((call) => call.body)).toEqual([{ idToken: 'old' }, { idToken: 'new' }]);
    expect(api.streams).toHaveLength(1);
  });

  it('a visitor who signed in before goes on with the stored conversation without signing in again', async () => {
    const api = publishedApi(publicApp({ requireSignIn: true }));
    api.reply('GET', CHAT_API.visitorConversation(APP_ID, 'conv-1'), { status: 200, body: { messages: [] } });
    window.localStorage.setItem(`agentflow.chat.${APP_ID}`, JSON.stringify({ visitorToken: 'visitor-token-1', conversationId: 'conv-1' }));
    const chat = await mount(api, { mode: 'page', signIn: SIGN_IN });
    expect($<HTMLFormElement>(chat, 'form.signin')!.hidden).toBe(true);
    await ask(chat, 'And the warranty?');
    expect(api.calls.some((call) => call.path.startsWith(SIGN_IN_PATH))).toBe(false);
    expect(api.streams).toHaveLength(1);
  });

  it('rate limited: the message says so with a retry, and the retry sends the question again', async () => {
    const api = publishedApi();
    api.reply('POST', CHAT_API.send(APP_ID, 'conv-1'), refuse(429, CHAT_ERROR_CODES.rateLimited), { status: 202, body: { questionId: 'q-2', message: answer('a-2') } });
    const chat = await mount(api, { languages: ['de-AT', 'en'] });
    await ask(chat, 'Hallo');
    expect($(chat, '.user.failed .error')!.firstChild!.textContent).toBe(CATALOGS.de.errors.rateLimited);
    $<HTMLButtonElement>(chat, '.retry')!.click();
    await settle();
    expect($$(chat, '.user').map((box) => box.textContent)).toEqual(['Hallo']);
    expect(api.streams.map((stream) => stream.url)).toEqual([`${API}${CHAT_API.stream(APP_ID, 'conv-1', 'a-2')}?token=visitor-token-1`]);
    expect(api.calls.filter((call) => call.path === CHAT_API.send(APP_ID, 'conv-1'))).toHaveLength(2);
  });

  it("an answer that fails (the stream's error event) is translated, and an unreachable service is a network error", async () => {
    const api = publishedApi();
    const chat = await mount(api);
    await ask(chat, 'one');
    api.streams[0]!.push({ type: 'error', messageId: 'a-1', code: CHAT_ERROR_CODES.answerFailed, message: 'x' });
    expect($(chat, '.assistant.failed .error')!.firstChild!.textContent).toBe(CATALOGS.en.errors.answerFailed);

    api.reply('POST', CHAT_API.send(APP_ID, 'conv-1'), 'network');
    await ask(chat, 'two');
    expect($$(chat, '.user.failed .error').map((error) => error.firstChild!.textContent)).toEqual([CATALOGS.en.errors.network]);
  });
});

describe('the visitor token', () => {
  it('is kept in localStorage: a returning visitor sees the conversation, and a new one opens with the same token', async () => {
    const first = publishedApi();
    const chat = await mount(first);
    await ask(chat, 'first');
    first.streams[0]!.push({ type: 'done', messageId: 'a-1', text: 'first answer' });
    expect(JSON.parse(window.localStorage.getItem(`agentflow.chat.${APP_ID}`)!)).toEqual({ visitorToken: 'visitor-token-1', conversationId: 'conv-1' });
    chat.host.remove();

    const again = publishedApi();
    again.reply('GET', CHAT_API.visitorConversation(APP_ID, 'conv-1'), {
      status: 200,
      body: { conversationId: 'conv-1', messages: [{ ...answer('q-1'), role: 'user', text: 'first', status: 'done', seq: 0 }, { ...answer('a-1'), text: 'first answer', status: 'done', citations: [citation] }] },
    });
    const back = await mount(again);
    expect(again.calls[1]!.path).toBe(`${CHAT_API.visitorConversation(APP_ID, 'conv-1')}?token=visitor-token-1`);
    expect(turnTexts(back)).toEqual(['first', 'first answerSourcesListings.pdf, p. 3 — Flats › Balconies']);

    // "New conversation": the next question opens one with the visitor's token.
    $<HTMLButtonElement>(back, '.restart')!.click();
    expect(turnTexts(back)).toEqual([]);
    await ask(back, 'second');
    expect(again.calls.find((call) => call.path === CHAT_API.open(APP_ID))!.body).toEqual({ visitorToken: 'visitor-token-1' });
  });

  it("a conversation that is gone (another visitor's, or deleted) is replaced once, keeping the token", async () => {
    window.localStorage.setItem(`agentflow.chat.${APP_ID}`, JSON.stringify({ visitorToken: 'visitor-token-1', conversationId: 'conv-old' }));
    const api = publishedApi();
    const chat = await mount(api);
    await ask(chat, 'hello');
    expect(api.calls.map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual([
      `GET ${CHAT_API.publicApp(APP_ID)}`,
      `GET ${CHAT_API.visitorConversation(APP_ID, 'conv-old')}`,
      `POST ${CHAT_API.open(APP_ID)}`,
      `POST ${CHAT_API.send(APP_ID, 'conv-1')}`,
    ]);
    expect(api.streams).toHaveLength(1);
    expect($$(chat, '.failed')).toEqual([]);
  });
});

describe('a stored conversation the service no longer knows', () => {
  it('is replaced once when a send is refused as not found, with the same token', async () => {
    window.localStorage.setItem(`agentflow.chat.${APP_ID}`, JSON.stringify({ visitorToken: 'visitor-token-1', conversationId: 'conv-old' }));
    const api = publishedApi();
    api.reply('GET', CHAT_API.visitorConversation(APP_ID, 'conv-old'), { status: 200, body: { conversationId: 'conv-old', messages: [] } });
    const chat = await mount(api);
    await ask(chat, 'hello');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [CHAT_API.send(APP_ID, 'conv-old'), { visitorToken: 'visitor-token-1', text: 'hello' }],
      [CHAT_API.open(APP_ID), { visitorToken: 'visitor-token-1' }],
      [CHAT_API.send(APP_ID, 'conv-1'), { visitorToken: 'visitor-token-1', text: 'hello' }],
    ]);
    expect($$(chat, '.failed')).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem(`agentflow.chat.${APP_ID}`)!)).toEqual({ visitorToken: 'visitor-token-1', conversationId: 'conv-1' });
  });
});

describe('the script tag', () => {
  it('mounts one chat for its data-app, on the API it names, in the mode and language it asks for', () => {
    const tag = document.createElement('script');
    tag.src = 'https://api.agentflow.example/widget.js';
    Object.assign(tag.dataset, { app: 'shop-assistant', mode: 'page', lang: 'it' });
    document.head.append(tag);
    const fetchSpy = jest.fn(() => new Promise<never>(() => undefined));
    Object.assign(globalThis, { fetch: fetchSpy });
    try {
      jest.isolateModules(() => require('./index'));
      jest.isolateModules(() => require('./index'));
      const hosts = document.querySelectorAll('agentflow-chat');
      expect(hosts).toHaveLength(1);
      expect(hosts[0]!.getAttribute('data-agentflow-chat')).toBe('shop-assistant');
      expect(hosts[0]!.getAttribute('lang')).toBe('it');
      expect(hosts[0]!.shadowRoot!.querySelector('.launcher')).toBeNull();
      expect(fetchSpy).toHaveBeenCalledWith(`https://api.agentflow.example${CHAT_API.publicApp('shop-assistant')}`, { method: 'GET' });
    } finally {
      document.querySelectorAll('agentflow-chat').forEach((host) => host.remove());
      tag.remove();
      delete (globalThis as { fetch?: unknown }).fetch;
    }
  });
});

describe('languages', () => {
  it("speaks the browser's language (every catalog has every text) and English otherwise", async () => {
    const keys = (value: object): string[] => Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'object' ? keys(inner as object).map((sub) => `${key}.${sub}`) : [key]));
    for (const catalog of Object.values(CATALOGS)) expect(keys(catalog)).toEqual(keys(CATALOGS.en));
    const german = await mount(publishedApi(), { languages: ['de-CH'] });
    expect($(german, 'button.launcher')).toHaveAttribute('aria-label', 'Chat öffnen');
    expect($(german, 'textarea')).toHaveAttribute('placeholder', CATALOGS.de.placeholder);
    expect(german.host.getAttribute('lang')).toBe('de');
    german.host.remove();
    const other = await mount(publishedApi(), { languages: ['ja-JP'] });
    expect(other.host.getAttribute('lang')).toBe('en');
  });
});
