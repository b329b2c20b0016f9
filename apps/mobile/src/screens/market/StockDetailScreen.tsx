import {
  candlePeriods,
  priceAdjustments,
  type CandlePeriod,
  type PriceAdjustment,
} from '@beurs/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openLink } from '../../native/open-link';
import { indicators, type Indicator } from '../../features/market/indicators';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { chartDataKey, mergeLiveQuote } from '../../features/market/chart-data';
import {
  chartRanges,
  defaultRangeByPeriod,
  isRangeAllowed,
  type ChartRange,
} from '../../features/market/market-types';
import { marketQueries, useInstrument } from '../../features/market/queries';
import { colourOf, upDownColours, useColourScheme } from '../../features/market/price-colours';
import { priceDecimals } from '../../features/market/quote-format';
import { readStockDetail } from '../../features/market/stock-detail';
import { useLiveQuote } from '../../features/market/use-live-quote';
import { pathOf } from '../../routes/paths';
import { EmptyState, Loading, classNames } from '../../shell/common';
import { InstrumentFacts } from './components/InstrumentFacts';
import { InstrumentNews } from '../news/InstrumentNews';
import { QuoteHeader } from './components/QuoteHeader';
import { QuoteFields } from './components/QuoteFields';
import { WatchButton } from './components/WatchButton';
import styles from './market.module.css';

// Stock detail (spec sections 2, 3 and 9): the stock kept under `stockDetail`, its live quote with
// source, delay and time, the quote fields, a chart with periods, ranges and price adjustment, the
// instrument's facts, and the watchlist button.

const PriceChart = lazy(() => import('./components/PriceChart'));
const CHART_LIBRARY_URL = 'https://www.tradingview.com/';

