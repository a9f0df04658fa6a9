export * from './model.js';
// A notification's reason is a run refusal code: its reader checks it without loading the workflow entry.
export { RUN_REFUSAL_CODES, isRunRefusalCode, type RunRefusalCode } from '../workflow/runs.js';
