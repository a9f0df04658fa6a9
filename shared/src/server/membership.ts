// The membership contract (browser-safe, pure) re-exported on the server
// entry, so services get it without importing '@agentflow/shared', whose
// browser entry pulls in React.
export * from '../membership/index.js';
export * from '../billing/index.js';
// The language helpers the history endpoint needs (pure).
export { isSupportedLanguage, pickInitialLanguage, SUPPORTED_LANGUAGES, type SupportedLanguage } from '../i18n/languages.js';
