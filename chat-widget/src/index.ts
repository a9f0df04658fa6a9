// widget.js: `<script src="https://api…/widget.js" data-app="APP_ID" async></script>`
// adds the app's chat to any page (a floating button). The hosted page
// (/chat/:appId) loads the same script with data-mode="page".
// Optional: data-api (platform-api's base URL; default: where the script came
// from), data-lang (en, es, fr, de, it; default: the browser's language).
// The hosted page adds data-auth-url and data-auth-key: where a visitor signs
// in when the app requires it (visitorSignIn.ts).
import { mountChat } from './mount.js';

function currentScript(): HTMLScriptElement | null {
  if (document.currentScript instanceof HTMLScriptElement) return document.currentScript;
  // Loaded async or by a tag manager: the last script naming an app.
  const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-app][src*="widget.js"]');
  return scripts[scripts.length - 1] ?? null;
}

function start(script: HTMLScriptElement): void {
  const appId = script.dataset.app;
  if (!appId) {
    console.error('Agentflow chat: the script tag needs data-app="<app id>"');
    return;
  }
  if (document.querySelector(`[data-agentflow-chat="${CSS.escape(appId)}"]`)) return;
  mountChat({
    appId,
    apiBase: script.dataset.api ?? new URL(script.src, location.href).origin,
    mode: script.dataset.mode === 'page' ? 'page' : 'widget',
    language: script.dataset.lang ?? null,
    signIn: script.dataset.authUrl && script.dataset.authKey ? { authUrl: script.dataset.authUrl, apiKey: script.dataset.authKey } : null,
    container: document.body,
  });
}

const script = currentScript();
if (script) {
  if (document.body) start(script);
  else document.addEventListener('DOMContentLoaded', () => start(script), { once: true });
}
