import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { isSixDigits } from '../../../features/identity/fund-password';
import { formatBasisPoints, formatQuantity, formatTradePrice } from '../../../features/trading/format';
import type { CostPreview } from '../../../features/trading/queries';
import { forgetPin, pinRememberedUntil, rememberedPin } from '../../../features/trading/trading-pin';
import { SummaryRows } from '../../../shell/SummaryRows';
import styles from '../trade.module.css';

type Props = {
  preview: CostPreview | null;
  isPlacing: boolean;
  /** A refusal of the PIN (wrong, locked), already translated. */
  pinError: string | null;
  onClose: () => void;
  onConfirm: (pin: string, remember: boolean) => void;
};

/**
 * The confirm sheet: the order and its total once more, and the trading PIN (the fund password,
 * spec §5). The user may let the app remember the PIN for 15 minutes, in memory only.
 */
export function ConfirmSheet({ preview, isPlacing, pinError, onClose, onConfirm }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const pinId = useId();
  const [pin, setPin] = useState('');
  const [remember, setRemember] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const rememberedUntil = preview ? pinRememberedUntil() : null;

  useEffect(() => {
    if (preview) {
      setPin(rememberedPin() ?? '');
      setRemember(rememberedPin() !== null);
      setLocalError(null);
    }
  }, [preview]);

  const confirm = () => {
    if (!isSixDigits(pin)) {
      setLocalError(t('fundPass.sixDigits'));
      return;
    }
    setLocalError(null);
    onConfirm(pin, remember);
  };
  const error = localError ?? pinError;
  const pay = (text: string) =>
    preview ? formatCurrency(text, preview.payCurrency === 'USD' ? 'USD' : 'EUR', language) : '';

  return (
    <Popup
      visible={preview !== null}
      onMaskClick={onClose}
      bodyClassName={styles.tradeSheet}
      destroyOnClose
      aria-label={t('trade.confirm.title')}
    >
      {preview && (
        <div data-testid="confirm-sheet">
          <h2 className={styles.tradeCardTitle}>{t('trade.confirm.title')}</h2>
          <SummaryRows
            rows={[
              {
                key: 'order',
                label: t(`trade.sides.${preview.side}`),
                value: `${preview.code} · ${t(`trade.types.${preview.type}`)}`,
                isText: true,
              },
              {
                key: 'quantity',
                label: t('trade.quantity'),
                value: formatQuantity(preview.quantity, language),
              },
              {
                key: 'price',
                label: t(`trade.confirm.priceBasis.${preview.priceBasis}`),
                value: formatTradePrice(preview.price, language),
              },
              {
                key: 'total',
                label: preview.side === 'buy' ? t('trade.cost.totalBuy') : t('trade.cost.totalSell'),
                value: pay(preview.total),
                isTotal: true,
                testId: 'confirm-total',
              },
              ...(preview.margin
                ? [
                    {
                      key: 'marginUsed',
                      label: t('trade.cost.marginUsed'),
                      value: pay(preview.margin.marginUsed),
                      testId: 'confirm-margin-used',
                    },
                    {
                      key: 'borrowed',
                      label: t('trade.cost.borrowed'),
                      value: pay(preview.margin.borrowed),
                      testId: 'confirm-borrowed',
                    },
                    {
                      key: 'interest',
                      label: t('trade.cost.interest', {
                        rate: formatBasisPoints(preview.margin.annualRateBasisPoints, language),
                      }),
                      value: t('trade.cost.interestDaily', { amount: pay(preview.margin.dailyInterest) }),
                    },
                  ]
                : []),
            ]}
          />
          {preview.willQueueForOpen && <p className="callout">{t('trade.queued')}</p>}
          <div className="field">
            <label htmlFor={pinId}>{t('trade.confirm.pin')}</label>
            <input
              id={pinId}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={pin}
              data-testid="confirm-pin"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${pinId}-error` : undefined}
              onChange={(event) => setPin(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') confirm();
              }}
            />
            {error && (
              <p id={`${pinId}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <label className={styles.tradeCheck}>
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) => {
                setRemember(event.target.checked);
                if (!event.target.checked) forgetPin();
              }}
            />
            {rememberedUntil !== null
              ? t('trade.confirm.rememberedUntil', {
                  time: formatDateTime(new Date(rememberedUntil), language),
                })
              : t('trade.confirm.remember')}
          </label>
          <div className={styles.tradeSheetActions}>
            <Button block onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button block color="primary" loading={isPlacing} onClick={confirm} data-testid="confirm-order">
              {t('trade.confirm.submit')}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
