import { formatCurrency } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { fetchPlacementPreview, usePlacementSubscribeMutation } from '../../../features/placements/mutations';
import { usePlacementDetail, type PlacementPreview } from '../../../features/placements/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import styles from '../ipo/ipo.module.css';
import { placementPath } from './PlacementParts';

// Request shares of a placement (/home/newStockBuy2?id=, spec `newStockBuy2`; issue 17 item 4): a
// quantity, then exactly what will be frozen (price × quantity + fee) against the money available,
// before confirming. Confirming freezes it at once.

export default function NewStockBuy2Screen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = usePlacementDetail(id);
  const subscribe = usePlacementSubscribeMutation();
  const [quantity, setQuantity] = useState<string | null>(null);
  const [preview, setPreview] = useState<PlacementPreview | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [isPreviewing, setPreviewing] = useState(false);

  if (!id) return <EmptyState message={t('placement.empty')} />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <EmptyState message={t('common.failure')} />;
  const { placement, dailyLeft } = detail.data;
  const shown = quantity ?? placement.minimumQuantity;
  const money = (amount: string) => formatCurrency(amount, placement.currency, language);

  const askPreview = async (event: FormEvent) => {
    event.preventDefault();
    setPreviewing(true);
    try {
      setPreview(await fetchPlacementPreview(placement.id, shown.trim()));
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
      { id: placement.id, quantity: preview.quantity, idempotencyKey },
      {
        onSuccess: () => {
          showToast(t('placement.subscribed'), 2000);
          void navigate(placementPath(placement.id), { replace: true });
        },
      },
    );
  };

  return (
    <div className={styles.ipoScreen} data-testid="screen-newStockBuy2">
      <section className="card">
        <div className={styles.ipoHead}>
          <div>
            <strong>{placement.name}</strong>
            <small>{placement.symbol}</small>
          </div>
          <span className="numeric">{money(placement.price)}</span>
        </div>
      </section>
      <form className="form" noValidate onSubmit={(event) => void askPreview(event)}>
        <Field
          label={t('placement.quantity')}
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          data-testid="placement-quantity"
          onValueChange={(value) => {
            setQuantity(value);
            setPreview(null);
          }}
        />
        <p className="form-footer">
          {t('placement.quantityHint', {
            minimum: Number(placement.minimumQuantity).toLocaleString(language),
            lot: Number(placement.lotSize).toLocaleString(language),
            left: Number(dailyLeft).toLocaleString(language),
          })}
        </p>
        <Button block size="large" type="submit" loading={isPreviewing} data-testid="placement-preview">
          {t('placement.preview')}
        </Button>
      </form>
      {preview && (
        <>
          <section className="card" data-testid="placement-preview-card">
            <SummaryRows
              rows={[
                { key: 'gross', label: t('placement.gross'), value: money(preview.gross) },
                { key: 'fee', label: t('placement.fee'), value: money(preview.fee) },
                {
                  key: 'total',
                  label: t('placement.total'),
                  value: money(preview.total),
                  isTotal: true,
                  testId: 'placement-preview-total',
                },
                { key: 'available', label: t('placement.available'), value: money(preview.available) },
              ]}
            />
            <p className={styles.ipoNote}>{t('placement.frozenNote')}</p>
            {!preview.isAffordable && (
              <p className="callout status-failed" role="alert">
                {t('placement.notAffordable')}
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
              data-testid="placement-confirm"
            >
              {t('placement.confirm', { amount: money(preview.total) })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
