// An operation's curl call with a Copy button. The key is never on the page:
// the call reads it from $AGENTFLOW_API_KEY in the reader's shell.
import { useEffect, useState } from 'react';
import { useI18n } from '@agentflow/shared';
import { AR } from './referenceTexts';

export function CurlExample({ command, operation }: { command: string; operation: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    await navigator.clipboard?.writeText(command).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="api-curl">
      <div className="api-curl-head">
        <span>{t(`${AR}example`)}</span>
        <button type="button" className="api-curl-copy" onClick={() => void copy()} aria-label={t(`${AR}copyLabel`, { operation })} data-testid="api-curl-copy">
          {copied ? t(`${AR}copied`) : t(`${AR}copy`)}
        </button>
      </div>
      <pre>
        <code data-testid="api-curl">{command}</code>
      </pre>
    </div>
  );
}
