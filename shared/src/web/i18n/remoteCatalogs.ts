import { useState } from 'react';
import type { i18n as I18nInstance } from 'i18next';
import { useI18n } from '../federation/contexts.js';
import type { SupportedLanguage } from '../../domain/i18n/languages.js';

type NestedTexts = { [key: string]: string | NestedTexts };

const registered = new WeakMap<I18nInstance, WeakSet<object>>();

/**
 * Merges a remote's own texts (every language) into the shared i18n instance,
 * deep and without overwriting: a remote ships and deploys its strings with
 * itself instead of growing the shell's first view. Idempotent per instance.
 */
export function addRemoteCatalogs(instance: I18nInstance, catalogs: Record<SupportedLanguage, NestedTexts>): void {
  let done = registered.get(instance);
  if (!done) {
    done = new WeakSet();
    registered.set(instance, done);
  }
  if (done.has(catalogs)) return;
  for (const [language, texts] of Object.entries(catalogs)) instance.addResourceBundle(language, 'translation', texts, true, false);
  done.add(catalogs);
}

/** addRemoteCatalogs before the first render of the calling component. */
export function useRemoteCatalogs(catalogs: Record<SupportedLanguage, NestedTexts>): void {
  const { i18n } = useI18n();
  useState(() => addRemoteCatalogs(i18n, catalogs));
}
