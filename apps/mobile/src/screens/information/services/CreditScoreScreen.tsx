import { formatCash } from '@beurs/contract/decimal';
import { formatCurrency } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { useCreditScore, type CreditScore } from '../../../features/services/queries';
import { pathOf } from '../../../routes/paths';
import { LoadingOverlay } from '../../../shell/common';
import { SummaryRows } from '../../../shell/SummaryRows';
import { formatBasisPoints } from '../../../features/trading/format';
import styles from './services.module.css';

type Factor = CreditScore['factors'][number];

/** What a factor counted, in words. */
function useMeasured() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (factor: Factor): string => {
    switch (factor.name) {
      case 'identity_verified':
        return factor.measured === '1' ? t('credit.measured.verified') : t('credit.measured.notVerified');
      case 'account_age':
      case 'deposit_months':
        return t('credit.measured.months', { count: Number(factor.measured) });
      case 'repayments': {
        const [onTime = '0', late = '0'] = factor.measured.split('/');
        return t('credit.measured.repayments', { onTime, late });
      }
      case 'current_debt':
        return t('credit.measured.owed', {
          amount: formatCurrency(formatCash(BigInt(factor.measured)), 'EUR', language),
        });
    }
  };
}

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

/** Credit score (/information/creditScore): the score, each factor with its points and rule, the bands. */
export default function CreditScoreScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const score = useCreditScore();
  const measured = useMeasured();
  const data = score.data;
  if (!data) return <LoadingOverlay visible={score.isPending} />;
  return (
    <div data-testid="screen-creditScore">
      <section className="card">
        <h2>{t('credit.score')}</h2>
        <p className={styles.score}>
          <strong data-testid="credit-score">{data.score}</strong>
          <span>{t('credit.outOf', { max: data.maxScore })}</span>
        </p>
        <SummaryRows
          rows={[
            {
              key: 'limit',
              label: t('credit.limit'),
              value: data.tier ? formatCurrency(data.tier.limit, 'EUR', language) : '—',
              testId: 'credit-limit',
            },
            {
              key: 'rate',
              label: t('credit.rate'),
              value: data.tier ? formatBasisPoints(data.tier.rateBasisPoints, language) : '—',
            },
            {
              key: 'apr',
              label: t('credit.apr'),
              value: data.tier ? formatBasisPoints(data.tier.aprBasisPoints, language) : '—',
            },
            { key: 'owed', label: t('credit.owed'), value: formatCurrency(data.owed, 'EUR', language) },
            {
              key: 'available',
              label: t('credit.available'),
              value: formatCurrency(data.available, 'EUR', language),
              isTotal: true,
              testId: 'credit-available',
            },
          ]}
        />
        {!data.tier && data.tiers[0] && (
          <p className={styles.note}>{t('credit.noBand', { score: data.tiers[0].minScore })}</p>
        )}
        <p className={styles.note}>{t('credit.neverWithdrawals')}</p>
        <Link
          className={`text-link ${styles.cardLink}`}
          to={pathOf('loanList')}
          data-testid="credit-to-loans"
        >
          {t('credit.toLoans')}
        </Link>
      </section>
      <section className="card" aria-labelledby="credit-factors">
        <h2 id="credit-factors">{t('credit.formula')}</h2>
        <p className={styles.note}>{t('credit.formulaNote')}</p>
        {data.factors.map((factor) => (
          <div key={factor.name} className={styles.factor} data-testid={`factor-${factor.name}`}>
            <span>{t(`credit.factors.${factor.name}`)}</span>
            <span className={styles.points}>{signed(factor.points)}</span>
            <small>
              {measured(factor)} · {t(`credit.rules.${factor.name}`)}
            </small>
          </div>
        ))}
      </section>
      <section className="card" aria-labelledby="credit-bands">
        <h2 id="credit-bands">{t('credit.bands')}</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('credit.bandScore')}</th>
              <th>{t('credit.limit')}</th>
              <th>{t('credit.rateShort')}</th>
              <th>{t('credit.apr')}</th>
            </tr>
          </thead>
          <tbody>
            {data.tiers.map((tier) => (
              <tr key={tier.minScore}>
                <td>{t('credit.fromScore', { score: tier.minScore })}</td>
                <td>{formatCurrency(tier.limit, 'EUR', language)}</td>
                <td>{formatBasisPoints(tier.rateBasisPoints, language)}</td>
                <td>{formatBasisPoints(tier.aprBasisPoints, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.note}>
          {t('credit.bandsNote', { term: data.termMonths, basis: data.dayCountBasis })}
        </p>
      </section>
    </div>
  );
}
