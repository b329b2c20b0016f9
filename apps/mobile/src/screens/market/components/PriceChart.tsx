import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
} from 'lightweight-charts';
import { useEffect, useRef, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, languageTags, type Language } from '@beurs/i18n';
import {
  periodSeconds,
  toChartSeries,
  zoneOffsetSeconds,
  type ChartTime,
} from '../../../features/market/chart-data';
import { bollinger, macd, MA_LENGTHS, rsi, sma, type Indicator } from '../../../features/market/indicators';
import type { CandlePeriod } from '@beurs/contract/enums';
import type { Candle } from '../../../features/market/market-types';
import { classNames } from '../../../shell/common';
import styles from '../market.module.css';

// The stock chart (lightweight-charts v5): candlesticks and volume bars, or the time-share line
// with volume. This module is the only one that imports the chart library, and it is loaded with
// React.lazy from the stock detail screen, so the library stays out of the initial JS.

type Props = HTMLAttributes<HTMLDivElement> & {
  candles: readonly Candle[];
  /**
   * What the candles are of: symbol, period, range and price adjustment. A new key redraws the whole
   * series; only under the same key may a live quote move just the last candle.
   */
  dataKey: string;
  period: CandlePeriod;
  colours: { up: string; down: string };
  /** Decimals of the price axis. */
  decimals: number;
  timeZone: string;
  language: Language;
  /** Indicators drawn from the candles: MA and Bollinger over the prices, MACD and RSI below. */
  indicators?: readonly Indicator[];
  'data-testid'?: string;
};

/** An indicator's lines (and MACD's histogram), each with the values it draws. */
type Overlay = {
  series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
  values: (closes: number[]) => (number | null)[];
};

const MA_COLOURS = ['#b26a00', '#7b3fa0', '#00838f'] as const;
const BAND_COLOUR = '#5c6bc0';

/** Adds an indicator's series to the chart: over the prices (pane 0) or in a pane of its own. */
function addIndicator(chart: IChartApi, indicator: Indicator, pane: number): Overlay[] {
  const line = (color: string, paneIndex: number, lineStyle = 0) =>
    chart.addSeries(
      LineSeries,
      {
        color,
        lineWidth: 1,
        lineStyle,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
      },
      paneIndex,
    );
  switch (indicator) {
    case 'ma':
      return MA_LENGTHS.map((length, index) => ({
        series: line(MA_COLOURS[index]!, 0),
        values: (closes) => sma(closes, length),
      }));
    case 'bollinger':
      return (['upper', 'middle', 'lower'] as const).map((band) => ({
        series: line(BAND_COLOUR, 0, band === 'middle' ? 0 : 2),
        values: (closes) => bollinger(closes)[band],
      }));
    case 'macd':
      return [
        {
          series: chart.addSeries(
            HistogramSeries,
            { priceLineVisible: false, lastValueVisible: false },
            pane,
          ),
          values: (closes) => macd(closes).histogram,
        },
        { series: line('#0b3d91', pane), values: (closes) => macd(closes).macd },
        { series: line('#b26a00', pane), values: (closes) => macd(closes).signal },
      ];
    case 'rsi': {
      const series = line('#7b3fa0', pane);
      for (const level of [30, 70]) {
        series.createPriceLine({
          price: level,
          color: '#9aa3ad',
          lineWidth: 1,
          lineStyle: 2,
          axisLabelVisible: true,
        });
      }
      return [{ series, values: (closes) => rsi(closes) }];
    }
  }
}

/** Every indicator over the closes, at the candles' times (none before it has enough history). */
function drawIndicators(overlays: readonly Overlay[], times: readonly ChartTime[], closes: number[]): void {
  for (const overlay of overlays) {
    const points = overlay
      .values(closes)
      .flatMap((value, index) => (value === null ? [] : [{ time: times[index]!, value }]));
    overlay.series.setData(points);
  }
}

/**
 * Shows every candle with room on both sides: a time label centred on the first or last candle
 * (":00" of "09:00") is no longer cut by the chart's edge.
 */
function fitWithMargins(chart: IChartApi, count: number): void {
  if (count === 0) return;
  chart
    .timeScale()
    .setVisibleLogicalRange({ from: -Math.max(2, count * 0.06), to: count - 1 + Math.max(2, count * 0.06) });
}

