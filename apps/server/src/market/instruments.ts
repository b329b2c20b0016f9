import type { TobClass } from '@beurs/contract';
import type { CalendarId } from './calendars';
import type { Instrument, InstrumentKind, MarketId } from './provider';

// The simulator's instruments: real names and tickers, simulated prices. Starting prices are
// rounded levels from around the start of 2024; market capitalisations (billions) set the shares
// outstanding. Rows: code | name | sector | start price | market cap (billions) | volatility | yield %.

const brusselsShares = `
ABI|Anheuser-Busch InBev|Consumer Staples|55.00|96|0.22|1.5
ACKB|Ackermans & van Haaren|Financials|160.00|5.3|0.16|2.1
AED|Aedifica|Real Estate|57.00|2.7|0.24|6.9
AGS|Ageas|Financials|39.00|7.3|0.20|7.6
ARGX|argenx|Health Care|345.00|20|0.35|0
AZE|Azelis Group|Industrials|22.00|5.4|0.34|1.0
COFB|Cofinimmo|Real Estate|71.00|2.7|0.24|8.0
DIE|D'Ieteren Group|Consumer Discretionary|177.00|9.5|0.26|1.7
ELI|Elia Group|Utilities|113.00|8.3|0.25|1.8
GBLB|Groupe Bruxelles Lambert|Financials|71.00|10|0.17|3.8
KBC|KBC Group|Financials|59.00|24|0.22|6.8
LOTB|Lotus Bakeries|Consumer Staples|8200.00|6.7|0.23|0.7
MELE|Melexis|Information Technology|91.00|3.7|0.33|4.1
PROX|Proximus|Communication Services|8.80|2.8|0.22|6.8
SOF|Sofina|Financials|225.00|7.6|0.24|1.5
SOLB|Solvay|Materials|27.00|2.9|0.30|8.9
SYENS|Syensqo|Materials|94.00|9.8|0.30|1.7
UCB|UCB|Health Care|79.00|15|0.28|1.7
UMI|Umicore|Materials|25.00|6.1|0.34|3.2
WDP|Warehouses De Pauw|Real Estate|28.00|6.2|0.23|6.5
BAR|Barco|Information Technology|16.00|1.5|0.30|3.0
BEKB|Bekaert|Industrials|46.00|2.5|0.27|3.8
BPOST|bpost|Industrials|4.70|0.9|0.32|7.0
COLR|Colruyt Group|Consumer Staples|41.00|5.1|0.21|3.5
DEME|DEME Group|Industrials|111.00|2.8|0.28|1.7
EVS|EVS Broadcast Equipment|Information Technology|32.00|0.4|0.27|3.4
FAGR|Fagron|Health Care|17.00|1.3|0.24|1.9
GIMB|Gimv|Financials|45.00|1.3|0.18|5.5
GLPG|Galapagos|Health Care|37.00|2.4|0.36|0
KIN|Kinepolis Group|Communication Services|45.00|1.2|0.25|1.0
MONT|Montea|Real Estate|86.00|1.6|0.23|5.0
RET|Retail Estates|Real Estate|65.00|1.0|0.19|7.2
SHUR|Shurgard Self Storage|Real Estate|45.00|4.4|0.22|3.9
SIP|Sipef|Consumer Staples|52.00|0.55|0.22|3.5
TESB|Tessenderlo Group|Materials|27.00|1.2|0.22|3.0
VGP|VGP|Real Estate|104.00|2.8|0.30|2.6
XIOR|Xior Student Housing|Real Estate|30.00|1.1|0.27|5.6
`;

