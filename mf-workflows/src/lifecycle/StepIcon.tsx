// A node type's glyph beside its written name (decorative: the name is always there).
import type { NodeType } from '@agentflow/shared/workflow';

const GLYPHS: Record<NodeType, string> = {
  'trigger.manual': '▶',
  'trigger.webhook': '⚡',
  'trigger.schedule': '⏰',
  'trigger.poll': '↻',
  agent: '✦',
  condition: '⑂',
  transform: '{ }',
  http: '🌐',
  approval: '✔',
  output: '⚑',
  connector: '⧉',
};

export function StepIcon({ type }: { type: NodeType }) {
  return (
    <span className={`step-icon step-icon--${type.replace('.', '-')}`} aria-hidden="true">
      {GLYPHS[type]}
    </span>
  );
}
