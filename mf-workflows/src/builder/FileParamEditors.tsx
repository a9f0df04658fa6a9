// Editors and messages of the file params (an HTTP step's file body and
// kept answer, an agent's attached files), used by ConfigPanel's fields.
import { useState } from 'react';
import type { WorkflowProblem } from '@agentflow/shared/workflow';

const P = 'workflows.builder.';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A list edited one entry per line: file expressions may hold commas
 * (`[input.a, input.b]`), so the comma list does not fit. The text is kept
 * while typing (an empty line being started stays); the list stored drops
 * blank lines, and an empty list removes the param.
 */
export function LinesEditor({ common, value, onChange }: { common: object; value: unknown; onChange: (value: unknown) => void }) {
  const lines = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const [text, setText] = useState(() => lines.join('\n'));
  // Follow outside changes (undo, import): adopt the value when it is not what the text already says.
  const serialized = JSON.stringify(lines);
  const [followed, setFollowed] = useState(serialized);
  if (followed !== serialized) {
    setFollowed(serialized);
    if (JSON.stringify(parseLines(text)) !== serialized) setText(lines.join('\n'));
  }
  return (
    <textarea
      {...common}
      rows={3}
      spellCheck={false}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const parsed = parseLines(e.target.value);
        onChange(parsed.length > 0 ? parsed : undefined);
      }}
    />
  );
}

function parseLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A checkbox standing for one value of a param (absent when unchecked). */
export function CheckboxEditor({ common, value, checkedValue, onChange }: { common: object; value: unknown; checkedValue: string; onChange: (value: unknown) => void }) {
  return <input {...common} type="checkbox" checked={value === checkedValue} onChange={(e) => onChange(e.target.checked ? checkedValue : undefined)} />;
}

/**
 * The user's words for a problem of a file param (the domain's messages are
 * English); null for any other problem, which is shown as it comes.
 */
export function fileProblemText(problem: WorkflowProblem, t: Translate): string | null {
  const { path, message } = problem;
  if (path === undefined) return null;
  const line = /^files\.(\d+)$/.exec(path);
  const fileParam = path === 'file' || line !== null;
  if (fileParam && message === 'is required') return line ? t(`${P}fileProblems.emptyLine`, { line: Number(line[1]) + 1 }) : t(`${P}fileProblems.fileRequired`);
  if (fileParam && message.startsWith('is not a valid expression: ')) {
    const detail = message.slice('is not a valid expression: '.length);
    return line ? t(`${P}fileProblems.badLine`, { line: Number(line[1]) + 1, detail }) : t(`${P}fileProblems.badExpression`, { detail });
  }
  if (path === 'files' && message.startsWith('must have at most')) return t(`${P}fileProblems.tooMany`, { max: /\d+/.exec(message)?.[0] ?? '' });
  if (path === 'bodyKind' && message.startsWith('a GET request cannot send a file')) return t(`${P}fileProblems.getWithFile`);
  if (path === 'fileField' && message.startsWith('must contain only')) return t(`${P}fileProblems.fileField`);
  return null;
}
