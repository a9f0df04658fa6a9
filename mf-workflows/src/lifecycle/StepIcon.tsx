// A node type's icon (the builder's own glyphs) beside its written name: decorative, the name is always there.
import type { NodeType } from '@agentflow/shared/workflow';
import { NodeIcon } from '../builder/canvas/NodeIcon';

export function StepIcon({ type }: { type: NodeType }) {
  return (
    <span className={`step-icon step-icon--${type.replace('.', '-')}`} aria-hidden="true">
      <NodeIcon type={type} size={16} />
    </span>
  );
}
