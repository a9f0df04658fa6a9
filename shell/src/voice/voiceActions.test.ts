import type { VoiceCommand } from '@agentflow/shared/voice';
import { effectOf, firstCommand } from './voiceActions';

test.each<[VoiceCommand, ReturnType<typeof effectOf>]>([
  [{ type: 'navigate', destination: 'home' }, { kind: 'navigate', to: '/' }],
  [{ type: 'navigate', destination: 'workflows' }, { kind: 'navigate', to: '/workflows' }],
  [{ type: 'navigate', destination: 'billing' }, { kind: 'navigate', to: '/billing' }],
  [{ type: 'navigate', destination: 'access' }, { kind: 'navigate', to: '/admin/access' }],
  [{ type: 'searchWorkflows', query: 'facturación & co' }, { kind: 'navigate', to: '/workflows?search=facturaci%C3%B3n%20%26%20co' }],
  [{ type: 'runWorkflow', name: 'lead scoring' }, { kind: 'navigate', to: '/workflows?run=lead%20scoring', announce: { key: 'voice.runWorkflow', name: 'lead scoring' }, state: { voiceRun: true } }],
  [{ type: 'openHelp' }, { kind: 'openHelp' }],
  [{ type: 'changeLanguage', language: 'it' }, { kind: 'setLanguage', language: 'it' }],
  [{ type: 'signOut' }, { kind: 'signOut' }],
])('%j -> %j', (command, effect) => {
  expect(effectOf(command)).toEqual(effect);
});

test('the first alternative that parses wins; none parsing gives null', () => {
  const parse = (text: string): VoiceCommand | null => (text === 'open billing' ? { type: 'navigate', destination: 'billing' } : null);
  expect(firstCommand(['open bill ink', 'open billing', 'oven billing'], parse)).toEqual({ command: { type: 'navigate', destination: 'billing' }, transcript: 'open billing' });
  expect(firstCommand(['hello there'], parse)).toBeNull();
  expect(firstCommand([], parse)).toBeNull();
});
