import { languageNames, languages, languageTags } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../app/i18n';
import { Icon } from '../../../shell/icons';

/** All six languages; the choice is stored under `language`. */
export default function ChangeLangScreen() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <ul className="menu" data-testid="screen-changeLang">
      {languages.map((language) => (
        <li key={language}>
          <button
            type="button"
            lang={languageTags[language]}
            aria-pressed={language === current}
            data-testid={`language-${language}`}
            onClick={() => void changeLanguage(language)}
          >
            <span className="menu-label">{languageNames[language]}</span>
            {language === current && (
              <>
                <span className="visually-hidden">{t('changeLang.current')}</span>
                <Icon name="check" style={{ color: 'var(--beurs-primary)' }} />
              </>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
