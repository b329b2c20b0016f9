import { MARGIN_RULES, type MarginClass, type MarginExclusion } from '@beurs/contract';
import type { Instrument } from '../../market/provider';

// Which margin class an instrument is in (MARGIN_RULES, issue 16 item 2), decided from the
// instrument catalogue in this one place: crypto, indices and currency pairs are not marginable;
// shares and ETFs whose daily turnover (average daily volume × reference price) is below the
// liquidity minimum are not marginable; shares whose market capitalisation (shares outstanding ×
// reference price) reaches the large-cap minimum are large caps; other shares and ETFs standard.

export type InstrumentMarginClass = {
  marginClass: MarginClass;
  exclusion: MarginExclusion | null;
  initialBasisPoints: number | null;
  maintenanceBasisPoints: number | null;
};

/** Whole units of the instrument's currency from a price-scaled amount, rounded down. */
const wholeUnits = (priceScaled: bigint, priceScale: number) => priceScaled / 10n ** BigInt(priceScale);

export function classRule(marginClass: MarginClass): Omit<InstrumentMarginClass, 'exclusion'> {
  if (marginClass === 'not_marginable') {
    return { marginClass, initialBasisPoints: null, maintenanceBasisPoints: null };
  }
  const rule = MARGIN_RULES.classes[marginClass];
  return {
    marginClass,
    initialBasisPoints: rule.initialBasisPoints,
    maintenanceBasisPoints: rule.maintenanceBasisPoints,
  };
}

/** 1 / initial margin with two decimals, rounded down ("2.00" at 50 %, "1.66" at 60 %). */
export function leverageMax(initialBasisPoints: number | null): string | null {
  if (initialBasisPoints === null) return null;
  const hundredths = Math.floor((10_000 * 100) / initialBasisPoints);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export function marginClassOf(instrument: Instrument): InstrumentMarginClass {
  const excluded = (exclusion: MarginExclusion) => ({ ...classRule('not_marginable'), exclusion });
  if (instrument.kind === 'crypto') return excluded('crypto');
  if (instrument.kind !== 'stock' && instrument.kind !== 'etf') return excluded('not_tradable');
  const turnover = wholeUnits(
    BigInt(Math.floor(instrument.averageDailyVolume)) * instrument.startPriceMinor,
    instrument.priceScale,
  );
  if (turnover < MARGIN_RULES.liquidityMinimum) return excluded('illiquid');
  const capitalisation =
    instrument.kind === 'stock' && instrument.sharesOutstanding !== null
      ? wholeUnits(instrument.sharesOutstanding * instrument.startPriceMinor, instrument.priceScale)
      : 0n;
  const marginClass = capitalisation >= MARGIN_RULES.largeCapMinimum ? 'large_cap' : 'standard';
  return { ...classRule(marginClass), exclusion: null };
}
