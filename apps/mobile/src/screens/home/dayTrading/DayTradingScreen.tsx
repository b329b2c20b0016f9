import type { Currency } from '@beurs/contract';
import { formatCurrency, formatDateTime, formatTimeZone } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { useDayTrading, type DayTrading } from '../../../features/margin/day-trading';
import { pathOf } from '../../../routes/paths';
import { EmptyState, Loading } from '../../../shell/common';
import { SummaryRows } from '../../../shell/SummaryRows';
import styles from './day-trading.module.css';

// Day trading (/home/dayTrading, spec `dayTrading`; issue 16 item 5): the published rules (the
// intraday margin and leverage cap, the auto-close minutes before the venue's close), today's
// intraday P&L (realised + unrealised of the positions opened intraday today), those positions,
// and the eligible instruments with their intraday leverage and today's auto-close time in the
// venue's time. Day trades are placed on the order ticket ("Day trade", DayTradeChoice.tsx).

const money = (amount: string, currency: string, language: ReturnType<typeof currentLanguage>) =>
  formatCurrency(amount, currency as Currency, language);

/** "2026.11.27 17:15:00" → "2026.11.27 17:15": the auto-close and opening times to the minute. */
const minutes = (dateTime: string) => dateTime.slice(0, 16);

function Totals({ data }: { data: DayTrading }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (data.totals.length === 0) return <EmptyState message={t('dayTrading.noPositions')} />;
  return (
    <>
      {data.totals.map((total) => (
        <div key={total.currency} className="card">
          <SummaryRows
            data-testid={`day-trading-pnl-${total.currency}`}
            rows={[
              {
                key: 'realised',
                label: t('dayTrading.realised'),
                value: money(total.realised, total.currency, language),
              },
              {
                key: 'unrealised',
                label: t('dayTrading.unrealised'),
                value: money(total.unrealised, total.currency, language),
              },
              {
                key: 'total',
                label: t('dayTrading.total'),
                value: money(total.total, total.currency, language),
                isTotal: true,
                testId: `day-trading-total-${total.currency}`,
              },
            ]}
          />
        </div>
      ))}
    </>
  );
}

function Positions({ data }: { data: DayTrading }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (data.positions.length === 0) return null;
  return (
    <>
      <h2 className="section-title">{t('dayTrading.positionsTitle')}</h2>
      <ul className={styles.list}>
        {data.positions.map((position) => {
          const pnl = position.state === 'open' ? position.unrealised : position.realised;
          return (
            <li
              key={position.symbol}
              className="card"
              data-testid={`day-trading-position-${position.symbol}`}
            >
              <div className={styles.name}>
                <strong>{position.name}</strong>
                <small>{position.symbol}</small>
              </div>
              <SummaryRows
                rows={[
                  {
                    key: 'state',
                    label: t('dayTrading.state'),
                    value: t(`dayTrading.states.${position.state}`),
                    isText: true,
                  },
                  { key: 'quantity', label: t('dayTrading.quantity'), value: position.quantity },
                  {
                    key: 'cost',
                    label: t('dayTrading.cost'),
                    value: money(position.cost, position.currency, language),
                  },
                  {
                    key: 'pnl',
                    label: t(position.state === 'open' ? 'dayTrading.unrealised' : 'dayTrading.realised'),
                    value: pnl === null ? '–' : money(pnl, position.currency, language),
                  },
                ]}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}

function Instruments({ data }: { data: DayTrading }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      <h2 className="section-title">{t('dayTrading.instrumentsTitle')}</h2>
      <ul className={styles.list}>
        {data.instruments.map((instrument) => {
          const zone = formatTimeZone(instrument.timeZone, language);
          const inZone = (instant: string) => minutes(formatDateTime(instant, language, instrument.timeZone));
          const autoClose =
            instrument.autoCloseAt === null
              ? instrument.opensAt === null
                ? t('dayTrading.marketClosed')
                : `${t('dayTrading.opensAt', { time: inZone(instrument.opensAt) })} (${zone})`
              : `${t('dayTrading.autoCloseIn', { zone })}: ${inZone(instrument.autoCloseAt).slice(11)}`;
          return (
            <li
              key={instrument.symbol}
              className="card"
              data-testid={`day-trading-instrument-${instrument.symbol}`}
            >
              <div className={styles.name}>
                <strong>{instrument.name}</strong>
                <small>{instrument.code}</small>
              </div>
              <p className={styles.line}>
                {t('dayTrading.leverageMax')} <strong>{instrument.leverageMax}×</strong>
              </p>
              <p className={styles.line} data-testid={`day-trading-auto-close-${instrument.symbol}`}>
                {autoClose}
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export default function DayTradingScreen() {
  const { t } = useTranslation();
  const query = useDayTrading();
  if (query.isPending) return <Loading />;
  if (query.isError) return <EmptyState message={t('common.failure')} />;
  const data = query.data;
  const { rules } = data;
  return (
    <div data-testid="screen-day-trading">
      <section className="card" data-testid="day-trading-rules">
        <h2 className="section-title">{t('dayTrading.rulesTitle')}</h2>
        <p>
          {t('dayTrading.rulesText', {
            margin: (rules.intradayInitialBasisPoints / 100).toString(),
            leverage: rules.intradayLeverageMax,
            minutes: rules.autoCloseMinutesBeforeClose,
          })}
        </p>
        <p>{t('dayTrading.ticketHow')}</p>
        {!data.isMarginOpen && (
          <p data-testid="day-trading-margin-required">
            {t('dayTrading.marginRequired')} <Link to={pathOf('margin')}>{t('dayTrading.openMargin')}</Link>
          </p>
        )}
      </section>
      <h2 className="section-title">{t('dayTrading.pnlTitle')}</h2>
      <Totals data={data} />
      <Positions data={data} />
      <Instruments data={data} />
    </div>
  );
}
