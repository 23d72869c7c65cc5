import { useCallback } from 'react';
import type { Language } from '../settings';
import { useAppStore } from '../stores/app';
import { en } from './en';
import { type Messages, zh } from './zh';

/**
 * The console's translator: route titles and frame labels in zh and en. A few lines instead of a
 * library, because the login page's budget counts every kilobyte and nothing here needs plurals or formats.
 */
const resources: Record<Language, Messages> = { zh, en };

type Options = { defaultValue?: string };

function lookup(language: Language, key: string): string | undefined {
  let node: unknown = resources[language];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function translateIn(language: Language, key: string, options?: Options): string {
  return lookup(language, key) ?? lookup('en', key) ?? options?.defaultValue ?? key;
}

/** Translates with the current language, outside React. */
export const translate = (key: string, options?: Options): string => translateIn(useAppStore.getState().language, key, options);

/** A route title in the current language (falls back to the key). */
export const routeTitle = (key: string | undefined): string => (key ? translate(`route.${key}`, { defaultValue: key }) : '');

const i18n = {
  get language(): Language {
    return useAppStore.getState().language;
  },
  changeLanguage: async (language: Language): Promise<void> => useAppStore.getState().setLanguage(language),
  t: translate,
};

/** `const { t } = useTranslation()`: re-renders when the language changes. */
export function useTranslation() {
  const language = useAppStore((s) => s.language);
  const t = useCallback((key: string, options?: Options) => translateIn(language, key, options), [language]);
  return { t, i18n: { ...i18n, language } };
}

export default i18n;
