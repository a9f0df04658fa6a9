import { useEffect } from 'react';
import { PageHeader, useI18n } from '@agentflow/shared';

export function AccessPage() {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('rbac.title')}`;
  }, [t]);
  return <PageHeader title={t('rbac.title')} subtitle={t('rbac.subtitle')} helpTopic="access" />;
}
