export { VOICE_COMMAND_TYPES, VOICE_DESTINATIONS, isVoiceRunState } from './commands.js';
export type { VoiceCommand, VoiceCommandType, VoiceDestination, VoiceRunState } from './commands.js';
export { parseVoiceCommand } from './grammar.js';
export { normalizeVoiceText } from './normalize.js';
export { SPEECH_RECOGNITION_LOCALES, VOICE_COMMAND_EXAMPLES, VOICE_EXAMPLES } from './examples.js';
