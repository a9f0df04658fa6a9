import { useEffect } from 'react';
import { useI18n } from '@agentflow/shared';

/** Sets document.title to 'Agentflow · <title>' like every page does. */
export function useDocumentTitle(title: string): void {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${title}`;
  }, [t, title]);
}
