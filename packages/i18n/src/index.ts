// @beurs/i18n: the six locales shared by the mobile app and the back-office, and the formats of
// spec section 3. Locale files are loaded on demand so an app ships only the language in use.
import type en from './locales/en';
import type { Language } from './languages';
import { withTypography } from './typography';

export * from './languages';
export * from './format';
export * from './typography';
export { loadAdminMessages, type AdminMessages } from './admin';

/** The shape of the English messages; other locales carry the same keys (locales.test.ts). */
export type Messages = typeof en;

const loaders: Record<Language, () => Promise<{ default: unknown }>> = {
  de: () => import('./locales/de'),
  en: () => import('./locales/en'),
  zh: () => import('./locales/zh'),
  nl: () => import('./locales/nl'),
  fr: () => import('./locales/fr'),
  ko: () => import('./locales/ko'),
};

const errorLoaders: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  de: () => import('./errors/de'),
  en: () => import('./errors/en'),
  zh: () => import('./errors/zh'),
  nl: () => import('./errors/nl'),
  fr: () => import('./errors/fr'),
  ko: () => import('./errors/ko'),
};

/**
 * Loads one language's error catalogue texts alone (the back-office needs only these of the app's
 * texts); the same texts as `loadMessages(language).errors`.
 */
export async function loadErrorMessages(language: Language): Promise<Record<string, string>> {
  const module = await errorLoaders[language]();
  return withTypography(module.default, language);
}

/** Loads one language's messages (a separate chunk in the app build). */
export async function loadMessages(language: Language): Promise<Messages> {
  const module = await loaders[language]();
  return withTypography(module.default as Messages, language);
}
