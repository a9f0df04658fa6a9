// What each recognised voice command does in the shell, as data: the button
// performs it, and tests check the mapping without a microphone.
import type { SupportedLanguage } from '@agentflow/shared';
import type { VoiceCommand, VoiceDestination, VoiceRunState } from '@agentflow/shared/voice';

export const DESTINATION_PATHS: Record<VoiceDestination, string> = {
  home: '/',
  workflows: '/workflows',
  billing: '/billing',
  access: '/admin/access',
};

export type VoiceEffect =
  | { kind: 'navigate'; to: string; announce?: { key: 'voice.runWorkflow'; name: string }; state?: VoiceRunState }
  | { kind: 'openHelp' }
  | { kind: 'setLanguage'; language: SupportedLanguage }
  | { kind: 'signOut' };

export function effectOf(command: VoiceCommand): VoiceEffect {
  switch (command.type) {
    case 'navigate':
      return { kind: 'navigate', to: DESTINATION_PATHS[command.destination] };
    case 'searchWorkflows':
      return { kind: 'navigate', to: `/workflows?search=${encodeURIComponent(command.query)}` };
    case 'runWorkflow':
      // The workflows page finds the workflow by name and starts it, or opens its run form when it asks for
      // required inputs; the router state (which a link cannot carry) says the person asked just now.
      return { kind: 'navigate', to: `/workflows?run=${encodeURIComponent(command.name)}`, announce: { key: 'voice.runWorkflow', name: command.name }, state: { voiceRun: true } };
    case 'openHelp':
      return { kind: 'openHelp' };
    case 'changeLanguage':
      return { kind: 'setLanguage', language: command.language };
    case 'signOut':
      return { kind: 'signOut' };
  }
}

/** Recognition engines offer alternatives, best first: the first one that is a command wins. */
export function firstCommand(transcripts: readonly string[], parse: (transcript: string) => VoiceCommand | null): { command: VoiceCommand; transcript: string } | null {
  for (const transcript of transcripts) {
    const command = parse(transcript);
    if (command) return { command, transcript };
  }
  return null;
}
