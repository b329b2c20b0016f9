import { formatDateTime, formatMoney, formatTimeZone } from '@beurs/i18n';
import { formatDecimal } from '@beurs/contract/decimal';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import type { DayTrading } from '../../../features/margin/day-trading';
import styles from '../trade.module.css';

// The ticket's day-trade choice (issue 16 item 5), for an instrument on the day-trading list: a
// market buy at the intraday margin, sold at market at the auto-close time (shown in the venue's
// time), or why it cannot be taken now (the venue closed or past the auto-close time).

export function DayTradeChoice({
  instrument,
  rules,
  isOn,
  onChange,
}: {
  instrument: DayTrading['instruments'][number];
  rules: DayTrading['rules'];
  isOn: boolean;
  onChange: (intraday: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const inVenue = (instant: string) => formatDateTime(instant, language, instrument.timeZone).slice(11, 16);
  const zone = formatTimeZone(instrument.timeZone, language);
  return (
    <div data-testid="ticket-day-trade">
      <label className={styles.tradeCheck}>
        <input
          type="checkbox"
          checked={isOn}
          disabled={!instrument.isOpenForDayTrades && !isOn}
          onChange={(event) => onChange(event.target.checked)}
          data-testid="ticket-intraday"
        />
        {t('trade.dayTrade.choice')}
      </label>
      <small className={styles.tradeNote} data-testid="ticket-day-trade-terms">
        {t('trade.dayTrade.terms', {
          margin:
            rules.intradayInitialBasisPoints % 100 === 0
              ? String(rules.intradayInitialBasisPoints / 100)
              : formatMoney(formatDecimal(BigInt(rules.intradayInitialBasisPoints), 2), language),
          leverage: formatMoney(instrument.leverageMax, language),
        })}{' '}
        {instrument.autoCloseAt
          ? t('trade.dayTrade.autoClose', { time: inVenue(instrument.autoCloseAt), zone })
          : t('trade.dayTrade.closed')}
      </small>
    </div>
  );
}
