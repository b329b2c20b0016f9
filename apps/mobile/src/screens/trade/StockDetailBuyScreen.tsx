import type { Currency } from '@beurs/contract/decimal';
import { currencies, parseTypedDecimal } from '@beurs/contract/decimal';
import { orderSides, placeableOrderTypes, type OrderSide, type TimeInForce } from '@beurs/contract/enums';
import { formatCurrency, formatMoney } from '@beurs/i18n';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { currentLanguage, describeError } from '../../app/i18n';
import { colourOf, useColourScheme } from '../../features/market/price-colours';
import { readStockDetail, type SelectedStock } from '../../features/market/stock-detail';
import { useLiveQuote } from '../../features/market/use-live-quote';
import { newIdempotencyKey } from '../../features/funds/idempotency';
import { usePlaceOrderMutation } from '../../features/trading/mutations';
import { fetchPreview, tradeQueries, type CostPreview } from '../../features/trading/queries';
import {
  buildTicket,
  emptyTicket,
  fieldOfRefusal,
  latestExpiry,
  leverageChoices,
  needsLimitPrice,
  needsStopPrice,
  timesInForceFor,
  typedQuantity,
  type TicketField,
  type TicketForm,
  type TicketRequest,
} from '../../features/trading/ticket';
import { forgetPin, rememberPin } from '../../features/trading/trading-pin';
import { useWallet } from '../../features/wallet/queries';
import { useMarginParameters, useMarginStatus } from '../../features/margin/queries';
import { useDayTrading } from '../../features/margin/day-trading';
import { DayTradeChoice } from './ticket/DayTradeChoice';
import { useLending } from '../../features/margin/lending';
import { ShortChoice } from './ticket/ShortChoice';
import { pathOf } from '../../routes/paths';
import { EmptyState, classNames } from '../../shell/common';
import { showToast } from '../../shell/toast';
import { ChangePill, Price } from '../market/components/PriceChange';
import { ConfirmSheet } from './ticket/ConfirmSheet';
import { CostBlock } from './ticket/CostBlock';
import { TicketInput } from './ticket/TicketInput';
import { TradingTerms } from './ticket/TradingTerms';
// The live price in the header uses the market screens' price colours.
import styles from './trade.module.css';

// The order ticket (/market/stockDetailBuy, issue 11 item 6): side, order type with the price
// fields it takes, quantity (−/+, max) or an amount to spend, time in force, the cost block priced
// by /trade/preview as the user types, the sell-lock and trading-hours line, and a confirm sheet
// that asks for the trading PIN. Refusals appear at the field they concern.

const PREVIEW_DEBOUNCE_MS = 300;
/** The cost block follows the live price: the preview is asked again this often. */
const PREVIEW_REFRESH_MS = 10_000;

type Refusal = { field: TicketField | 'pin' | 'form'; message: string; code: string };

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

const refusalOf = (error: unknown, form: TicketForm): Refusal | null => {
  if (!(error instanceof ApiError)) return null;
  return { field: fieldOfRefusal(error.code, form), message: describeError(error), code: error.code };
};

