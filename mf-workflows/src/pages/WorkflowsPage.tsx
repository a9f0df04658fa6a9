import { useEffect } from 'react';
import { PageHeader, useI18n } from '@agentflow/shared';

export function WorkflowsPage() {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('workflows.title')}`;
  }, [t]);
  return <PageHeader title={t('workflows.title')} subtitle={t('workflows.subtitle')} helpTopic="workflows" />;
}
