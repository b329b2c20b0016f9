import { formatCurrency } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n';
import { formatBasisPoints } from '../../features/trading/format';
import { useFees } from '../../features/trading/queries';
import { EmptyState, Loading } from '../../shell/common';
import { SummaryRows } from '../../shell/SummaryRows';
import styles from './trade.module.css';

/** Label above value: class names are long in every language, rates and caps stay on one line. */
function StackedRows({ rows }: { rows: { key: string; label: string; value: string }[] }) {
  return (
    <dl className={styles.tradeStacked}>
      {rows.map((row) => (
        <div key={row.key} className="summary-row">
          <dt>{row.label}</dt>
          <dd className="numeric">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Fees and taxes (/trade/fees): the published fee schedule, the Belgian tax on stock-exchange
 * transactions (TOB) per class with its cap, the currency-conversion spread, and each market's
 * settlement, sell lock and price collar — all read from /trade/fees, the configuration the
 * server charges by.
 */
export default function FeesScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fees = useFees();
  if (fees.isPending) return <Loading />;
  if (!fees.data) return <EmptyState />;
  const data = fees.data;
  const rate = (basisPoints: number) => formatBasisPoints(basisPoints, language);
  return (
    <div data-testid="screen-fees" className={styles.tradeScreen}>
      <section className="card" data-testid="fee-schedule">
        <h2 className={styles.tradeCardTitle}>{t('trade.fees.schedule')}</h2>
        <StackedRows
          rows={data.schedule.map((row) => ({
            key: row.assetClass,
            label: t(`trade.fees.assetClasses.${row.assetClass}`),
            value: t('trade.fees.rateWithMinimum', {
              rate: rate(row.basisPoints),
              minimum: row.minimum
                .map((minimum) => formatCurrency(minimum.amount, minimum.currency, language))
                .join(' / '),
            }),
          }))}
        />
      </section>
      <section className="card" data-testid="tob-rates">
        <h2 className={styles.tradeCardTitle}>{t('trade.fees.tob')}</h2>
        <p className={styles.tradeNote}>{t('trade.fees.tobIntro')}</p>
        <StackedRows
          rows={data.tob.map((row) => ({
            key: row.class,
            label: t(`trade.tobClasses.${row.class}`),
            value:
              row.class === 'none'
                ? t('trade.fees.noTob')
                : t('trade.fees.tobRate', {
                    rate: rate(row.rateBasisPoints),
                    cap: formatCurrency(row.capEur, 'EUR', language),
                  }),
          }))}
        />
      </section>
      <section className="card" data-testid="fees-other">
        <h2 className={styles.tradeCardTitle}>{t('trade.fees.other')}</h2>
        <SummaryRows
          rows={[
            { key: 'fx', label: t('trade.fees.fxSpread'), value: rate(data.fxSpreadBasisPoints) },
            {
              key: 'buffer',
              label: t('trade.fees.marketBuffer'),
              value: rate(data.marketBuyBufferBasisPoints),
            },
          ]}
        />
      </section>
      <section className="card" data-testid="fees-markets">
        <h2 className={styles.tradeCardTitle}>{t('trade.fees.markets')}</h2>
        <ul className={styles.tradeMarketList}>
          {data.markets.map((market) => (
            <li key={market.market} data-testid={`fees-market-${market.market}`}>
              <strong>{t(`market.markets.${market.market}`)}</strong>
              <span>{t('trade.terms.settlement', { count: market.settlementDays })}</span>
              <span>
                {market.sellLock.days > 0
                  ? t('trade.terms.sellLockDays', { count: market.sellLock.days })
                  : market.sellLock.minutes > 0
                    ? t('trade.terms.sellLockMinutes', { count: market.sellLock.minutes })
                    : t('trade.terms.noSellLock')}
              </span>
              <span>{t('trade.fees.collar', { percent: market.collarPercent })}</span>
              <span>
                {t('trade.fees.marketTob', {
                  classes: market.tobClasses.map((tobClass) => t(`trade.tobClasses.${tobClass}`)).join(', '),
                })}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
