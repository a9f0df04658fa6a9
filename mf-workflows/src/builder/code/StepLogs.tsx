// The console lines a code step printed, in a run's step (RunView): folded
// like the step's input and output, the lines as the sandbox kept them.
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { CODE_CATALOGS } from './i18n';

export function StepLogs({ logs }: { logs: readonly string[] | undefined }) {
  useRemoteCatalogs(CODE_CATALOGS);
  const { t } = useI18n();
  if (!logs || logs.length === 0) return null;
  return (
    <details className="run-step-details" data-testid="step-logs">
      <summary>{t('workflows.code.logs', { count: logs.length })}</summary>
      <pre className="run-json">{logs.join('\n')}</pre>
    </details>
  );
}