type Series = {
  chart: IChartApi;
  main: ISeriesApi<'Candlestick'> | ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'>;
  isLine: boolean;
  overlays: Overlay[];
  count: number;
  firstTime: number | null;
  dataKey: string | null;
};

export default function PriceChart({
  candles,
  dataKey,
  period,
  colours,
  decimals,
  timeZone,
  language,
  indicators = [],
  className,
  ...rest
}: Props) {
  // One key for the effects: the chart is built again with another set of indicators.
  const indicatorKey = indicators.join(',');
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const isLine = period === 'time_share';
  const isIntraday = periodSeconds[period] !== null;

  // One chart per kind of drawing (line or candles) and colour scheme.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#555d66',
        fontSize: 11,
        // The library's attribution is a link under the chart (StockDetailScreen), not a logo
        // drawn over the volume bars.
        attributionLogo: false,
      },
      grid: { vertLines: { color: '#f0f2f4' }, horzLines: { color: '#f0f2f4' } },
      rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.28 }, borderVisible: false },
      timeScale: { timeVisible: isIntraday, secondsVisible: false, borderVisible: false },
      localization: {
        locale: languageTags[language],
        // Axis labels in the language's separators; the coordinate is already a number here.
        priceFormatter: (price: number) => formatMoney(price.toFixed(decimals), language, decimals),
      },
      handleScale: { axisPressedMouseMove: false },
    });
    const main = isLine
      ? chart.addSeries(LineSeries, { color: '#0b3d91', lineWidth: 2, priceLineVisible: true })
      : chart.addSeries(CandlestickSeries, {
          upColor: colours.up,
          downColor: colours.down,
          wickUpColor: colours.up,
          wickDownColor: colours.down,
          borderVisible: false,
        });
    const volume = chart.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    // MA and Bollinger over the prices; MACD and RSI each in a pane of its own, in that order.
    const shown = indicatorKey === '' ? [] : (indicatorKey.split(',') as Indicator[]);
    let nextPane = 1;
    const overlays = shown.flatMap((indicator) =>
      addIndicator(chart, indicator, indicator === 'macd' || indicator === 'rsi' ? nextPane++ : 0),
    );
    series.current = { chart, main, volume, isLine, overlays, count: 0, firstTime: null, dataKey: null };
    return () => {
      series.current = null;
      chart.remove();
    };
  }, [isLine, isIntraday, colours.up, colours.down, decimals, language, indicatorKey]);

  // New data: redraw everything, or only move the last candle when a live quote changed it.
  useEffect(() => {
    const current = series.current;
    if (!current) return;
    const last = candles.at(-1);
    const offset = isIntraday && last ? zoneOffsetSeconds(timeZone, last.time) : 0;
    const data = toChartSeries(candles, colours, offset);
    const firstTime = data.candles[0]?.time ?? null;
    // Other adjusted prices (or another range) over the same times are not a live step.
    const isLiveStep =
      current.dataKey === dataKey &&
      current.firstTime === firstTime &&
      current.count > 0 &&
      (data.candles.length === current.count || data.candles.length === current.count + 1);
    if (isLiveStep) {
      const lastCandle = data.candles.at(-1);
      const lastLine = data.line.at(-1);
      const lastVolume = data.volumes.at(-1);
      if (current.isLine && lastLine) (current.main as ISeriesApi<'Line'>).update(lastLine);
      if (!current.isLine && lastCandle) (current.main as ISeriesApi<'Candlestick'>).update(lastCandle);
      if (lastVolume) current.volume.update(lastVolume);
    } else {
      if (current.isLine) (current.main as ISeriesApi<'Line'>).setData(data.line);
      else (current.main as ISeriesApi<'Candlestick'>).setData(data.candles);
      current.volume.setData(data.volumes);
      fitWithMargins(current.chart, data.candles.length);
    }
    drawIndicators(
      current.overlays,
      data.candles.map((point) => point.time),
      data.candles.map((point) => point.close),
    );
    current.count = data.candles.length;
    current.firstTime = firstTime;
    current.dataKey = dataKey;
  }, [candles, dataKey, colours, isIntraday, timeZone, isLine, decimals, language, indicatorKey]);

  return (
    <div
      ref={container}
      className={classNames(styles.priceChart, className)}
      data-price-chart=""
      role="img"
      aria-label={t('market.chart.label', { count: candles.length })}
      data-candles={candles.length}
      {...rest}
    />
  );
}
