import { formatMoney } from '@beurs/i18n';
import { formatDecimal } from '@beurs/contract/decimal';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import type { Lending } from '../../../features/margin/lending';
import styles from '../trade.module.css';

// The ticket's Long/Short choice (issue 16 item 3), for an instrument on the lendable list with an
// open margin account: a sale marked short sells shares borrowed from the lending pool; a buy marked
// short covers a short (buy-to-cover). Both are market orders for a quantity; the annual borrow fee
// and the initial margin are shown here and, priced, in the cost block.

export function ShortChoice({
  instrument,
  side,
  isOn,
  onChange,
}: {
  instrument: Lending['lendable'][number];
  side: 'buy' | 'sell';
  isOn: boolean;
  onChange: (short: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const percent = (basisPoints: number) => formatMoney(formatDecimal(BigInt(basisPoints), 2), language);
  const isClosed = side === 'sell' && !instrument.isChannelOpen;
  return (
    <div data-testid="ticket-short">
      <div className={styles.tradeToggle} role="radiogroup" aria-label={t('trade.short.direction')}>
        {(['long', 'short'] as const).map((direction) => (
          <button
            key={direction}
            type="button"
            role="radio"
            aria-checked={(direction === 'short') === isOn}
            disabled={direction === 'short' && isClosed && !isOn}
            data-testid={`direction-${direction}`}
            onClick={() => onChange(direction === 'short')}
          >
            {t(`trade.short.${direction}`)}
          </button>
        ))}
      </div>
      <small className={styles.tradeNote} data-testid="ticket-short-terms">
        {isClosed
          ? t('trade.short.closed')
          : t(side === 'sell' ? 'trade.short.sellTerms' : 'trade.short.buyTerms', {
              fee: percent(instrument.borrowFeeBasisPoints),
              margin: percent(instrument.initialBasisPoints),
            })}
      </small>
    </div>
  );
}
