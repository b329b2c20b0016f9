import { formatCurrency, formatDateTime, formatRate } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { isRefusal } from '../../../api/client';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { formatCash, type Currency } from '@beurs/contract/decimal';
import { checkAmount } from '../../../features/funds/amount-check';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { fetchExchangeQuote, useExchangeMutation } from '../../../features/funds/mutations';
import type { ExchangeQuote } from '../../../features/funds/queries';
import { sourceName } from '../../../features/market/source-name';
import { useWallet } from '../../../features/wallet/queries';
import { Field, type FieldMessage } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import styles from './wallet/wallet.module.css';
import { classNames } from '../../../shell/common';

const other = (currency: Currency): Currency => (currency === 'EUR' ? 'USD' : 'EUR');

function QuoteCard({ quote }: { quote: ExchangeQuote }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <section className="card" data-testid="exchange-quote">
      <SummaryRows
        rows={[
          {
            key: 'amount',
            label: t('cashOut.amount', { currency: quote.from }),
            value: formatCurrency(quote.amount, quote.from, language),
          },
          {
            key: 'market',
            label: t('exchange.marketRate'),
            value: formatRate(quote.marketRate, language),
            testId: 'exchange-market-rate',
          },
          {
            key: 'spread',
            label: t('exchange.spread'),
            value: t('exchange.basisPoints', { count: quote.spreadBasisPoints }),
          },
          {
            key: 'applied',
            label: t('exchange.appliedRate', { from: quote.from, to: quote.to }),
            value: formatRate(quote.appliedRate, language),
          },
          {
            key: 'received',
            label: t('exchange.received'),
            value: formatCurrency(quote.received, quote.to, language),
            testId: 'exchange-received',
            isTotal: true,
          },
        ]}
      />
      <small className="summary-source" data-testid="exchange-source">
        {t('exchange.source', {
          source: sourceName(quote.source, t),
          time: formatDateTime(quote.timestamp, language),
        })}
      </small>
    </section>
  );
}

/** A held quote and the moment, on this device's clock, it stops being held. */
type Held = { quote: ExchangeQuote; deadlineMs: number };

/**
 * Whole seconds left until `deadlineMs`, ticking. The deadline is counted on this device's clock
 * from when the quote was asked for (`holdSeconds` later), so a clock that differs from the
 * server's does not show time the server will not honour.
 */
function useSecondsLeft(deadlineMs: number | null): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (deadlineMs === null) return;
    setNowMs(Date.now());
    const timer = window.setInterval(() => setNowMs(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);
  return deadlineMs === null ? 0 : Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** Exchange (/information/exChange): a held quote with rate, spread, source, time and countdown, then confirm. */
export default function ExChangeScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const wallet = useWallet();
  const exchange = useExchangeMutation();
  const [from, setFrom] = useState<Currency>('EUR');
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<FieldMessage | undefined>();
  const [held, setHeld] = useState<Held | null>(null);
  const [isRefusedAsExpired, setRefusedAsExpired] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [isQuoting, setQuoting] = useState(false);
  const available = wallet.data?.balances.find((balance) => balance.currency === from)?.available;
  const secondsLeft = useSecondsLeft(held?.deadlineMs ?? null);
  const quote = held?.quote ?? null;
  const isExpired = held !== null && (secondsLeft === 0 || isRefusedAsExpired);

  const clearQuote = () => {
    setHeld(null);
    setRefusedAsExpired(false);
  };

  const fetchQuote = async () => {
    const { amount, error: problem } = checkAmount(amountText, {}, (value) =>
      formatCurrency(value, from, language),
    );
    setError(problem ?? undefined);
    if (amount === null) return;
    setQuoting(true);
    const askedAtMs = Date.now();
    try {
      const next = await fetchExchangeQuote({ from, to: other(from), amount: formatCash(amount) });
      setHeld({ quote: next, deadlineMs: askedAtMs + next.holdSeconds * 1000 });
      setRefusedAsExpired(false);
      setIdempotencyKey(newIdempotencyKey());
    } catch {
      clearQuote();
    } finally {
      setQuoting(false);
    }
  };

  const requestQuote = (event: FormEvent) => {
    event.preventDefault();
    void fetchQuote();
  };

  const confirm = () => {
    if (!quote || isExpired) return;
    exchange.mutate(
      { quote, idempotencyKey },
      {
        onSuccess: (result) => {
          showToast(
            t('exchange.done', { received: formatCurrency(result.received, result.to, language) }),
            2000,
          );
          clearQuote();
          setAmountText('');
        },
        // An expired quote stays on screen, marked, with a button for a new one.
        onError: (failure) =>
          isRefusal(failure, 'EXCHANGE_QUOTE_EXPIRED') ? setRefusedAsExpired(true) : clearQuote(),
      },
    );
  };

  return (
    <div data-testid="screen-exChange">
      <form className="form" noValidate onSubmit={(event) => void requestQuote(event)}>
        <div className="field">
          <label htmlFor="exchange-from">{t('exchange.from')}</label>
          <select
            id="exchange-from"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value as Currency);
              clearQuote();
            }}
          >
            <option value="EUR">{t('exchange.pair', { from: 'EUR', to: 'USD' })}</option>
            <option value="USD">{t('exchange.pair', { from: 'USD', to: 'EUR' })}</option>
          </select>
        </div>
        <Field
          label={t('cashOut.amount', { currency: from })}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          error={error}
          onValueChange={(value) => {
            setAmountText(value);
            clearQuote();
          }}
        />
        {available !== undefined && (
          <p className="form-footer">
            {t('exchange.available', { amount: formatCurrency(available, from, language) })}
          </p>
        )}
        <Button block size="large" type="submit" loading={isQuoting}>
          {t('exchange.quote')}
        </Button>
      </form>
      {quote && (
        <>
          <QuoteCard quote={quote} />
          {isExpired ? (
            <div className={classNames('actions', styles.actionsFlush)}>
              <p className="form-footer" role="status" data-testid="exchange-expired">
                {t('exchange.expired')}
              </p>
              <Button
                block
                color="primary"
                size="large"
                loading={isQuoting}
                onClick={() => void fetchQuote()}
                data-testid="exchange-requote"
              >
                {t('exchange.requote')}
              </Button>
            </div>
          ) : (
            <div className={classNames('actions', styles.actionsFlush)}>
              <p className="form-footer" role="timer" data-testid="exchange-countdown">
                {t('exchange.heldFor', { seconds: secondsLeft })}
              </p>
              <Button block color="primary" size="large" loading={exchange.isPending} onClick={confirm}>
                {t('exchange.confirm')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