/** The quantity −/+ step: one lot for shares, 0.001 for crypto (at most the instrument's scale). */
function stepQuantity(text: string, direction: 1 | -1, scale: number, lotSize: number): string {
  const stepScale = Math.min(scale, 3);
  const current = parseTypedDecimal(text, scale) ?? 0n;
  const unit = 10n ** BigInt(scale);
  const step = stepScale === 0 ? BigInt(lotSize) * unit : 10n ** BigInt(scale - stepScale);
  const next = current + BigInt(direction) * step;
  const clamped = next < step ? step : next;
  const whole = clamped / unit;
  const fraction = (clamped % unit).toString().padStart(scale, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

function Ticket({
  stock,
  initialSide,
  initialQuantity,
}: {
  stock: SelectedStock;
  initialSide: OrderSide;
  initialQuantity: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scheme = useColourScheme();
  const quote = useLiveQuote(stock.symbol);
  const wallet = useWallet();
  const place = usePlaceOrderMutation();
  const instrumentCurrency: Currency = stock.currency === 'USD' ? 'USD' : 'EUR';
  const [form, setForm] = useState<TicketForm>(() => ({
    ...emptyTicket(initialSide, instrumentCurrency),
    quantity: initialQuantity,
  }));
  const [placeRefusal, setPlaceRefusal] = useState<Refusal | null>(null);
  const [maxRefusal, setMaxRefusal] = useState<Refusal | null>(null);
  const [sheet, setSheet] = useState<{ preview: CostPreview; ticket: TicketRequest; key: string } | null>(
    null,
  );
  const [isFindingMax, setFindingMax] = useState(false);

  const quantityScale = stock.kind === 'crypto' ? 8 : 0;
  const built = useMemo(
    () => buildTicket(stock.symbol, form, quantityScale),
    [stock.symbol, form, quantityScale],
  );
  const hasErrors = Object.keys(built.errors).length > 0;
  const requestText = useDebounced(hasErrors ? '' : JSON.stringify(built.request), PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: [...tradeQueries.all, 'preview', requestText],
    queryFn: () => fetchPreview(JSON.parse(requestText) as TicketRequest),
    enabled: requestText !== '',
    placeholderData: keepPreviousData,
    refetchInterval: PREVIEW_REFRESH_MS,
    retry: false,
  });
  const previewRefusal = preview.isError ? refusalOf(preview.error, form) : null;
  const currentPreview = !preview.isError && requestText !== '' ? (preview.data ?? null) : null;
  const lotSize = currentPreview?.lotSize ?? 1;

  const update = (patch: Partial<TicketForm>) => {
    setForm((old) => ({ ...old, ...patch }));
    setPlaceRefusal(null);
    setMaxRefusal(null);
  };

  // A typed value's own check shows once something was typed; a refusal replaces it.
  const fieldError = (field: TicketField): string | null => {
    for (const refusal of [placeRefusal, maxRefusal, previewRefusal]) {
      if (refusal?.field === field) return refusal.message;
    }
    const key = built.errors[field];
    const typed = field === 'trail' ? form.trail : field === 'expiresOn' ? form.expiresOn : form[field];
    return key && typed !== '' ? t(key) : null;
  };
  const formRefusal = [placeRefusal, previewRefusal].find((refusal) => refusal?.field === 'form') ?? null;
  const isClosedForMarket =
    previewRefusal?.code === 'MARKET_CLOSED' || form.queueForOpen || currentPreview?.session.isOpen === false;

  const available = wallet.data?.balances.find((balance) => balance.currency === form.payCurrency)?.available;
  // Buying on margin (issue 16): offered once the margin account is open, on a marginable instrument.
  const marginStatus = useMarginStatus();
  const marginParameters = useMarginParameters();
  const leverageMax =
    marginParameters.data?.instruments.find((row) => row.symbol === stock.symbol)?.leverageMax ?? null;
  const canLever = marginStatus.data?.state === 'open' && leverageMax !== null && form.side === 'buy';
  // Day trading (issue 16 item 5): an instrument on the day-trading list, with an open margin account.
  const dayTrading = useDayTrading(marginStatus.data?.state === 'open');
  const dayTradable =
    marginStatus.data?.state === 'open' && form.side === 'buy'
      ? (dayTrading.data?.instruments.find((row) => row.symbol === stock.symbol) ?? null)
      : null;
  const isIntraday = form.intraday && dayTradable !== null;
  const leverageCap = isIntraday ? (dayTradable?.leverageMax ?? null) : leverageMax;
  // Short selling (issue 16 item 3): an instrument on the lendable list, with an open margin account.
  const lending = useLending(marginStatus.data?.state === 'open');
  const lendable =
    marginStatus.data?.state === 'open'
      ? (lending.data?.lendable.find((row) => row.symbol === stock.symbol) ?? null)
      : null;
  const isShort = form.short && lendable !== null;

  const findMax = async () => {
    setFindingMax(true);
    setMaxRefusal(null);
    try {
      if (form.side === 'buy') {
        if (!available) return;
        const { quantity: _quantity, ...rest } = built.request;
        const result = await fetchPreview({ ...rest, amount: available });
        update({ sizing: 'quantity', quantity: typedQuantity(result.quantity) });
      } else {
        const page = await queryClient.fetchQuery(tradeQueries.positions('holding', 'all'));
        const held = page.items.find((position) => position.symbol === stock.symbol);
        update({ quantity: held ? held.availableQuantity : '0' });
      }
    } catch (error) {
      const refusal = refusalOf(error, form);
      if (refusal) setMaxRefusal({ ...refusal, field: form.sizing === 'amount' ? 'amount' : 'quantity' });
    } finally {
      setFindingMax(false);
    }
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!currentPreview || hasErrors || preview.isFetching) return;
    setSheet({
      preview: currentPreview,
      ticket: JSON.parse(requestText) as TicketRequest,
      key: newIdempotencyKey(),
    });
  };

  const confirm = (pin: string, remember: boolean) => {
    if (!sheet) return;
    place.mutate(
      { ticket: sheet.ticket, fundPassword: pin, idempotencyKey: sheet.key },
      {
        onSuccess: (order) => {
          if (remember) rememberPin(pin);
          else forgetPin();
          setSheet(null);
          showToast(t(`trade.placed.${order.state}`), 2_000);
          void navigate(pathOf('trade'), {
            state: {
              tab: order.state === 'pending' || order.state === 'partially_filled' ? 'pending' : 'holdings',
            },
          });
        },
        onError: (error) => {
          const refusal = refusalOf(error, form);
          if (refusal?.field === 'pin') {
            forgetPin();
            setPlaceRefusal(refusal);
            return;
          }
          setSheet(null);
          setPlaceRefusal(
            refusal ?? { field: 'form', message: describeError(new ApiError('NETWORK')), code: '' },
          );
        },
      },
    );
  };

  const sideColour = (side: OrderSide) => colourOf(side === 'buy' ? 'up' : 'down', scheme);
  const tifOptions = timesInForceFor(form.type);

  return (
    <div data-testid="screen-stockDetailBuy" className={styles.tradeScreen}>
      <header className={classNames('card', styles.tradeHead)}>
        <div>
          <strong>{stock.name}</strong>
          <small>
            {stock.code} · {t(`market.markets.${stock.market}`, { defaultValue: stock.market })}
          </small>
        </div>
        {quote.data && (
          <div className={styles.tradeHeadPrice}>
            <Price quote={quote.data} data-testid="ticket-price" />
            <ChangePill quote={quote.data} />
          </div>
        )}
      </header>

      <div className={styles.tradeSides} role="radiogroup" aria-label={t('trade.side')}>
        {orderSides.map((side) => (
          <button
            key={side}
            type="button"
            role="radio"
            aria-checked={form.side === side}
            data-testid={`side-${side}`}
            style={
              form.side === side ? { background: sideColour(side), borderColor: sideColour(side) } : undefined
            }
            onClick={() => update({ side, sizing: side === 'sell' ? 'quantity' : form.sizing })}
          >
            {t(`trade.sides.${side}`)}
          </button>
        ))}
      </div>

      <form className={classNames('form', styles.tradeForm)} noValidate onSubmit={review}>
        <div className="field">
          <label htmlFor="ticket-type">{t('trade.type')}</label>
          <select
            id="ticket-type"
            value={isIntraday ? 'market' : form.type}
            disabled={isIntraday}
            onChange={(event) => {
              const type = event.target.value as TicketForm['type'];
              update({
                type,
                timeInForce: timesInForceFor(type).includes(form.timeInForce) ? form.timeInForce : 'day',
              });
            }}
          >
            {placeableOrderTypes.map((type) => (
              <option key={type} value={type}>
                {t(`trade.types.${type}`)}
              </option>
            ))}
          </select>
        </div>

        {needsStopPrice(form.type) && (
          <TicketInput
            label={t('trade.stopPrice', { currency: stock.currency })}
            value={form.stopPrice}
            onValueChange={(stopPrice) => update({ stopPrice })}
            error={fieldError('stopPrice')}
            data-testid="ticket-stop-price"
          />
        )}
        {needsLimitPrice(form.type) && (
          <TicketInput
            label={t('trade.limitPrice', { currency: stock.currency })}
            value={form.limitPrice}
            onValueChange={(limitPrice) => update({ limitPrice })}
            error={fieldError('limitPrice')}
            data-testid="ticket-limit-price"
          />
        )}
        {form.type === 'trailing_stop' && (
          <>
            <div className={styles.tradeToggle} role="radiogroup" aria-label={t('trade.trailUnit')}>
              {(['amount', 'percent'] as const).map((unit) => (
                <button
                  key={unit}
                  type="button"
                  role="radio"
                  aria-checked={form.trailUnit === unit}
                  aria-pressed={form.trailUnit === unit}
                  onClick={() => update({ trailUnit: unit })}
                >
                  {t(`trade.trailUnits.${unit}`, { currency: stock.currency })}
                </button>
              ))}
            </div>
            <TicketInput
              label={t(`trade.trail.${form.trailUnit}`, { currency: stock.currency })}
              value={form.trail}
              suffix={form.trailUnit === 'percent' ? '%' : undefined}
              onValueChange={(trail) => update({ trail })}
              error={fieldError('trail')}
              data-testid="ticket-trail"
            />
          </>
        )}

        {form.side === 'buy' && (
          <div className={styles.tradeToggle} role="radiogroup" aria-label={t('trade.sizing')}>
            {(['quantity', 'amount'] as const).map((sizing) => (
              <button
                key={sizing}
                type="button"
                role="radio"
                aria-checked={form.sizing === sizing}
                aria-pressed={form.sizing === sizing}
                data-testid={`sizing-${sizing}`}
                onClick={() => update({ sizing })}
              >
                {t(`trade.sizings.${sizing}`)}
              </button>
            ))}
          </div>
        )}
        {form.sizing === 'amount' && form.side === 'buy' ? (
          <TicketInput
            label={t('trade.amount', { currency: form.payCurrency })}
            value={form.amount}
            onValueChange={(amount) => update({ amount })}
            error={fieldError('amount')}
            data-testid="ticket-amount"
          />
        ) : (
          <TicketInput
            label={lotSize > 1 ? t('trade.quantityLots', { lotSize }) : t('trade.quantity')}
            value={form.quantity}
            onValueChange={(quantity) => update({ quantity })}
            onStep={(direction) =>
              update({ quantity: stepQuantity(form.quantity, direction, quantityScale, lotSize) })
            }
            error={fieldError('quantity')}
            data-testid="ticket-quantity"
            extra={
              <button
                type="button"
                className={styles.tradeMax}
                disabled={isFindingMax || (form.side === 'buy' && !available)}
                onClick={() => void findMax()}
                data-testid="ticket-max"
              >
                {t('trade.max')}
              </button>
            }
          />
        )}
        {form.side === 'buy' && form.sizing === 'amount' && maxRefusal && (
          <p className="field-error" role="alert">
            {maxRefusal.message}
          </p>
        )}

        <div className={styles.tradeRow}>
          <div className="field">
            <label htmlFor="ticket-pay">{form.side === 'buy' ? t('trade.payFrom') : t('trade.payTo')}</label>
            <select
              id="ticket-pay"
              value={form.payCurrency}
              onChange={(event) => update({ payCurrency: event.target.value as Currency })}
            >
              {currencies.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="ticket-tif">{t('trade.timeInForce')}</label>
            <select
              id="ticket-tif"
              value={tifOptions.includes(form.timeInForce) ? form.timeInForce : 'day'}
              onChange={(event) => update({ timeInForce: event.target.value as TimeInForce })}
            >
              {tifOptions.map((tif) => (
                <option key={tif} value={tif}>
                  {t(`trade.tif.${tif}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {lendable && (
          <ShortChoice
            instrument={lendable}
            side={form.side}
            isOn={isShort}
            onChange={(short) =>
              update(
                short
                  ? { short, type: 'market', sizing: 'quantity', leverage: '1.00', intraday: false }
                  : { short },
              )
            }
          />
        )}
        {dayTradable && dayTrading.data && !isShort && (
          <DayTradeChoice
            instrument={dayTradable}
            rules={dayTrading.data.rules}
            isOn={isIntraday}
            onChange={(intraday) =>
              update(
                intraday ? { intraday, type: 'market', leverage: '1.00' } : { intraday, leverage: '1.00' },
              )
            }
          />
        )}
        {(canLever || isIntraday) && !isShort && (
          <div className="field">
            <label htmlFor="ticket-leverage">{t('trade.leverage')}</label>
            <select
              id="ticket-leverage"
              data-testid="ticket-leverage"
              value={form.leverage}
              onChange={(event) => update({ leverage: event.target.value })}
            >
              {leverageChoices(leverageCap).map((choice) => (
                <option key={choice} value={choice}>
                  {choice === '1.00'
                    ? t('trade.leverageCash')
                    : t('trade.leverageChoice', { leverage: formatMoney(choice, language) })}
                </option>
              ))}
            </select>
            <small className={styles.tradeNote}>
              {t('trade.leverageHint', { leverageMax: formatMoney(leverageCap ?? '1.00', language) })}
            </small>
          </div>
        )}
        {available !== undefined && (
          <p className={styles.tradeNote} data-testid="ticket-available">
            {t('exchange.available', { amount: formatCurrency(available, form.payCurrency, language) })}
          </p>
        )}
        {form.timeInForce === 'gtc' && form.type !== 'market' && (
          <div className="field">
            <label htmlFor="ticket-expiry">{t('trade.expiresOn')}</label>
            <input
              id="ticket-expiry"
              type="date"
              value={form.expiresOn}
              max={latestExpiry(new Date())}
              aria-invalid={fieldError('expiresOn') ? true : undefined}
              onChange={(event) => update({ expiresOn: event.target.value })}
            />
            <small className={styles.tradeNote}>{t('trade.expiresOnHint', { days: 90 })}</small>
            {fieldError('expiresOn') && (
              <p className="field-error" role="alert">
                {fieldError('expiresOn')}
              </p>
            )}
          </div>
        )}
        {isClosedForMarket && (
          <label className={styles.tradeCheck} data-testid="queue-for-open">
            <input
              type="checkbox"
              checked={form.queueForOpen}
              onChange={(event) => update({ queueForOpen: event.target.checked })}
            />
            {t('trade.queueForOpen')}
          </label>
        )}
        {formRefusal && (
          <p className="field-error" role="alert" data-testid="ticket-refusal">
            {formRefusal.message}
          </p>
        )}

        {currentPreview && <CostBlock preview={currentPreview} />}
        {currentPreview && <TradingTerms preview={currentPreview} />}
        {!currentPreview && !formRefusal && (
          <p className={styles.tradeNote} data-testid="cost-hint">
            {preview.isFetching ? t('common.loading') : t('trade.cost.hint')}
          </p>
        )}

        <Button
          block
          size="large"
          type="submit"
          disabled={!currentPreview || preview.isFetching}
          style={{ '--background-color': sideColour(form.side), '--text-color': '#fff' } as CSSProperties}
          data-testid="ticket-review"
        >
          {t(`trade.review.${form.side}`)}
        </Button>
      </form>

      <ConfirmSheet
        preview={sheet?.preview ?? null}
        isPlacing={place.isPending}
        pinError={placeRefusal?.field === 'pin' ? placeRefusal.message : null}
        onClose={() => {
          setSheet(null);
          setPlaceRefusal(null);
        }}
        onConfirm={confirm}
      />
    </div>
  );
}

/** The order ticket for the stock kept under `stockDetail`; the side comes with the navigation. */
export default function StockDetailBuyScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const stock = readStockDetail();
  const state = location.state as { side?: unknown; quantity?: unknown } | null;
  const side: OrderSide = state?.side === 'sell' ? 'sell' : 'buy';
  // "Close position" opens the ticket with the whole available quantity.
  const quantity = typeof state?.quantity === 'string' ? typedQuantity(state.quantity) : '';
  if (!stock) return <EmptyState message={t('market.detail.noneSelected')} />;
  return <Ticket stock={stock} initialSide={side} initialQuantity={quantity} />;
}
