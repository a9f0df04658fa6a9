// Small inline glyphs per node type (no icon package): 24×24 strokes in the
// text colour, decorative (the type's name is always written beside them).
import type { NodeType } from '@agentflow/shared/workflow';

const PATHS: Record<NodeType, string> = {
  // A speech bubble: a visitor writes.
  'trigger.chat': 'M4 5h16v11H9l-5 4z',
  // A play button: started by hand.
  'trigger.manual': 'M8 5.5v13l10-6.5z',
  // A lightning bolt: called from outside.
  'trigger.webhook': 'M13 3 5 14h6l-1 7 8-11h-6z',
  // A clock.
  'trigger.schedule': 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3.5 2',
  // Sparkles: AI.
  agent: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM18.5 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z',
  // A fork: two branches.
  condition: 'M6 3v18M6 9c0 4 4 6 9 6h3M15 12l3 3-3 3',
  // Curly braces: reshaping data.
  transform: 'M8 4c-2 0-2 1-2 3v2c0 1.5-1 3-2 3 1 0 2 1.5 2 3v2c0 2 0 3 2 3M16 4c2 0 2 1 2 3v2c0 1.5 1 3 2 3-1 0-2 1.5-2 3v2c0 2 0 3-2 3',
  // A globe: the web.
  http: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  // A person with a check mark.
  approval: 'M9 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6M15 12l2 2 4-4',
  // A flag: the result.
  output: 'M5 21V4M5 4h11l-2 4 2 4H5',
  // A plug: an app.
  connector: 'M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4',
  // Circling arrows: checks an app.
  'trigger.poll': 'M20 12a8 8 0 0 1-14.3 4.9M4 12A8 8 0 0 1 18.3 7.1M18.5 3v4.2h-4.2M5.5 21v-4.2h4.2',
  // Angle brackets and a slash: code.
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  // Two arrows going round: once per item.
  loop: 'M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3',
  // An hourglass: a pause.
  wait: 'M6 3h12M6 21h12M7 3c0 5 10 6 10 9s-10 4-10 9M17 3c0 5-10 6-10 9s10 4 10 9',
  // Two nested boxes: a workflow inside a workflow.
  subworkflow: 'M3 5h18v14H3zM8 9h8v6H8z',
  // A warning triangle: another workflow failed.
  'trigger.error': 'M12 3 2 20h20zM12 9v5M12 17v.5',
  // An open book: the workspace's documents.
  knowledge: 'M12 6c-2-1.5-5-2-8-1.5v14c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5v-14c-3-.5-6 0-8 1.5zM12 6v14',
};

const FILLED = new Set<NodeType>(['trigger.manual', 'trigger.webhook', 'agent']);

export function NodeIcon({ type, size = 18 }: { type: NodeType; size?: number }) {
  const filled = FILLED.has(type);
  return (
    <svg
      className="node-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 1 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
