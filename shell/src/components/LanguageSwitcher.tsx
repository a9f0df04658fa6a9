import { LANGUAGE_NAMES, isSupportedLanguage, useI18n } from '@agentflow/shared';

export function LanguageSwitcher() {
  const { language, setLanguage, supportedLanguages, t } = useI18n();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('common.language')}</span>
      <select
        aria-label={t('common.language')}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isSupportedLanguage(next)) void setLanguage(next);
        }}
      >
        {supportedLanguages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
