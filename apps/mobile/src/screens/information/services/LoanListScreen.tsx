import { formatCash } from '@beurs/contract/decimal';
import { formatCurrency } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { checkAmount } from '../../../features/funds/amount-check';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { fetchLoanPreview, useBorrowMutation } from '../../../features/services/mutations';
import { useCreditScore, useLoans, type Loan, type LoanPreview } from '../../../features/services/queries';
import { pathOf } from '../../../routes/paths';
import { EmptyState } from '../../../shell/common';
import { Field, type FieldMessage } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import { formatDay } from './format';
import { LoanPreviewCard } from './LoanPreviewCard';
import styles from './services.module.css';

export const loanPath = (id: string) => `${pathOf('loan')}?id=${encodeURIComponent(id)}`;

function LoanItem({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const state = loan.isOverdue ? 'overdue' : loan.state;
  return (
    <Link className={styles.loanItem} to={loanPath(loan.id)} data-testid={`loan-${loan.id}`}>
      <span>
        {formatCurrency(loan.borrowed, 'EUR', language)}
        <br />
        <span className={styles.state}>
          {t(`credit.states.${state}`)} · {formatDay(loan.openedAt.slice(0, 10))}
        </span>
      </span>
      <span className={styles.points}>
        {t('credit.owedShort', { amount: formatCurrency(loan.owed, 'EUR', language) })}
      </span>
    </Link>
  );
}

/** The borrow form: an amount, its cost before confirming, then the loan. */
function BorrowForm({ available }: { available: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const borrow = useBorrowMutation();
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<FieldMessage | undefined>();
  const [preview, setPreview] = useState<LoanPreview | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [isPreviewing, setPreviewing] = useState(false);

  const askPreview = async (event: FormEvent) => {
    event.preventDefault();
    const { amount, error: problem } = checkAmount(amountText, {}, (value) =>
      formatCurrency(value, 'EUR', language),
    );
    setError(problem ?? undefined);
    if (amount === null) return;
    setPreviewing(true);
    try {
      setPreview(await fetchLoanPreview(formatCash(amount)));
      setIdempotencyKey(newIdempotencyKey());
    } catch {
      setPreview(null);
    } finally {
      setPreviewing(false);
    }
  };

  const confirm = () => {
    if (!preview) return;
    borrow.mutate(
      { amount: preview.amount, idempotencyKey },
      {
        onSuccess: (loan) => {
          showToast(t('credit.borrowed'), 2000);
          void navigate(loanPath(loan.id));
        },
      },
    );
  };

  return (
    <>
      <form className="form" noValidate onSubmit={(event) => void askPreview(event)}>
        <Field
          label={t('credit.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          error={error}
          data-testid="borrow-amount"
          onValueChange={(value) => {
            setAmountText(value);
            setPreview(null);
          }}
        />
        <p className="form-footer">
          {t('credit.availableToBorrow', { amount: formatCurrency(available, 'EUR', language) })}
        </p>
        <Button block size="large" type="submit" loading={isPreviewing} data-testid="borrow-preview">
          {t('credit.preview')}
        </Button>
      </form>
      {preview && (
        <>
          <LoanPreviewCard preview={preview} />
          <div className="actions">
            <Button
              block
              color="primary"
              size="large"
              loading={borrow.isPending}
              onClick={confirm}
              data-testid="borrow-confirm"
            >
              {t('credit.confirmBorrow', { amount: formatCurrency(preview.amount, 'EUR', language) })}
            </Button>
          </div>
        </>
      )}
    </>
  );
}

/** Credit line (/information/loanList): what may be borrowed, the borrow form or the open loan, every loan. */
export default function LoanListScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const score = useCreditScore();
  const loans = useLoans();
  const open = loans.data?.items.find((loan) => loan.state === 'open');
  return (
    <div data-testid="screen-loanList">
      {score.data && (
        <section className="card">
          <SummaryRows
            rows={[
              {
                key: 'score',
                label: t('credit.score'),
                value: String(score.data.score),
                testId: 'loans-score',
              },
              {
                key: 'limit',
                label: t('credit.limit'),
                value: score.data.tier ? formatCurrency(score.data.tier.limit, 'EUR', language) : '—',
              },
              {
                key: 'available',
                label: t('credit.available'),
                value: formatCurrency(score.data.available, 'EUR', language),
                isTotal: true,
              },
            ]}
          />
          <Link className={`text-link ${styles.cardLink}`} to={pathOf('creditScore')}>
            {t('credit.howScore')}
          </Link>
        </section>
      )}
      {open ? (
        <section className="card" data-testid="open-loan">
          <h2>{t('credit.openLoan')}</h2>
          <p className={styles.big}>{formatCurrency(open.owed, 'EUR', language)}</p>
          <p className={styles.note}>{t('credit.repayFirstNote')}</p>
          <Link className="text-link" to={loanPath(open.id)} data-testid="open-loan-link">
            {t('credit.toLoan')}
          </Link>
        </section>
      ) : (
        score.data && <BorrowForm available={score.data.available} />
      )}
      <p className={styles.pageNote}>{t('credit.neverWithdrawals')}</p>
      <section className="card" aria-labelledby="loans-title">
        <h2 id="loans-title">{t('credit.loans')}</h2>
        {loans.data && loans.data.items.length === 0 && <EmptyState message={t('credit.noLoans')} />}
        {loans.data?.items.map((loan) => (
          <LoanItem key={loan.id} loan={loan} />
        ))}
      </section>
    </div>
  );
}