export default function StockDetailScreen() {
  const { t } = useTranslation();
  const selected = readStockDetail();
  const symbol = selected?.symbol ?? '';
  const quote = useLiveQuote(symbol);
  const instrument = useInstrument(symbol);
  const [period, setPeriod] = useState<CandlePeriod>('time_share');
  const [range, setRange] = useState<ChartRange>(defaultRangeByPeriod.time_share);
  const [adjustment, setAdjustment] = useState<PriceAdjustment>('none');
  const [shownIndicators, setShownIndicators] = useState<readonly Indicator[]>([]);
  const toggleIndicator = (indicator: Indicator) =>
    setShownIndicators((shown) =>
      // Kept in the list's order, so MACD's and RSI's panes always come in the same order.
      indicators.filter((item) => (item === indicator ? !shown.includes(item) : shown.includes(item))),
    );
  // MACD and RSI each add a pane below the prices.
  const extraPanes = shownIndicators.filter((item) => item === 'macd' || item === 'rsi').length;
  const candles = useQuery(marketQueries.candles(symbol, period, range, adjustment));
  const scheme = useColourScheme();
  const colours = useMemo(() => upDownColours(scheme), [scheme]);
  const navigate = useNavigate();

  const liveCandles = useMemo(() => {
    const list = candles.data?.candles ?? [];
    // Live quotes extend only the unadjusted intraday chart that ends now.
    if (!quote.data || adjustment !== 'none' || candles.isPlaceholderData) return list;
    return mergeLiveQuote(list, quote.data, period);
  }, [candles.data, candles.isPlaceholderData, quote.data, period, adjustment]);

  if (!selected) return <EmptyState message={t('market.detail.noneSelected')} />;
  if (quote.isPending) return <Loading />;
  if (!quote.data) return <EmptyState message={t('market.detail.unavailable')} />;

  const language = currentLanguage();
  const choosePeriod = (next: CandlePeriod) => {
    setPeriod(next);
    setRange(defaultRangeByPeriod[next]);
  };

  return (
    <div data-testid="screen-stockDetail" className={styles.marketScreen}>
      <QuoteHeader quote={quote.data} streamStatus={quote.streamStatus} />
      <WatchButton symbol={symbol} />
      <QuoteFields quote={quote.data} />

      <section className={styles.chartCard} aria-label={t('market.chart.title')}>
        <div
          className={classNames(styles.chipRow, styles.chipRowTight)}
          role="group"
          aria-label={t('market.chart.period')}
        >
          {candlePeriods.map((option) => (
            <button
              key={option}
              type="button"
              className={styles.chip}
              aria-pressed={option === period}
              data-testid={`period-${option}`}
              onClick={() => choosePeriod(option)}
            >
              {t(`market.periods.${option}`)}
            </button>
          ))}
        </div>
        <div
          className={classNames(styles.chipRow, styles.chipRowTight)}
          role="group"
          aria-label={t('market.chart.range')}
        >
          {chartRanges.map((option) => (
            <button
              key={option}
              type="button"
              className={classNames(styles.chip, styles.chipSmall)}
              aria-pressed={option === range}
              disabled={!isRangeAllowed(period, option)}
              data-testid={`range-${option}`}
              onClick={() => setRange(option)}
            >
              {t(`market.ranges.${option}`)}
            </button>
          ))}
        </div>
        <div
          className={classNames(styles.chipRow, styles.chipRowTight)}
          role="group"
          aria-label={t('market.chart.adjustment')}
        >
          {priceAdjustments.map((option) => (
            <button
              key={option}
              type="button"
              className={classNames(styles.chip, styles.chipSmall)}
              aria-pressed={option === adjustment}
              data-testid={`adjustment-${option}`}
              onClick={() => setAdjustment(option)}
            >
              {t(`market.adjustments.${option}`)}
            </button>
          ))}
        </div>
        <div
          className={classNames(styles.chipRow, styles.chipRowTight)}
          role="group"
          aria-label={t('market.chart.indicators')}
        >
          {indicators.map((option) => (
            <button
              key={option}
              type="button"
              className={classNames(styles.chip, styles.chipSmall)}
              aria-pressed={shownIndicators.includes(option)}
              data-testid={`indicator-${option}`}
              onClick={() => toggleIndicator(option)}
            >
              {t(`market.indicators.${option}`)}
            </button>
          ))}
        </div>
        <div
          className={styles.chartFrame}
          style={{ height: `${16 + 6 * extraPanes}rem` }}
          data-testid="chart"
          data-period={period}
          data-range={range}
        >
          {candles.isPending ? (
            <Loading />
          ) : liveCandles.length === 0 ? (
            <EmptyState message={t('market.chart.noData')} />
          ) : (
            <Suspense fallback={<Loading />}>
              <PriceChart
                candles={liveCandles}
                dataKey={chartDataKey(candles.data)}
                period={period}
                colours={colours}
                decimals={priceDecimals(quote.data)}
                timeZone={instrument.data?.timeZone ?? 'UTC'}
                language={language}
                indicators={shownIndicators}
                aria-busy={candles.isFetching}
              />
            </Suspense>
          )}
        </div>
        {/* The chart library's attribution (its licence asks for it), below the chart, not on it. */}
        <p className={styles.chartAttribution}>
          <button type="button" className="text-link" onClick={() => openLink(CHART_LIBRARY_URL)}>
            {t('market.chart.attribution')}
          </button>
        </p>
      </section>
      {instrument.data && <InstrumentFacts instrument={instrument.data} />}
      {symbol && <InstrumentNews symbol={symbol} />}
      {quote.data.kind !== 'index' && quote.data.kind !== 'forex' && (
        <div className={styles.stockTradeBar}>
          {(['buy', 'sell'] as const).map((side) => (
            <button
              key={side}
              type="button"
              data-testid={`stock-${side}`}
              style={{ background: colourOf(side === 'buy' ? 'up' : 'down', scheme) }}
              onClick={() => void navigate(pathOf('stockDetailBuy'), { state: { side } })}
            >
              {t(`trade.sides.${side}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