const usShares = `
AAPL|Apple|Information Technology|185.00|2900|0.25|0.5|XNAS
MSFT|Microsoft|Information Technology|375.00|2800|0.24|0.8|XNAS
NVDA|NVIDIA|Information Technology|48.00|1200|0.50|0.03|XNAS
AMZN|Amazon.com|Consumer Discretionary|150.00|1570|0.32|0|XNAS
GOOGL|Alphabet Class A|Communication Services|139.00|1750|0.30|0.4|XNAS
META|Meta Platforms|Communication Services|350.00|900|0.38|0.4|XNAS
BRK.B|Berkshire Hathaway Class B|Financials|357.00|780|0.17|0|XNYS
TSLA|Tesla|Consumer Discretionary|248.00|790|0.60|0|XNAS
AVGO|Broadcom|Information Technology|111.00|520|0.40|1.6|XNAS
JPM|JPMorgan Chase|Financials|170.00|490|0.22|2.4|XNYS
LLY|Eli Lilly|Health Care|583.00|550|0.30|0.8|XNYS
V|Visa Class A|Financials|260.00|530|0.19|0.8|XNYS
UNH|UnitedHealth Group|Health Care|526.00|490|0.25|1.4|XNYS
XOM|Exxon Mobil|Energy|100.00|400|0.24|3.6|XNYS
MA|Mastercard Class A|Financials|426.00|400|0.20|0.6|XNYS
JNJ|Johnson & Johnson|Health Care|157.00|378|0.16|3.1|XNYS
PG|Procter & Gamble|Consumer Staples|146.00|345|0.16|2.5|XNYS
HD|Home Depot|Consumer Discretionary|347.00|345|0.22|2.5|XNYS
COST|Costco Wholesale|Consumer Staples|660.00|293|0.22|0.6|XNAS
ABBV|AbbVie|Health Care|155.00|274|0.24|3.9|XNYS
MRK|Merck & Co.|Health Care|109.00|276|0.21|2.8|XNYS
ORCL|Oracle|Information Technology|105.00|289|0.33|1.5|XNYS
CVX|Chevron|Energy|149.00|282|0.24|4.1|XNYS
KO|Coca-Cola|Consumer Staples|59.00|255|0.15|3.1|XNYS
PEP|PepsiCo|Consumer Staples|170.00|233|0.17|3.0|XNAS
BAC|Bank of America|Financials|34.00|266|0.28|2.8|XNYS
WMT|Walmart|Consumer Staples|158.00|425|0.18|1.4|XNYS
NFLX|Netflix|Communication Services|487.00|213|0.38|0|XNAS
CRM|Salesforce|Information Technology|263.00|255|0.34|0.6|XNYS
AMD|Advanced Micro Devices|Information Technology|147.00|238|0.50|0|XNAS
ADBE|Adobe|Information Technology|597.00|270|0.33|0|XNAS
TMO|Thermo Fisher Scientific|Health Care|531.00|205|0.23|0.3|XNYS
MCD|McDonald's|Consumer Discretionary|296.00|214|0.17|2.3|XNYS
CSCO|Cisco Systems|Information Technology|50.00|204|0.21|3.1|XNAS
ACN|Accenture Class A|Information Technology|351.00|220|0.25|1.5|XNYS
ABT|Abbott Laboratories|Health Care|110.00|191|0.20|2.0|XNYS
LIN|Linde|Materials|411.00|198|0.18|1.3|XNAS
WFC|Wells Fargo|Financials|49.00|178|0.28|2.8|XNYS
DIS|Walt Disney|Communication Services|90.00|165|0.29|0.9|XNYS
INTU|Intuit|Information Technology|625.00|175|0.31|0.6|XNAS
IBM|IBM|Information Technology|163.00|150|0.22|4.0|XNYS
QCOM|Qualcomm|Information Technology|145.00|161|0.35|2.2|XNAS
TXN|Texas Instruments|Information Technology|170.00|155|0.27|3.0|XNAS
CAT|Caterpillar|Industrials|296.00|150|0.27|1.8|XNYS
GE|General Electric|Industrials|128.00|139|0.30|0.7|XNYS
VZ|Verizon Communications|Communication Services|38.00|160|0.20|7.0|XNYS
AMGN|Amgen|Health Care|288.00|154|0.23|3.1|XNAS
PFE|Pfizer|Health Care|29.00|163|0.25|5.8|XNYS
NKE|Nike Class B|Consumer Discretionary|108.00|163|0.30|1.4|XNYS
INTC|Intel|Information Technology|50.00|211|0.42|1.0|XNAS
BA|Boeing|Industrials|260.00|158|0.33|0|XNYS
GS|Goldman Sachs|Financials|386.00|125|0.26|2.9|XNYS
MS|Morgan Stanley|Financials|93.00|153|0.26|3.6|XNYS
HON|Honeywell|Industrials|210.00|139|0.20|2.1|XNAS
UNP|Union Pacific|Industrials|246.00|150|0.22|2.2|XNYS
SBUX|Starbucks|Consumer Discretionary|96.00|109|0.27|2.4|XNAS
PM|Philip Morris International|Consumer Staples|94.00|146|0.19|5.5|XNYS
T|AT&T|Communication Services|17.00|121|0.23|6.5|XNYS
LOW|Lowe's|Consumer Discretionary|222.00|128|0.25|2.0|XNYS
PYPL|PayPal|Financials|61.00|66|0.38|0|XNAS
`;

