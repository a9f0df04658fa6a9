// The live preview under an expression or template field: its value on the
// sample data (pinned outputs, else the latest run), evaluated in the browser
// ~200 ms after the last keystroke. Loaded with the first field that shows it.
import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import type { MappingScope } from './context';
import { previewOf, type PreviewResult } from './evaluate';
import type { MappingMode } from './insert';
import { sampleInputFor } from './sources';
import { useSamples } from './useSamples';

export const PREVIEW_DEBOUNCE_MS = 200;
const MAX_SHOWN = 400;
const M = 'workflows.mapping.preview.';

/** A template's text as it is; an expression's value as JSON (a string in quotes: its type shows). */
const shown = (value: unknown, mode: MappingMode): string => {
  const text = value === undefined ? '' : typeof value === 'string' && mode === 'template' ? value : JSON.stringify(value, null, 1);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
};

export default function Preview({ scope, mode, source }: { scope: MappingScope; mode: MappingMode; source: string }) {
  const { t } = useI18n();
  const samples = useSamples(scope.workflow);
  const data = useMemo(() => sampleInputFor(scope.workflow, scope.nodeId, samples), [scope.workflow, scope.nodeId, samples]);
  const [result, setResult] = useState<{ for: string; data: unknown; value: PreviewResult } | null>(null);
  const wanted = source.trim() !== '' && (mode === 'expression' || source.includes('{{'));

  useEffect(() => {
    if (!wanted || !data) return;
    let live = true;
    const timer = setTimeout(() => {
      void previewOf(source, mode, data).then((value) => live && setResult({ for: source, data, value }));
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted, source, mode, data]);

  if (!wanted) return null;
  if (!data) return <p className="mapped-preview mapped-preview--empty">{t(`${M}noSamples`)}</p>;
  // Until the first result: nothing (the previous text would be stale, a spinner would flicker).
  if (!result) return null;
  const { value } = result;
  return (
    <div className={`mapped-preview${value.ok ? '' : ' mapped-preview--error'}`} data-testid="mapped-preview" aria-live="polite">
      <span className="mapped-preview-label">{t(`${M}label`)}</span>{' '}
      {value.ok ? (
        value.value === undefined || value.value === '' ? (
          <em>{t(`${M}nothing`)}</em>
        ) : (
          <code>{shown(value.value, mode)}</code>
        )
      ) : (
        <span>{t(value.kind === 'parse' ? `${M}parseError` : `${M}evaluateError`, { detail: value.detail })}</span>
      )}
    </div>
  );
}
