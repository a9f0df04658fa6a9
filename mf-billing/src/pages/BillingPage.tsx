import { useEffect } from 'react';
import { PageHeader, useI18n } from '@agentflow/shared';

export function BillingPage() {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.title')}`;
  }, [t]);
  return <PageHeader title={t('billing.title')} subtitle={t('billing.subtitle')} helpTopic="billing" />;
}