/** ETFs traded on Euronext (Brussels and Amsterdam listings, in euros) and in the US. */
const europeanEtfs = `
IWDA|iShares Core MSCI World UCITS ETF|Global Equity|82.00|78|0.14|0|XAMS
VWRL|Vanguard FTSE All-World UCITS ETF|Global Equity|105.00|30|0.14|1.6|XAMS
EMIM|iShares Core MSCI EM IMI UCITS ETF|Emerging Markets|29.00|20|0.17|0|XAMS
CSPX|iShares Core S&P 500 UCITS ETF (EUR)|US Equity|440.00|90|0.15|0|XAMS
EUN2|iShares Core EURO STOXX 50 UCITS ETF|Eurozone Equity|46.00|5|0.16|2.8|XAMS
BEL|Amundi BEL 20 UCITS ETF|Belgian Equity|31.00|0.2|0.16|2.5|XBRU
TSWE|VanEck Sustainable World Equal Weight UCITS ETF|Global Equity|32.00|1|0.15|1.3|XAMS
`;

const usEtfs = `
SPY|SPDR S&P 500 ETF Trust|US Equity|475.00|500|0.15|1.3|ARCX
IVV|iShares Core S&P 500 ETF|US Equity|478.00|420|0.15|1.3|ARCX
VOO|Vanguard S&P 500 ETF|US Equity|437.00|410|0.15|1.4|ARCX
VTI|Vanguard Total Stock Market ETF|US Equity|237.00|380|0.16|1.4|ARCX
QQQ|Invesco QQQ Trust|US Equity|409.00|250|0.21|0.6|XNAS
DIA|SPDR Dow Jones Industrial Average ETF|US Equity|376.00|33|0.14|1.7|ARCX
IWM|iShares Russell 2000 ETF|US Equity|200.00|60|0.22|1.2|ARCX
EFA|iShares MSCI EAFE ETF|Developed Markets|75.00|50|0.15|2.8|ARCX
VWO|Vanguard FTSE Emerging Markets ETF|Emerging Markets|41.00|80|0.17|3.4|ARCX
GLD|SPDR Gold Shares|Commodities|190.00|60|0.14|0|ARCX
TLT|iShares 20+ Year Treasury Bond ETF|Bonds|99.00|50|0.16|3.8|XNAS
XLK|Technology Select Sector SPDR Fund|US Equity|192.00|60|0.22|0.7|ARCX
XLF|Financial Select Sector SPDR Fund|US Equity|37.00|35|0.18|1.7|ARCX
ARKK|ARK Innovation ETF|US Equity|52.00|8|0.55|0|ARCX
`;

/** symbol | code | name | calendar | currency | start | volatility */
const indices = `
^BEL20|BEL 20|BEL 20|euronext|EUR|3700.00|0.15
^FCHI|CAC 40|CAC 40|euronext|EUR|7540.00|0.16
^AEX|AEX|AEX|euronext|EUR|787.00|0.16
^GSPC|S&P 500|S&P 500|us_index|USD|4770.00|0.15
^NDX|Nasdaq 100|Nasdaq-100|us_index|USD|16830.00|0.20
^DJI|Dow Jones|Dow Jones Industrial Average|us_index|USD|37690.00|0.14
`;

/** symbol | code | name | currency | start | volatility | tick */
const forexPairs = `
EURUSD|EUR/USD|Euro / US Dollar|USD|1.104000|0.07|0.000010
GBPUSD|GBP/USD|British Pound / US Dollar|USD|1.273000|0.08|0.000010
USDJPY|USD/JPY|US Dollar / Japanese Yen|JPY|141.000000|0.10|0.001000
EURGBP|EUR/GBP|Euro / British Pound|GBP|0.867000|0.06|0.000010
USDCHF|USD/CHF|US Dollar / Swiss Franc|CHF|0.841000|0.08|0.000010
EURCHF|EUR/CHF|Euro / Swiss Franc|CHF|0.929000|0.06|0.000010
AUDUSD|AUD/USD|Australian Dollar / US Dollar|USD|0.681000|0.10|0.000010
USDCAD|USD/CAD|US Dollar / Canadian Dollar|CAD|1.324000|0.07|0.000010
`;

