// The new key's secret, shown once: the key with a Copy button, the warning
// that it will not be shown again and a curl call that tries it. The secret
// lives only in the page's state while this panel is open (never in storage,
// the URL or the query cache); closing the panel forgets it.
import { useEffect, useRef, useState } from 'react';
import { useI18n, usePlatform } from '@agentflow/shared';
import { curlExample, type CreatedApiKey } from './apiKeysClient';
import { AK } from './apiKeysTexts';

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  return (
    <button type="button" className="button" onClick={() => void copy()} aria-label={label}>
      {copied ? t(`${AK}secret.copied`) : t(`${AK}secret.copy`)}
    </button>
  );
}

export function ApiKeySecretPanel({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useI18n();
  const { config } = usePlatform();
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel replaces the dialog that created the key: the reader lands on it.
  useEffect(() => heading.current?.focus(), []);
  const curl = curlExample(config.apis.platform, created.secret);
  return (
    <section className="api-key-secret-panel card" aria-labelledby="api-key-secret-title" data-testid="api-key-secret-panel">
      <h2 id="api-key-secret-title" ref={heading} tabIndex={-1}>
        {t(`${AK}secret.title`)}: {created.key.name}
      </h2>
      <p className="api-key-warning" role="note">
        {t(`${AK}secret.warning`)}
      </p>
      <div className="api-key-snippet">
        <code data-testid="api-key-secret">{created.secret}</code>
        <CopyButton text={created.secret} label={t(`${AK}secret.copyKey`)} />
      </div>
      <h3>{t(`${AK}secret.tryIt`)}</h3>
      <div className="api-key-snippet">
        <code data-testid="api-key-curl">{curl}</code>
        <CopyButton text={curl} label={t(`${AK}secret.copyCurl`)} />
      </div>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t(`${AK}secret.done`)}
        </button>
      </div>
    </section>
  );
}
