import { formatCurrency } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import type { LoanPreview } from '../../../features/services/queries';
import { SummaryRows } from '../../../shell/SummaryRows';
import { formatBasisPoints } from '../../../features/trading/format';
import { formatDay } from './format';
import styles from './services.module.css';

/** Before borrowing: the amount, rate, APR, term, the schedule month by month and the total cost. */
export function LoanPreviewCard({ preview }: { preview: LoanPreview }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const eur = (amount: string) => formatCurrency(amount, 'EUR', language);
  return (
    <section className="card" data-testid="loan-preview">
      <SummaryRows
        rows={[
          { key: 'amount', label: t('credit.amountBorrowed'), value: eur(preview.amount) },
          {
            key: 'rate',
            label: t('credit.rate'),
            value: formatBasisPoints(preview.rateBasisPoints, language),
          },
          {
            key: 'apr',
            label: t('credit.apr'),
            value: formatBasisPoints(preview.aprBasisPoints, language),
            testId: 'loan-preview-apr',
          },
          {
            key: 'term',
            label: t('credit.term'),
            value: t('credit.termMonths', { count: preview.termMonths }),
          },
          { key: 'due', label: t('credit.dueOn'), value: formatDay(preview.dueOn) },
          {
            key: 'interest',
            label: t('credit.totalInterest'),
            value: eur(preview.totalInterest),
            testId: 'loan-preview-interest',
          },
          {
            key: 'total',
            label: t('credit.totalRepayable'),
            value: eur(preview.totalRepayable),
            isTotal: true,
            testId: 'loan-preview-total',
          },
        ]}
      />
      <h3>{t('credit.schedule')}</h3>
      <table className={styles.table} data-testid="loan-schedule">
        <thead>
          <tr>
            <th>{t('credit.scheduleDate')}</th>
            <th>{t('credit.schedulePrincipal')}</th>
            <th>{t('credit.scheduleInterest')}</th>
            <th>{t('credit.schedulePayment')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.schedule.map((line) => (
            <tr key={line.dueOn}>
              <td>{formatDay(line.dueOn)}</td>
              <td>{eur(line.principal)}</td>
              <td>{eur(line.interest)}</td>
              <td>{eur(line.payment)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>{t('credit.scheduleNote')}</p>
    </section>
  );
}
