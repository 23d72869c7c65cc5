/** The editor's languages (en, zh_CN, es, ja) and the TinyMCE code each community pack registers. */
export const EDITOR_LANGUAGES = { zh_CN: 'zh-CN', en: 'en', es: 'es', ja: 'ja' } as const;
export type EditorLanguage = keyof typeof EDITOR_LANGUAGES;

/** Language packs are split into their own chunks and fetched only when that language is used. */
const PACKS: Partial<Record<EditorLanguage, () => Promise<unknown>>> = {
  zh_CN: () => import('tinymce-i18n/langs8/zh-CN.js'),
  es: () => import('tinymce-i18n/langs8/es.js'),
  ja: () => import('tinymce-i18n/langs8/ja.js'),
};

/** Registers the pack for `language` (English is built in) and answers the code to give TinyMCE. */
export async function loadLanguage(language: EditorLanguage): Promise<string> {
  await PACKS[language]?.();
  return EDITOR_LANGUAGES[language];
}
