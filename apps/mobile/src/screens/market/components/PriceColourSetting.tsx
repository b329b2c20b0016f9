import { useTranslation } from 'react-i18next';
import {
  colourOf,
  colourSchemes,
  saveColourScheme,
  useColourScheme,
} from '../../../features/market/price-colours';
import styles from '../market.module.css';
import { classNames } from '../../../shell/common';

/** The up/down colour choice on the settings screen: green for up, or red for up. */
export function PriceColourSetting() {
  const { t } = useTranslation();
  const scheme = useColourScheme();
  return (
    <section
      className={classNames('card', styles.colourSetting)}
      aria-labelledby="price-colours-title"
      data-testid="price-colours"
    >
      <h2 id="price-colours-title">{t('market.colours.title')}</h2>
      <div className={styles.segmented} role="radiogroup" aria-labelledby="price-colours-title">
        {colourSchemes.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === scheme}
            data-testid={`colours-${option}`}
            onClick={() => saveColourScheme(option)}
          >
            <span
              className={styles.swatch}
              style={{ background: colourOf('up', option) }}
              aria-hidden="true"
            />
            {t(`market.colours.${option}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