/** symbol | code | name | start | volatility | tick | daily volume */
const cryptoAssets = `
BTCUSD|BTC/USD|Bitcoin|42300.00|0.55|0.01|30000
ETHUSD|ETH/USD|Ether|2280.00|0.65|0.01|400000
SOLUSD|SOL/USD|Solana|101.00|0.85|0.01|3000000
XRPUSD|XRP/USD|XRP|0.6200|0.70|0.0001|900000000
ADAUSD|ADA/USD|Cardano|0.5900|0.75|0.0001|500000000
`;

export type DividendPlan = { readonly yieldPercent: number; readonly perYear: number };
export type CatalogueEntry = { readonly instrument: Instrument; readonly dividend: DividendPlan | null };

const PRICE_SCALE = 4;
const FX_SCALE = 6;

const rows = (block: string) =>
  block
    .trim()
    .split('\n')
    .map((line) => line.split('|'));

/** Decimal text to minor units at a scale, for catalogue data only (never for user input). */
function minorUnits(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
}

/** A simplified Euronext/US tick-size table by price band. */
export function tickFor(priceMinor: bigint, currency: string): bigint {
  if (currency === 'USD') return priceMinor < 10_000n ? 1n : 100n;
  if (priceMinor < 100_000n) return 20n;
  if (priceMinor < 500_000n) return 100n;
  if (priceMinor < 2_000_000n) return 200n;
  if (priceMinor < 10_000_000n) return 1_000n;
  return 5_000n;
}

type Listing = {
  market: MarketId;
  kind: InstrumentKind;
  calendar: CalendarId;
  currency: string;
  suffix: string;
  /**
   * The TOB class of the listing's trades. Shares: 0.35 %. The European ETFs here are UCITS funds
   * registered in the EEA but not offered publicly in Belgium: the reduced 0.12 %, distributing or
   * accumulating. US-listed ETFs are funds from outside the EEA, taxed like shares. None of these
   * is an accumulating fund registered in Belgium (the 1.32 % class); a listing that is names it.
   */
  tobClass: TobClass;
};

function equityEntries(block: string, listing: Listing, defaultExchange: string): CatalogueEntry[] {
  return rows(block).map(
    ([code = '', name = '', sector = '', start = '0', cap = '0', vol = '0', yld = '0', mic]) => {
      const startPriceMinor = minorUnits(start, PRICE_SCALE);
      const sharesOutstanding =
        (minorUnits(cap, 3) * 1_000_000n * 10n ** BigInt(PRICE_SCALE)) / startPriceMinor;
      const exchange = mic ?? defaultExchange;
      const suffix = listing.suffix ? (exchange === 'XAMS' ? '.AS' : listing.suffix) : '';
      const yieldPercent = Number(yld);
      return {
        instrument: {
          symbol: `${code}${suffix}`,
          code,
          name,
          kind: listing.kind,
          market: listing.market,
          exchange,
          calendar: listing.calendar,
          currency: listing.currency,
          lotSize: 1,
          quantityScale: 0,
          tobClass: listing.tobClass,
          priceScale: PRICE_SCALE,
          tickSizeMinor: tickFor(startPriceMinor, listing.currency),
          sector,
          startPriceMinor,
          volatility: Number(vol),
          sharesOutstanding: listing.kind === 'stock' ? sharesOutstanding : null,
          averageDailyVolume: Math.max(1000, Number((sharesOutstanding * 3n) / 1000n)),
        },
        dividend: yieldPercent > 0 ? { yieldPercent, perYear: listing.currency === 'USD' ? 4 : 1 } : null,
      };
    },
  );
}

