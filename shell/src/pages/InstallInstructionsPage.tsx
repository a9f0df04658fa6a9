import { useI18n, useSearchParams } from '@agentflow/shared';

export type InstallPlatform = 'ios' | 'other';

/** `?platform=ios` means iOS (Safari's Add to Home Screen); anything else gets the install-prompt steps. */
export function platformFromQuery(value: string | null): InstallPlatform {
  return value?.toLowerCase() === 'ios' ? 'ios' : 'other';
}

export function InstallInstructionsPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const platform = platformFromQuery(params.get('platform'));
  const prefix = platform === 'ios' ? 'ios' : 'android';
  return (
    <section className="centered-page install-page" data-platform={platform}>
      <h1>{t('pwa.title')}</h1>
      <p>{t('pwa.intro')}</p>
      <h2>{t(`pwa.${prefix}Title`)}</h2>
      <ol>
        <li>{t(`pwa.${prefix}Step1`)}</li>
        <li>{t(`pwa.${prefix}Step2`)}</li>
        <li>{t(`pwa.${prefix}Step3`)}</li>
      </ol>
    </section>
  );
}
