import type { Language } from '../languages';
import type en from './en';

// The back-office's texts, one chunk per language, apart from the app's locales so the mobile
// app never loads them.

export type AdminMessages = typeof en;

const loaders: Record<Language, () => Promise<{ default: AdminMessages }>> = {
  de: () => import('./de'),
  en: () => import('./en'),
  zh: () => import('./zh'),
  nl: () => import('./nl'),
  fr: () => import('./fr'),
  ko: () => import('./ko'),
};

export async function loadAdminMessages(language: Language): Promise<AdminMessages> {
  return (await loaders[language]()).default;
}
