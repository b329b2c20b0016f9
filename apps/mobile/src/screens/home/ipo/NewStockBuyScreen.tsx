import { formatCurrency } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { fetchIpoPreview, useIpoSubscribeMutation } from '../../../features/offerings/mutations';
import { useIpoDetail, type IpoPreview } from '../../../features/offerings/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import styles from './ipo.module.css';
import { newStockPath } from './IpoParts';

// Subscribe (/home/newStockBuy?id=, spec `newStockBuy`; issue 17): a quantity, then exactly what
// will be frozen (issue price × quantity + fee) against the money available, before confirming.
// Confirming freezes it at once; there is no later payment.

export default function NewStockBuyScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useIpoDetail(id);
  const subscribe = useIpoSubscribeMutation();
  const [quantity, setQuantity] = useState<string | null>(null);
  const [preview, setPreview] = useState<IpoPreview | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [isPreviewing, setPreviewing] = useState(false);

  if (!id) return <EmptyState message={t('ipo.empty')} />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <EmptyState message={t('common.failure')} />;
  const { offering } = detail.data;
  const shown = quantity ?? offering.minimumQuantity;
  const money = (amount: string) => formatCurrency(amount, offering.currency, language);

  const askPreview = async (event: FormEvent) => {
    event.preventDefault();
    setPreviewing(true);
    try {
      setPreview(await fetchIpoPreview(offering.id, shown.trim()));
      setIdempotencyKey(newIdempotencyKey());
    } catch {
      setPreview(null);
    } finally {
      setPreviewing(false);
    }
  };

  const confirm = () => {
    if (!preview) return;
    subscribe.mutate(
      { id: offering.id, quantity: preview.quantity, idempotencyKey },
      {
        onSuccess: () => {
          showToast(t('ipo.subscribed'), 2000);
          void navigate(newStockPath(offering.id), { replace: true });
        },
      },
    );
  };

  return (
    <div className={styles.ipoScreen} data-testid="screen-newStockBuy">
      <section className="card">
        <div className={styles.ipoHead}>
          <div>
            <strong>{offering.name}</strong>
            <small>{offering.symbol}</small>
          </div>
          <span className="numeric">{money(offering.issuePrice)}</span>
        </div>
      </section>
      <form className="form" noValidate onSubmit={(event) => void askPreview(event)}>
        <Field
          label={t('ipo.quantity')}
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          data-testid="ipo-quantity"
          onValueChange={(value) => {
            setQuantity(value);
            setPreview(null);
          }}
        />
        <p className="form-footer">
          {t('ipo.quantityHint', {
            minimum: Number(offering.minimumQuantity).toLocaleString(language),
            lot: Number(offering.lotSize).toLocaleString(language),
          })}
        </p>
        <Button block size="large" type="submit" loading={isPreviewing} data-testid="ipo-preview">
          {t('ipo.preview')}
        </Button>
      </form>
      {preview && (
        <>
          <section className="card" data-testid="ipo-preview-card">
            <SummaryRows
              rows={[
                {
                  key: 'gross',
                  label: t('ipo.gross'),
                  value: money(preview.gross),
                  testId: 'ipo-preview-gross',
                },
                { key: 'fee', label: t('ipo.fee'), value: money(preview.fee), testId: 'ipo-preview-fee' },
                {
                  key: 'total',
                  label: t('ipo.total'),
                  value: money(preview.total),
                  isTotal: true,
                  testId: 'ipo-preview-total',
                },
                { key: 'available', label: t('ipo.available'), value: money(preview.available) },
              ]}
            />
            <p className={styles.ipoNote}>{t('ipo.frozenNote')}</p>
            {!preview.isAffordable && (
              <p className="callout status-failed" role="alert">
                {t('ipo.notAffordable')}
              </p>
            )}
          </section>
          <div className="actions">
            <Button
              block
              color="primary"
              size="large"
              disabled={!preview.isAffordable}
              loading={subscribe.isPending}
              onClick={confirm}
              data-testid="ipo-confirm"
            >
              {t('ipo.confirm', { amount: money(preview.total) })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
