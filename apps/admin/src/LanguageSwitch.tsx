import { isLanguage, languageNames, languages } from '@beurs/i18n';
import { useI18n } from './i18n';

/** The six languages, each named in itself (a plain select: it is on every screen, sign-in too). */
export function LanguageSwitch() {
  const { t, texts, setLanguage } = useI18n();
  return (
    <select
      aria-label={t('shell.language')}
      value={texts.language}
      onChange={(event) => isLanguage(event.target.value) && setLanguage(event.target.value)}
      style={{
        height: 32,
        borderRadius: 6,
        border: '1px solid #d9d9d9',
        padding: '0 8px',
        background: '#fff',
      }}
    >
      {languages.map((language) => (
        <option key={language} value={language}>
          {languageNames[language]}
        </option>
      ))}
    </select>
  );
}