function indexEntries(): CatalogueEntry[] {
  return rows(indices).map(
    ([
      symbol = '',
      code = '',
      name = '',
      calendar = 'euronext',
      currency = 'EUR',
      start = '0',
      vol = '0',
    ]) => ({
      instrument: {
        symbol,
        code,
        name,
        kind: 'index',
        market: 'index',
        exchange:
          currency === 'EUR' ? (code === 'BEL 20' ? 'XBRU' : code === 'AEX' ? 'XAMS' : 'XPAR') : 'INDEX',
        calendar: calendar as CalendarId,
        currency,
        lotSize: 1,
        quantityScale: 0,
        tobClass: 'none',
        priceScale: PRICE_SCALE,
        tickSizeMinor: 100n,
        sector: 'Index',
        startPriceMinor: minorUnits(start, PRICE_SCALE),
        volatility: Number(vol),
        sharesOutstanding: null,
        averageDailyVolume: 150_000_000,
      },
      dividend: null,
    }),
  );
}

function forexEntries(): CatalogueEntry[] {
  return rows(forexPairs).map(
    ([symbol = '', code = '', name = '', currency = '', start = '0', vol = '0', tick = '0']) => ({
      instrument: {
        symbol,
        code,
        name,
        kind: 'forex',
        market: 'forex',
        exchange: 'FX',
        calendar: 'forex',
        currency,
        lotSize: 1000,
        quantityScale: 0,
        tobClass: 'none',
        priceScale: FX_SCALE,
        tickSizeMinor: minorUnits(tick, FX_SCALE),
        sector: 'Currency',
        startPriceMinor: minorUnits(start, FX_SCALE),
        volatility: Number(vol),
        sharesOutstanding: null,
        averageDailyVolume: 2_000_000_000,
      },
      dividend: null,
    }),
  );
}

function cryptoEntries(): CatalogueEntry[] {
  return rows(cryptoAssets).map(
    ([symbol = '', code = '', name = '', start = '0', vol = '0', tick = '0', volume = '0']) => ({
      instrument: {
        symbol,
        code,
        name,
        kind: 'crypto',
        market: 'crypto',
        exchange: 'CRYPTO',
        calendar: 'crypto',
        currency: 'USD',
        lotSize: 1,
        quantityScale: 8,
        tobClass: 'none',
        priceScale: PRICE_SCALE,
        tickSizeMinor: minorUnits(tick, PRICE_SCALE),
        sector: 'Digital Currency',
        startPriceMinor: minorUnits(start, PRICE_SCALE),
        volatility: Number(vol),
        sharesOutstanding: null,
        averageDailyVolume: Number(volume),
      },
      dividend: null,
    }),
  );
}

/** Splits the simulator applies (ratioFrom old shares become ratioTo new ones). */
export const simulatedSplits: readonly {
  symbol: string;
  exDate: string;
  ratioFrom: number;
  ratioTo: number;
}[] = [
  { symbol: 'LOTB.BR', exDate: '2025-05-20', ratioFrom: 1, ratioTo: 10 },
  { symbol: 'AVGO', exDate: '2025-07-15', ratioFrom: 1, ratioTo: 2 },
  { symbol: 'WMT', exDate: '2026-02-24', ratioFrom: 1, ratioTo: 3 },
  { symbol: 'COST', exDate: '2026-09-15', ratioFrom: 1, ratioTo: 4 },
];

export function buildCatalogue(): CatalogueEntry[] {
  return [
    ...equityEntries(
      brusselsShares,
      {
        market: 'frank',
        kind: 'stock',
        calendar: 'euronext',
        currency: 'EUR',
        suffix: '.BR',
        tobClass: 'shares',
      },
      'XBRU',
    ),
    ...equityEntries(
      usShares,
      {
        market: 'usd',
        kind: 'stock',
        calendar: 'us_equity',
        currency: 'USD',
        suffix: '',
        tobClass: 'shares',
      },
      'XNYS',
    ),
    ...equityEntries(
      europeanEtfs,
      {
        market: 'ETF-BEL',
        kind: 'etf',
        calendar: 'euronext',
        currency: 'EUR',
        suffix: '.BR',
        tobClass: 'fund_reduced',
      },
      'XBRU',
    ),
    ...equityEntries(
      usEtfs,
      {
        market: 'ETF-USA',
        kind: 'etf',
        calendar: 'us_equity',
        currency: 'USD',
        suffix: '',
        tobClass: 'shares',
      },
      'ARCX',
    ),
    ...indexEntries(),
    ...forexEntries(),
    ...cryptoEntries(),
  ];
}
