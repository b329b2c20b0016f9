import { formatDateTime, formatTimeZone } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import type { CostPreview } from '../../../features/trading/queries';
import { pathOf } from '../../../routes/paths';
import styles from '../trade.module.css';

/**
 * The sell-lock and trading-hours line shown before the user buys (issue 11 items 2 and 4): whether
 * the venue is open (until when) or when it opens, the market's sell lock, settlement, and the link
 * to the published fees.
 */
export function TradingTerms({ preview }: { preview: CostPreview }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { session, sellLock } = preview;
  const time = (iso: string) => formatDateTime(iso, language, session.timeZone);
  const hours = session.isOpen
    ? session.closesAt
      ? t('trade.terms.openUntil', { time: time(session.closesAt) })
      : t('trade.terms.open')
    : session.opensAt
      ? t('trade.terms.closedOpens', { time: time(session.opensAt) })
      : t('trade.terms.closed');
  const lock =
    sellLock.days > 0
      ? t('trade.terms.sellLockDays', { count: sellLock.days })
      : sellLock.minutes > 0
        ? t('trade.terms.sellLockMinutes', { count: sellLock.minutes })
        : t('trade.terms.noSellLock');
  return (
    <section className={styles.tradeTerms} data-testid="trading-terms">
      <p data-testid="trading-hours">
        {hours} ({formatTimeZone(session.timeZone, language)})
      </p>
      <p data-testid="sell-lock">
        {lock} · {t('trade.terms.settlement', { count: preview.settlementDays })}
      </p>
      {preview.expiresAt && (
        <p data-testid="order-expiry">{t('trade.terms.expires', { time: time(preview.expiresAt) })}</p>
      )}
      <Link className="text-link" to={pathOf('fees')} data-testid="fees-link">
        {t('trade.fees.link')}
      </Link>
    </section>
  );
}
