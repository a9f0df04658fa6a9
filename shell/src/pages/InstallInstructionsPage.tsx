import { HelpButton, useI18n, useSearchParams } from '@agentflow/shared';
import { detectPlatform, type DevicePlatform } from '../install/platform';

const PLATFORMS: readonly DevicePlatform[] = ['ios', 'android', 'desktop'];
const STEPS = ['Step1', 'Step2', 'Step3'] as const;

/** `?platform=ios|android|desktop` picks the platform; anything else is read from the browser. */
export function platformFromQuery(value: string | null, detected: DevicePlatform): DevicePlatform {
  const wanted = value?.toLowerCase();
  return (PLATFORMS as readonly string[]).includes(wanted ?? '') ? (wanted as DevicePlatform) : detected;
}

function browserPlatform(): DevicePlatform {
  return typeof navigator === 'undefined' ? 'desktop' : detectPlatform(navigator.userAgent, navigator.maxTouchPoints);
}

/** Real install steps for iOS, Android and desktop browsers; the reader's own platform comes first. */
export function InstallInstructionsPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const platform = platformFromQuery(params.get('platform'), browserPlatform());
  const ordered = [platform, ...PLATFORMS.filter((other) => other !== platform)];
  return (
    <section className="centered-page install-page" data-platform={platform} aria-labelledby="install-title">
      <div className="page-header-top">
        <h1 id="install-title">{t('pwa.title')}</h1>
        <HelpButton topic="install" />
      </div>
      <p>{t('pwa.intro')}</p>
      {ordered.map((key) => (
        <section key={key} className={key === platform ? 'install-platform current' : 'install-platform'} data-testid={`install-steps-${key}`} aria-labelledby={`install-${key}`}>
          <h2 id={`install-${key}`}>
            {t(`pwa.${key}Title`)}
            {key === platform ? <span className="badge">{t('pwa.yourDevice')}</span> : null}
          </h2>
          <ol>
            {STEPS.map((step) => (
              <li key={step}>{t(`pwa.${key}${step}`)}</li>
            ))}
          </ol>
          {key === 'desktop' ? <p className="muted">{t('pwa.desktopOther')}</p> : null}
        </section>
      ))}
    </section>
  );
}
