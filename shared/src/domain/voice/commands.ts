import type { SupportedLanguage } from '../i18n/languages.js';

/** The pages a voice command can open. */
export type VoiceDestination = 'home' | 'workflows' | 'billing' | 'access';

/** What a recognised utterance asks the app to do. */
export type VoiceCommand =
  | { type: 'navigate'; destination: VoiceDestination }
  | { type: 'searchWorkflows'; query: string }
  | { type: 'runWorkflow'; name: string }
  | { type: 'openHelp' }
  | { type: 'changeLanguage'; language: SupportedLanguage }
  | { type: 'signOut' };

export type VoiceCommandType = VoiceCommand['type'];

/**
 * Router state the shell sets when "run workflow X" navigates to the
 * catalogue: only then may the catalogue start the run itself (a link to the
 * same address, which anyone can send, only shows the notice).
 */
export interface VoiceRunState {
  voiceRun: true;
}
export const isVoiceRunState = (state: unknown): state is VoiceRunState => typeof state === 'object' && state !== null && (state as { voiceRun?: unknown }).voiceRun === true;

/** Every destination, in a stable order. */
export const VOICE_DESTINATIONS = ['home', 'workflows', 'billing', 'access'] as const satisfies readonly VoiceDestination[];

/** Every command type, in a stable order (the order of the help sidebar). */
export const VOICE_COMMAND_TYPES = [
  'navigate',
  'searchWorkflows',
  'runWorkflow',
  'openHelp',
  'changeLanguage',
  'signOut',
] as const satisfies readonly VoiceCommandType[];
