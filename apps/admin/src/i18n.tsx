import {
  formatErrorParams,
  genericErrorWord,
  isLanguage,
  languageTags,
  loadAdminMessages,
  loadErrorMessages,
  pickLanguage,
  type AdminMessages,
  type Language,
} from '@beurs/i18n';
import type { Locale } from 'antd/es/locale';
import { createContext, useContext, type ReactNode } from 'react';

// The back-office's texts: its own messages (packages/i18n/src/admin) and the shared error
// catalogue texts (packages/i18n/src/errors, without the rest of the app's locale), one language
// loaded at a time; the choice lives under
// `beurs-admin-language` in local storage.

const STORAGE_KEY = 'beurs-admin-language';

export type Texts = {
  language: Language;
  admin: AdminMessages;
  errors: Record<string, string>;
  /** Ant Design's own texts (pagination, empty tables, dialogs). */
  antLocale: Locale;
};

const antLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_GB'),
  nl: () => import('antd/es/locale/nl_BE'),
  fr: () => import('antd/es/locale/fr_BE'),
  de: () => import('antd/es/locale/de_DE'),
  zh: () => import('antd/es/locale/zh_TW'),
  ko: () => import('antd/es/locale/ko_KR'),
};

export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  return pickLanguage(navigator.languages ?? [navigator.language]);
}

export async function loadTexts(language: Language): Promise<Texts> {
  const [admin, errors, ant] = await Promise.all([
    loadAdminMessages(language),
    loadErrorMessages(language),
    antLocales[language](),
  ]);
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = languageTags[language];
  return { language, admin, errors, antLocale: ant.default };
}

type Params = Record<string, string | number>;

/** A message by its dotted path, with {{name}} filled in; the path itself when there is none. */
export function translate(texts: Texts, path: string, params: Params = {}): string {
  const found = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts.admin);
  if (typeof found !== 'string') return path;
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The translated message of a refusal (its catalogue code and parameters). */
export function describeError(texts: Texts, error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const params = ((error as { params?: unknown })?.params ?? {}) as Record<string, unknown>;
  if (code === 'NETWORK') return translate(texts, 'common.networkError');
  if (code === 'TIMEOUT') return translate(texts, 'common.timeout');
  const message = typeof code === 'string' ? texts.errors[code] : undefined;
  if (!message) return genericErrorWord[texts.language];
  const filled = formatErrorParams(params, texts.language);
  return message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(filled[name] ?? ''));
}

type I18n = {
  texts: Texts;
  t: (path: string, params?: Params) => string;
  errorText: (error: unknown) => string;
  setLanguage: (language: Language) => void;
};

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider(props: {
  texts: Texts;
  setLanguage: (language: Language) => void;
  children: ReactNode;
}) {
  const { texts, setLanguage } = props;
  const value: I18n = {
    texts,
    t: (path, params) => translate(texts, path, params),
    errorText: (error) => describeError(texts, error),
    setLanguage,
  };
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
