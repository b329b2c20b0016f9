import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useLending, useLendingOptInMutation } from '../../../features/margin/lending';
import { formatBasisPoints } from '../../../features/trading/format';
import { LoadingOverlay } from '../../../shell/common';
import styles from './services.module.css';

// Securities lending (issue 16 item 3; /information/securitiesLending, Me → Services): the rules
// (fully paid shares only, the lenders' share of the borrow fee posted daily, a sale of lent shares
// recalls them), opting in or out, what the user lends now and what they earned; the lendable list
// with each instrument's annual borrow fee and whether its channel is open.

const asCurrency = (text: string) => (text === 'USD' ? 'USD' : 'EUR');

export default function SecuritiesLendingScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const lending = useLending();
  const optIn = useLendingOptInMutation();
  if (!lending.data) return <LoadingOverlay visible />;
  const data = lending.data;
  return (
    <div data-testid="screen-securitiesLending">
      <section className="card">
        <h2>{t('lending.title')}</h2>
        <p className={styles.note} data-testid="lending-rules">
          {t('lending.rules', {
            share: formatBasisPoints(data.lenderShareBasisPoints, language),
            hours: String(Math.round(data.recallNoticeMinutes / 60)),
          })}
        </p>
        <p data-testid="lending-state">
          {data.isOptedIn && data.optedInAt
            ? t('lending.optedIn', { date: formatDateTime(data.optedInAt, language) })
            : t('lending.notOptedIn')}
        </p>
        <Button
          block
          color={data.isOptedIn ? 'default' : 'primary'}
          loading={optIn.isPending}
          data-testid="lending-toggle"
          onClick={() => optIn.mutate(!data.isOptedIn)}
        >
          {data.isOptedIn ? t('lending.optOut') : t('lending.optIn')}
        </Button>
      </section>
      <section className="card" data-testid="lending-earnings">
        <h2>{t('lending.earnings')}</h2>
        {data.earnings.length === 0 ? (
          <p className={styles.note}>{t('lending.noEarnings')}</p>
        ) : (
          data.earnings.map((row) => (
            <p key={row.currency}>
              {t('lending.earned', {
                fees: formatCurrency(row.borrowFees, asCurrency(row.currency), language),
                dividends: formatCurrency(row.manufacturedDividends, asCurrency(row.currency), language),
              })}
            </p>
          ))
        )}
        <h2>{t('lending.lentNow')}</h2>
        {data.lent.length === 0 ? (
          <p className={styles.note}>{t('lending.nothingLent')}</p>
        ) : (
          <ul data-testid="lending-lent">
            {data.lent.map((row) => (
              <li key={row.symbol}>{t('lending.lentRow', { symbol: row.symbol, quantity: row.quantity })}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" data-testid="lending-list">
        <h2>{t('lending.lendable')}</h2>
        <ul>
          {data.lendable.map((row) => (
            <li key={row.symbol}>
              {t('lending.lendableRow', {
                name: row.name,
                symbol: row.symbol,
                fee: formatBasisPoints(row.borrowFeeBasisPoints, language),
              })}{' '}
              {row.isChannelOpen ? '' : t('lending.paused')}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
