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
