// Test code only: lets a screenshot script (e2e/screenshots/*.mjs) find the
// controls by their text in the page's language: window.harnessText(key,
// options) is the page's own translation of a catalog key.
import { useEffect } from 'react';
import { useI18n } from '@agentflow/shared';

declare global {
  interface Window {
    harnessText?: (key: string, options?: Record<string, unknown>) => string;
  }
}

export function HarnessText() {
  const { i18n, language } = useI18n();
  useEffect(() => {
    // Read live: a remote's catalogs arrive after the first render.
    window.harnessText = (key, options) => i18n.getFixedT(language)(key, options);
  }, [i18n, language]);
  return null;
}
