import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { formatCash, parseTypedCash, type Currency } from '@beurs/contract/decimal';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { fetchExchangeQuote, useExchangeMutation } from '../../../features/funds/mutations';
import type { ExchangeQuote } from '../../../features/funds/queries';
import { useWallet } from '../../../features/wallet/queries';
import { Field } from '../../../shell/Field';
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
            value: quote.marketRate,
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
            value: quote.appliedRate,
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
        {t('exchange.source', { source: quote.source, time: formatDateTime(quote.timestamp, language) })}
      </small>
    </section>
  );
}

/** Exchange (/information/exChange): a quote with rate, spread, source and time, then confirm. */
export default function ExChangeScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const wallet = useWallet();
  const exchange = useExchangeMutation();
  const [from, setFrom] = useState<Currency>('EUR');
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [isQuoting, setQuoting] = useState(false);
  const available = wallet.data?.balances.find((balance) => balance.currency === from)?.available;

  const requestQuote = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseTypedCash(amountText);
    setError(amount === null || amount === 0n ? 'cashOut.amountInvalid' : undefined);
    if (amount === null || amount === 0n) return;
    setQuoting(true);
    try {
      setQuote(await fetchExchangeQuote({ from, to: other(from), amount: formatCash(amount) }));
      setIdempotencyKey(newIdempotencyKey());
    } catch {
      setQuote(null);
    } finally {
      setQuoting(false);
    }
  };

  const confirm = () => {
    if (!quote) return;
    exchange.mutate(
      { quote, idempotencyKey },
      {
        onSuccess: (result) => {
          showToast(
            t('exchange.done', { received: formatCurrency(result.received, result.to, language) }),
            2000,
          );
          setQuote(null);
          setAmountText('');
        },
        onError: () => setQuote(null),
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
              setQuote(null);
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
            setQuote(null);
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
          <div className={classNames('actions', styles.actionsFlush)}>
            <Button block color="primary" size="large" loading={exchange.isPending} onClick={confirm}>
              {t('exchange.confirm')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
