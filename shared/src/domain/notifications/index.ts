export * from './model.js';
export * from './preferences.js';
// The approval inbox and its one-click links (shapes the bell, the inbox and platform-api share).
export * from '../approvals/index.js';
// A notification's reason is a run refusal code: its reader checks it without loading the workflow entry.
export { RUN_REFUSAL_CODES, isRunRefusalCode, type RunRefusalCode } from '../workflow/runs.js';
// The shell's bell announces changes on window; the approval inbox listens (no Firestore listener of its own).
export { NOTIFICATIONS_CHANGED_EVENT } from './liveEvent.js';
