// The text of a chat run's answer: what the workflow's output node gives
// (a string, or an object's `answer`/`text`), else the last answer an agent
// of the run wrote (the usual trigger → agent workflow has no output node).
import type { WorkflowRun } from '@agentflow/shared/workflow';

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const { answer, text } = value as { answer?: unknown; text?: unknown };
    if (typeof answer === 'string') return answer;
    if (typeof text === 'string') return text;
  }
  return null;
}

export function answerTextOf(run: Pick<WorkflowRun, 'output' | 'steps'>): string {
  for (const value of Object.values(run.output ?? {})) {
    const text = textOf(value);
    if (text !== null) return text;
  }
  const agents = run.steps.filter((step) => step.type === 'agent' && !step.parentStepId && step.status === 'succeeded' && typeof step.output === 'string');
  agents.sort((a, b) => (a.endedAt ?? '').localeCompare(b.endedAt ?? ''));
  return (agents.at(-1)?.output as string | undefined) ?? '';
}
