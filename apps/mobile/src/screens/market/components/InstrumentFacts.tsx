import { formatDateTime, formatMoney, formatTimeZone } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import type { Instrument } from '../../../features/market/market-types';
import styles from '../market.module.css';
import { classNames } from '../../../shell/common';

/** Sector, lot and tick size, trading hours' next change, dividends and splits. */
export function InstrumentFacts({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const decimalsOf = (text: string) => Math.max(2, (text.split('.')[1] ?? '').replace(/0+$/, '').length);
  const actions = [...instrument.corporateActions].reverse().slice(0, 6);
  return (
    <section className={classNames('card', styles.facts)} data-testid="instrument-facts">
      <h2>{t('market.facts.title')}</h2>
      <dl className={styles.quoteFields}>
        <div>
          <dt>{t('market.facts.sector')}</dt>
          <dd>
            {/* A vendor may name a sector we do not know yet: then its own name is shown. */}
            {t(`market.sectors.${instrument.sector}`, { defaultValue: instrument.sector })}
          </dd>
        </div>
        <div>
          <dt>{t('market.facts.lotSize')}</dt>
          <dd className="numeric">{instrument.lotSize}</dd>
        </div>
        <div>
          <dt>{t('market.facts.tickSize')}</dt>
          <dd className="numeric">
            {formatMoney(instrument.tickSize, language, decimalsOf(instrument.tickSize))}
          </dd>
        </div>
        {/* A zone's name is words ("Mitteleuropäische Zeit"): a row of its own, never cut mid-word. */}
        <div className={styles.factWide} data-testid="fact-time-zone">
          <dt>{t('market.facts.timeZone')}</dt>
          <dd>{formatTimeZone(instrument.timeZone, language)}</dd>
        </div>
      </dl>
      {instrument.nextSessionChangeAt && (
        <p className={styles.factsNote}>
          {t('market.facts.nextChange', { time: formatDateTime(instrument.nextSessionChangeAt, language) })}
        </p>
      )}
      {actions.length > 0 && (
        <>
          <h3>{t('market.facts.corporateActions')}</h3>
          <ul className={styles.factsList}>
            {actions.map((action) => (
              <li key={`${action.kind}-${action.exDate}`}>
                <span>{action.exDate.replaceAll('-', '.')}</span>
                <span>
                  {action.kind === 'dividend' && action.amount !== null
                    ? t('market.facts.dividend', {
                        amount: formatMoney(action.amount, language, decimalsOf(action.amount)),
                        currency: instrument.currency,
                      })
                    : t('market.facts.split', { from: action.ratioFrom ?? 1, to: action.ratioTo ?? 1 })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
