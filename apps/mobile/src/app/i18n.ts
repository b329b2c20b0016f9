import {
  formatErrorParams,
  genericErrorWord,
  isLanguage,
  languageTags,
  loadMessages,
  pickLanguage,
  type Language,
} from '@beurs/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ApiError } from '../api/client';
import { storageKeys } from '../session/storage';

// i18next with one language loaded at a time; the choice lives under `language` in local storage.

export const i18n = i18next.createInstance();

export function initialLanguage(): Language {
  const stored = localStorage.getItem(storageKeys.language);
  if (isLanguage(stored)) return stored;
  return pickLanguage(navigator.languages ?? [navigator.language]);
}

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  const messages = await loadMessages(language);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  applyDocumentLanguage(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadMessages(language));
  }
  await i18n.changeLanguage(language);
  localStorage.setItem(storageKeys.language, language);
  applyDocumentLanguage(language);
}

export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : 'en';
}

function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = languageTags[language];
}

/** Parameters that carry a code of the catalogue, shown by their name in the user's language. */
const codeParams: Readonly<Record<string, string>> = {
  documentType: 'authInfo.documentTypes',
  barReason: 'withdrawalBar.reasons',
};

/** A refusal's parameters as shown: numbers as money, times in local time, codes by their name. */
function shownParams(params: Record<string, unknown>, language: Language): Record<string, string> {
  const shown = formatErrorParams(params, language);
  for (const [name, prefix] of Object.entries(codeParams)) {
    const value = shown[name];
    if (value !== undefined && i18n.exists(`${prefix}.${value}`)) shown[name] = i18n.t(`${prefix}.${value}`);
  }
  return shown;
}

/** The translated message of a refusal; the generic error word when there is none. */
export function describeError(error: Pick<ApiError, 'code' | 'params'>): string {
  const language = currentLanguage();
  if (error.code === 'NETWORK') return i18n.t('common.networkError');
  if (error.code === 'TIMEOUT') return i18n.t('common.timeout');
  const key = `errors.${error.code}`;
  if (!i18n.exists(key)) return genericErrorWord[language];
  return i18n.t(key, shownParams(error.params, language));
}
