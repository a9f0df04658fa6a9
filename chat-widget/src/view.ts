// The chat's DOM, in a shadow root: the floating button and its dialog
// (widget mode) or the same panel filling the page (the hosted page). Every
// text comes from the widget's catalog; every answer is set as text, never as
// HTML. Renders the session's state after each change.
import { citationLabel } from '@agentflow/shared/chat-visitor';
import type { ChatSession, SessionState, Turn } from './session.js';
import { KNOWLEDGE_TOOL, fill, type WidgetText } from './i18n.js';
import { WIDGET_CSS } from './styles.js';

export type ChatMode = 'widget' | 'page';

export interface ChatView {
  root: ShadowRoot;
  render: (state: SessionState) => void;
  open: () => void;
  close: () => void;
}

const CHAT_ICON = '<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>';

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Black or white, whichever reads better on the app's colour (#rrggbb). */
export function textOn(colour: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#111827' : '#fff';
}

/** A citation's link only when it is a web address (never javascript: or data:). */
const safeUrl = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * `signInPage`: the hosted page, where a widget's visitor signs in when the app requires it (the widget never
 * asks for a password on another website: visitorSignIn.ts).
 */
export function mountView(host: HTMLElement, session: ChatSession, text: WidgetText, mode: ChatMode, signInPage: string | null = null): ChatView {
  const doc = host.ownerDocument;
  host.classList.add(mode);
  const root = host.attachShadow({ mode: 'open' });
  root.append(el(doc, 'style', {}, WIDGET_CSS));

  const panel = el(doc, 'section', { class: 'panel', id: 'agentflow-chat-panel', role: 'dialog', 'aria-labelledby': 'agentflow-chat-title' });
  const header = el(doc, 'header');
  const title = el(doc, 'span', { class: 'title', id: 'agentflow-chat-title' }, text.loading);
  const restart = el(doc, 'button', { type: 'button', class: 'restart', 'aria-label': text.newConversation, title: text.newConversation }, '↺');
  header.append(title, restart);
  const log = el(doc, 'div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions text' });
  const notice = el(doc, 'p', { class: 'notice', role: 'alert', hidden: '' });
  const form = el(doc, 'form', { class: 'compose' });
  const input = el(doc, 'textarea', { 'aria-label': text.placeholder, placeholder: text.placeholder, rows: '1', maxlength: '4000' });
  const send = el(doc, 'button', { type: 'submit' }, text.send);
  form.append(input, send);

  // Sign-in (apps that require it): built once, so what the visitor typed survives each render.
  const signInForm = el(doc, 'form', { class: 'signin', hidden: '' });
  const signInId = (name: string) => `agentflow-chat-${name}`;
  const email = el(doc, 'input', { id: signInId('email'), type: 'email', autocomplete: 'username', required: '' });
  const password = el(doc, 'input', { id: signInId('password'), type: 'password', autocomplete: 'current-password', required: '' });
  const signInButton = el(doc, 'button', { type: 'submit' }, text.signIn);
  const signInError = el(doc, 'p', { class: 'error', role: 'alert', hidden: '' });
  signInForm.append(
    el(doc, 'strong', {}, text.signInTitle),
    el(doc, 'label', { for: signInId('email') }, text.email),
    email,
    el(doc, 'label', { for: signInId('password') }, text.password),
    password,
    signInError,
    signInButton,
  );
  signInForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void session.signInWith(email.value, password.value).then(() => {
      if (session.state.signIn === 'none') {
        password.value = '';
        input.focus();
      }
    });
  });
  const signInLink = el(doc, 'p', { class: 'signin', hidden: '' }, `${text.signInElsewhere} `);
  if (signInPage) signInLink.append(el(doc, 'a', { href: signInPage, target: '_blank', rel: 'noopener' }, text.signInLink));
  panel.append(header, log, notice, signInForm, signInLink, form);

  let launcher: HTMLButtonElement | null = null;
  const open = () => {
    panel.hidden = false;
    launcher?.setAttribute('aria-expanded', 'true');
    launcher?.setAttribute('aria-label', text.close);
    input.focus();
  };
  const close = () => {
    if (!launcher) return;
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.setAttribute('aria-label', text.open);
    launcher.focus();
  };
  if (mode === 'widget') {
    launcher = el(doc, 'button', { type: 'button', class: 'launcher', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'aria-controls': panel.id, 'aria-label': text.open });
    launcher.innerHTML = CHAT_ICON;
    launcher.addEventListener('click', () => (panel.hidden ? open() : close()));
    const closeButton = el(doc, 'button', { type: 'button', class: 'close', 'aria-label': text.close, title: text.close }, '×');
    closeButton.addEventListener('click', close);
    header.append(closeButton);
    panel.hidden = true;
    root.append(panel, launcher);
  } else {
    panel.setAttribute('aria-modal', 'false');
    root.append(panel);
  }
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  const submit = () => {
    const value = input.value;
    if (!value.trim() || session.busy) return;
    input.value = '';
    void session.ask(value);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  input.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  });
  restart.addEventListener('click', () => {
    session.restart();
    input.focus();
  });

  const renderTurn = (turn: Turn): HTMLElement => {
    const box = el(doc, 'div', { class: `msg ${turn.role} ${turn.status}`, 'data-turn': turn.id });
    if (turn.tools.length) {
      const tools = el(doc, 'ul', { class: 'tools' });
      for (const tool of turn.tools) {
        const template = tool.status === 'running' ? text.toolRunning : tool.status === 'done' ? text.toolDone : text.toolFailed;
        tools.append(el(doc, 'li', { 'data-status': tool.status }, fill(template, { tool: tool.name === KNOWLEDGE_TOOL ? text.knowledgeTool : tool.name })));
      }
      box.append(tools);
    }
    if (turn.text) box.append(el(doc, 'span', { class: 'text' }, turn.text));
    else if (turn.status === 'streaming') {
      const typing = el(doc, 'span', { class: 'typing', role: 'status', 'aria-label': fill(text.typing, { name: session.state.app?.appearance.name ?? text.assistant }) });
      typing.append(el(doc, 'i'), el(doc, 'i'), el(doc, 'i'));
      box.append(typing);
    }
    if (turn.citations.length) {
      const sources = el(doc, 'div', { class: 'sources' });
      sources.append(el(doc, 'strong', {}, text.sources));
      const list = el(doc, 'ol');
      for (const citation of turn.citations) {
        const label = citationLabel(citation, text.page);
        const url = safeUrl(citation.url);
        const item = el(doc, 'li');
        item.append(url ? el(doc, 'a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, label) : doc.createTextNode(label));
        list.append(item);
      }
      sources.append(list);
      box.append(sources);
    }
    if (turn.status === 'failed' && turn.error) {
      const error = el(doc, 'p', { class: 'error', role: 'alert' }, text.errors[turn.error]);
      if (turn.question && !session.state.notice) {
        const retry = el(doc, 'button', { type: 'button', class: 'retry' }, text.retry);
        retry.addEventListener('click', () => void session.retry(turn.id));
        error.append(retry);
      }
      box.append(error);
    }
    return box;
  };

  const render = (state: SessionState) => {
    const app = state.app;
    if (app) {
      title.textContent = app.appearance.name;
      if (mode === 'page') doc.title = app.appearance.name;
      panel.setAttribute('aria-label', fill(text.dialogLabel, { name: app.appearance.name }));
      host.style.setProperty('--accent', app.appearance.colour);
      host.style.setProperty('--on-accent', textOn(app.appearance.colour));
    }
    const children: HTMLElement[] = [];
    if (app?.greeting) children.push(el(doc, 'div', { class: 'msg greeting' }, app.greeting));
    if (app && !state.turns.length && !state.notice && app.suggestedQuestions.length) {
      const suggestions = el(doc, 'fieldset', { class: 'suggestions' });
      suggestions.append(el(doc, 'legend', {}, text.suggestions));
      for (const question of app.suggestedQuestions) {
        const button = el(doc, 'button', { type: 'button' }, question);
        button.addEventListener('click', () => {
          // The suggestions leave with the first question: the input keeps the focus.
          input.focus();
          void session.ask(question);
        });
        suggestions.append(button);
      }
      children.push(suggestions);
    }
    children.push(...state.turns.map(renderTurn));
    log.replaceChildren(...children);
    log.scrollTop = log.scrollHeight;
    notice.hidden = !state.notice;
    notice.textContent = state.notice ? text.errors[state.notice] : '';
    signInForm.hidden = state.signIn !== 'form';
    signInLink.hidden = state.signIn !== 'link';
    signInError.hidden = !state.signInError;
    signInError.textContent = state.signInError ? text.errors[state.signInError] : '';
    signInButton.disabled = state.signingIn;
    const blocked = state.phase !== 'ready' || state.notice !== null || state.signIn !== 'none';
    input.disabled = blocked;
    send.disabled = blocked || session.busy;
    restart.hidden = state.turns.length === 0;
  };

  return { root, render, open, close };
}
