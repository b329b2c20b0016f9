import { useTranslation } from 'react-i18next';
import {
  colourOf,
  colourSchemes,
  saveColourScheme,
  useColourScheme,
} from '../../../features/market/price-colours';

/** The up/down colour choice on the settings screen: green for up, or red for up. */
export function PriceColourSetting() {
  const { t } = useTranslation();
  const scheme = useColourScheme();
  return (
    <section
      className="card colour-setting"
      aria-labelledby="price-colours-title"
      data-testid="price-colours"
    >
      <h2 id="price-colours-title">{t('market.colours.title')}</h2>
      <div className="segmented" role="radiogroup" aria-labelledby="price-colours-title">
        {colourSchemes.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === scheme}
            data-testid={`colours-${option}`}
            onClick={() => saveColourScheme(option)}
          >
            <span className="swatch" style={{ background: colourOf('up', option) }} aria-hidden="true" />
            {t(`market.colours.${option}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
