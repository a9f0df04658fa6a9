// The new key's secret, shown once: the key with a Copy button, the warning
// that it will not be shown again and a curl call that tries it. The secret
// lives only in the page's state while this panel is open (never in storage,
// the URL or the query cache); closing the panel forgets it.
import { useEffect, useRef } from 'react';
import { useI18n, usePlatform } from '@agentflow/shared';
import { CopyField } from '@agentflow/shared/ui';
import { curlExample, type CreatedApiKey } from './apiKeysClient';
import { AK } from './apiKeysTexts';

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
      <CopyField value={created.secret} testId="api-key-secret" copyLabel={t(`${AK}secret.copy`)} copiedLabel={t(`${AK}secret.copied`)} buttonLabel={t(`${AK}secret.copyKey`)} />
      <h3>{t(`${AK}secret.tryIt`)}</h3>
      <CopyField value={curl} testId="api-key-curl" copyLabel={t(`${AK}secret.copy`)} copiedLabel={t(`${AK}secret.copied`)} buttonLabel={t(`${AK}secret.copyCurl`)} />
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t(`${AK}secret.done`)}
        </button>
      </div>
    </section>
  );
}
