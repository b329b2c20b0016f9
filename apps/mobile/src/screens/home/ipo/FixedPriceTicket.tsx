import type { Currency } from '@beurs/contract/decimal';
import { formatCurrency } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { Field } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import styles from './ipo.module.css';

// The ticket of a product sold at a fixed price in whole lots — an IPO (`newStockBuy`) or a
// placement (`newStockBuy2`), issue 17: a quantity, then exactly what will be frozen (price ×
// quantity + fee) against the money available, before confirming. Confirming freezes it at once;
// there is no later payment. `kind` names the texts (`ipo.*` or `placement.*`) and the test ids.

export type FixedPriceProduct = {
  id: string;
  name: string;
  symbol: string;
  currency: Currency;
  price: string;
  minimumQuantity: string;
  lotSize: string;
};

export type FixedPricePreview = {
  quantity: string;
  gross: string;
  fee: string;
  total: string;
  available: string;
  isAffordable: boolean;
};

export function FixedPriceTicket(props: {
  kind: 'ipo' | 'placement';
  screenTestId: string;
  product: FixedPriceProduct;
  /** Values for the quantity hint beyond the minimum and the lot (a placement's daily `left`). */
  hintValues?: Record<string, string>;
  fetchPreview: (id: string, quantity: string) => Promise<FixedPricePreview>;
  subscription: {
    isPending: boolean;
    mutate(
      input: { id: string; quantity: string; idempotencyKey: string },
      options: { onSuccess: () => void },
    ): void;
  };
  /** Where the user lands once subscribed. */
  donePath: string;
}) {
  const { kind, product } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState<string | null>(null);
  const [preview, setPreview] = useState<FixedPricePreview | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [isPreviewing, setPreviewing] = useState(false);
  const shown = quantity ?? product.minimumQuantity;
  const money = (amount: string) => formatCurrency(amount, product.currency, language);
  const whole = (value: string) => Number(value).toLocaleString(language);

  const askPreview = async (event: FormEvent) => {
    event.preventDefault();
    setPreviewing(true);
    try {
      setPreview(await props.fetchPreview(product.id, shown.trim()));
      setIdempotencyKey(newIdempotencyKey());
    } catch {
      setPreview(null);
    } finally {
      setPreviewing(false);
    }
  };

  const confirm = () => {
    if (!preview) return;
    props.subscription.mutate(
      { id: product.id, quantity: preview.quantity, idempotencyKey },
      {
        onSuccess: () => {
          showToast(t(`${kind}.subscribed`), 2000);
          void navigate(props.donePath, { replace: true });
        },
      },
    );
  };

  const hintValues = Object.fromEntries(
    Object.entries(props.hintValues ?? {}).map(([key, value]) => [key, whole(value)]),
  );
  return (
    <div className={styles.ipoScreen} data-testid={props.screenTestId}>
      <section className="card">
        <div className={styles.ipoHead}>
          <div>
            <strong>{product.name}</strong>
            <small>{product.symbol}</small>
          </div>
          <span className="numeric">{money(product.price)}</span>
        </div>
      </section>
      <form className="form" noValidate onSubmit={(event) => void askPreview(event)}>
        <Field
          label={t(`${kind}.quantity`)}
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          data-testid={`${kind}-quantity`}
          onValueChange={(value) => {
            setQuantity(value);
            setPreview(null);
          }}
        />
        <p className="form-footer">
          {t(`${kind}.quantityHint`, {
            minimum: whole(product.minimumQuantity),
            lot: whole(product.lotSize),
            ...hintValues,
          })}
        </p>
        <Button block size="large" type="submit" loading={isPreviewing} data-testid={`${kind}-preview`}>
          {t(`${kind}.preview`)}
        </Button>
      </form>
      {preview && (
        <>
          <section className="card" data-testid={`${kind}-preview-card`}>
            <SummaryRows
              rows={[
                {
                  key: 'gross',
                  label: t(`${kind}.gross`),
                  value: money(preview.gross),
                  testId: `${kind}-preview-gross`,
                },
                {
                  key: 'fee',
                  label: t(`${kind}.fee`),
                  value: money(preview.fee),
                  testId: `${kind}-preview-fee`,
                },
                {
                  key: 'total',
                  label: t(`${kind}.total`),
                  value: money(preview.total),
                  isTotal: true,
                  testId: `${kind}-preview-total`,
                },
                { key: 'available', label: t(`${kind}.available`), value: money(preview.available) },
              ]}
            />
            <p className={styles.ipoNote}>{t(`${kind}.frozenNote`)}</p>
            {!preview.isAffordable && (
              <p className="callout status-failed" role="alert">
                {t(`${kind}.notAffordable`)}
              </p>
            )}
          </section>
          <div className="actions">
            <Button
              block
              color="primary"
              size="large"
              disabled={!preview.isAffordable}
              loading={props.subscription.isPending}
              onClick={confirm}
              data-testid={`${kind}-confirm`}
            >
              {t(`${kind}.confirm`, { amount: money(preview.total) })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
