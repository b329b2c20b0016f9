// The six interface languages (DESIGN.md §2 "App"). The app stores the short code under the
// `language` key of local storage; `tag` is the BCP 47 tag for <html lang> and Intl.

import { languages, type Language } from '@beurs/contract/enums';

// The contract's list, from its zod-free entry point.
export { languages, type Language };

export const defaultLanguage: Language = 'en';

export const languageTags: Record<Language, string> = {
  de: 'de',
  en: 'en',
  zh: 'zh-Hant',
  nl: 'nl',
  fr: 'fr',
  ko: 'ko',
};

/** Each language named in itself, for the language switch. */
export const languageNames: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  zh: '繁體中文',
  nl: 'Nederlands',
  fr: 'Français',
  ko: '한국어',
};

/** The generic word for an error, shown when a message has no translation (spec section 8). */
export const genericErrorWord: Record<Language, string> = {
  de: 'Fehler',
  en: 'Error',
  zh: '錯誤',
  nl: 'fout',
  fr: 'erreur',
  ko: '오류',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Picks a supported language from browser preferences such as `['nl-BE', 'en']`. */
export function pickLanguage(preferences: readonly string[]): Language {
  for (const preference of preferences) {
    const lower = preference.toLowerCase();
    const base = lower.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return defaultLanguage;
}
