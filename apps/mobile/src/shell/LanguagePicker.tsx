import { languageNames, languages, languageTags } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../app/i18n';

/** All six languages as buttons, each named in itself. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <div className="language-picker" role="group" aria-label={t('start.chooseLanguage')}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={languageTags[language]}
          aria-pressed={language === current}
          data-testid={`language-${language}`}
          onClick={() => void changeLanguage(language)}
        >
          {languageNames[language]}
        </button>
      ))}
    </div>
  );
}
